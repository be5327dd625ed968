/**
 * @jest-environment node
 *
 * Every package the lock installs supports the Node versions the project runs on (the root
 * package.json's `engines.node`, >= 20.19): no EBADENGINE warning on `npm install` with Node 20.
 * A dependency whose newest release needs a later Node is pinned to a compatible version through
 * `overrides` in package.json (light-my-request's cookie, @fastify/static's content-disposition).
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

type LockEntry = { version?: string; engines?: { node?: string } | string[]; optional?: boolean };

test('every locked package accepts the oldest Node the project supports', () => {
  const lowest = semver.minVersion(read('package.json').engines.node as string)?.version;
  expect(lowest).toBe('20.19.0');
  const packages = read('package-lock.json').packages as Record<string, LockEntry>;
  const refusing = Object.entries(packages)
    .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
    .filter(([, entry]) => {
      const range = (entry.engines as { node: string }).node;
      return !semver.satisfies(lowest as string, range, { includePrerelease: true });
    })
    .map(
      ([name, entry]) => `${name}@${entry.version} needs node ${(entry.engines as { node: string }).node}`,
    );
  expect(refusing).toEqual([]);
});
