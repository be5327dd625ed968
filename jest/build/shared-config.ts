/**
 * Test helper (run with `node --import tsx`, since jest cannot load @rspack/core's ES module
 * build): prints, as JSON `{ [package]: { browser, server } }`, the `shared` map of the
 * ModuleFederationPlugin in each configuration that the host's and remotes' rspack.config.ts
 * export for a production build (`server` null for a package with no Node build). Used by
 * scripts/shared-versions.test.ts.
 */
import path from 'node:path';
import type { Configuration } from '@rspack/core';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGES = ['host', 'mfe-catalog', 'mfe-auth', 'mfe-dashboard'];

/** The federation plugin's `shared` option of one configuration. */
function sharedOf(config: Configuration): unknown {
  const plugin = (config.plugins ?? []).find(
    (p) => p && (p as object).constructor.name === 'ModuleFederationPlugin',
  ) as { _options: { shared: unknown } } | undefined;
  return plugin?._options.shared ?? null;
}

const result: Record<string, { browser: unknown; server: unknown }> = {};
for (const pkg of PACKAGES) {
  const make = require(path.join(ROOT, pkg, 'rspack.config.ts')).default as (
    env: unknown,
    argv: { mode: string },
  ) => Configuration | Configuration[];
  // The browser build, then the Node build where the package has one (auth and dashboard do not).
  const [browser, server] = [make({}, { mode: 'production' })].flat();
  result[pkg] = { browser: browser ? sharedOf(browser) : null, server: server ? sharedOf(server) : null };
}
process.stdout.write(JSON.stringify(result));
