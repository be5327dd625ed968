/**
 * @jest-environment node
 *
 * scripts/check-lock-drift.mjs (CI's install step): run for real in a throwaway git repository
 * holding a committed package-lock.json, then the working tree's lock changed the ways
 * `npm install` can change it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, 'check-lock-drift.mjs');

type Lock = { lockfileVersion: number; packages: Record<string, Record<string, unknown>> };

const committedLock: Lock = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'campus-soko' },
    'node_modules/react': { version: '19.3.1', integrity: 'sha512-react' },
    'node_modules/@biomejs/cli-linux-x64': { version: '2.6.8', integrity: 'sha512-biome', optional: true },
  },
};

let repo: string;

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-drift-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  fs.writeFileSync(path.join(repo, 'package-lock.json'), JSON.stringify(committedLock, null, 2));
  git('add', 'package-lock.json');
  git('-c', 'user.name=ci', '-c', 'user.email=ci@example.com', 'commit', '-q', '-m', 'lock');
});

afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

/** Writes `lock` as the working tree's lock and runs the check in the repository. */
function check(lock: Lock) {
  fs.writeFileSync(path.join(repo, 'package-lock.json'), JSON.stringify(lock, null, 2));
  return spawnSync(process.execPath, [SCRIPT], { cwd: repo, encoding: 'utf8' });
}

function withPackages(packages: Lock['packages']): Lock {
  return { ...committedLock, packages };
}

test('an unchanged lock is no drift', () => {
  const result = check(committedLock);
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('no drift (0 optional');
});

test("other platforms' optional binaries recorded by this install are no drift", () => {
  const result = check(
    withPackages({
      ...committedLock.packages,
      'node_modules/@biomejs/cli-darwin-arm64': { version: '2.6.8', optional: true },
      'node_modules/@emnapi/core': { version: '1.5.0', devOptional: true },
    }),
  );
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('no drift (2 optional');
});

test('a new package that is not optional is drift', () => {
  const result = check(
    withPackages({ ...committedLock.packages, 'node_modules/left-pad': { version: '1.3.0' } }),
  );
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('added (not optional): node_modules/left-pad 1.3.0');
});

test('a changed version, a changed integrity or a removed package is drift', () => {
  const { 'node_modules/@biomejs/cli-linux-x64': _removed, ...rest } = committedLock.packages;
  const result = check(
    withPackages({ ...rest, 'node_modules/react': { version: '19.3.2', integrity: 'sha512-other' } }),
  );
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('changed: node_modules/react 19.3.1 -> 19.3.2');
  expect(result.stderr).toContain('removed: node_modules/@biomejs/cli-linux-x64');

  const integrityOnly = check(
    withPackages({
      ...committedLock.packages,
      'node_modules/react': { version: '19.3.1', integrity: 'sha512-other' },
    }),
  );
  expect(integrityOnly.status).toBe(1);
  expect(integrityOnly.stderr).toContain('integrity changed: node_modules/react');
});
