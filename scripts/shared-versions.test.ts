/**
 * @jest-environment node
 *
 * rspack.base.ts `sharedModules` `checkVersions` (ADR 0026): the browser builds of the host and
 * the remotes share their singletons without `requiredVersion` ranges (no semver work on the
 * phone's main thread at start-up), while the Node builds the server renders with keep the
 * ranges (the server's federation runtime still warns about a remote built against another
 * major). Read from each package's real rspack configuration (jest/build/shared-config.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
type Shared = Record<string, { singleton?: boolean; requiredVersion?: string | false }>;

const configs = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'jest/build/shared-config.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
) as Record<string, { browser: Shared; server: Shared | null }>;

const versionOf = (pkg: string) => require(`${pkg}/package.json`).version as string;

describe.each(['host', 'mfe-catalog', 'mfe-auth', 'mfe-dashboard'])('%s', (pkg) => {
  it('browser build: React is a singleton and no singleton carries a version range', () => {
    const browser = configs[pkg]?.browser ?? {};
    expect(browser.react).toMatchObject({ singleton: true, requiredVersion: false });
    const ranged = Object.entries(browser)
      .filter(([, config]) => config.singleton && config.requiredVersion !== false)
      .map(([name]) => name);
    expect(ranged).toEqual([]);
  });
});

describe.each(['host', 'mfe-catalog'])('%s Node build', (pkg) => {
  it('keeps the ^ranges of React, react-dom and emotion', () => {
    const server = configs[pkg]?.server ?? {};
    expect(server.react).toMatchObject({ singleton: true, requiredVersion: `^${versionOf('react')}` });
    expect(server['react-dom']?.requiredVersion).toBe(`^${versionOf('react-dom')}`);
    expect(server['@emotion/react']?.requiredVersion).toBe(`^${versionOf('@emotion/react')}`);
  });
});
