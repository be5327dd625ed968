/**
 * Builds the production bundles whose inputs changed since their last build (`npm start` step 1).
 *
 * A package is stale when its `dist/.build-stamp` is missing or older than any of its inputs:
 * its own `src/`, `rspack.config.ts` and `package.json`, plus the common `rspack.base.ts`,
 * `shared/src/` and `package-lock.json`. Stale packages are built one after the other (remotes
 * first, host last) with `rspack build --mode production`.
 *
 * The API's compiled server (`api/dist/server.js`, api/build.mjs) follows the same rule with its
 * own inputs (`api/src`, `shared/src`, the package files): `buildStaleApi()`.
 *
 * Exports `staleFrontends()`, `buildStaleFrontends()` and `buildStaleApi()`; run directly it
 * builds whatever is stale (front ends, then the API) and exits non-zero when a build fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiIsStale, buildApi, newestMtime } from '../api/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Front-end packages in build order. */
export const FRONTENDS = ['mfe-catalog', 'mfe-auth', 'mfe-dashboard', 'host'];
const COMMON_INPUTS = ['rspack.base.ts', 'shared/src', 'shared/package.json', 'package-lock.json'];
/** File written into `dist/` after a successful build; its time is the build's. */
export const BUILD_STAMP = '.build-stamp';

/** Names of the front-end packages whose bundle is missing or older than its inputs. */
export function staleFrontends(root = ROOT) {
  const commonNewest = Math.max(...COMMON_INPUTS.map((input) => newestMtime(path.join(root, input))));
  return FRONTENDS.filter((pkg) => {
    const stamp = newestMtime(path.join(root, pkg, 'dist', BUILD_STAMP));
    if (!stamp) return true;
    const inputs = ['src', 'public', 'rspack.config.ts', 'package.json'].map((p) =>
      newestMtime(path.join(root, pkg, p)),
    );
    return Math.max(commonNewest, ...inputs) > stamp;
  });
}

/** Builds every stale front end; throws when a build fails. Returns the names built. */
export function buildStaleFrontends(root = ROOT) {
  const stale = staleFrontends(root);
  for (const pkg of stale) {
    console.log(`[start] building ${pkg} (production)…`);
    const result = spawnSync('npx', ['rspack', 'build', '--mode', 'production'], {
      cwd: path.join(root, pkg),
      stdio: 'inherit',
      env: process.env,
    });
    if (result.status !== 0) throw new Error(`Build of ${pkg} failed (exit ${result.status})`);
    fs.writeFileSync(path.join(root, pkg, 'dist', BUILD_STAMP), new Date().toISOString());
  }
  if (stale.length === 0) console.log('[start] front-end bundles are up to date');
  return stale;
}

/**
 * Compiles the API (api/build.mjs) when `api/dist` is missing or older than its inputs.
 * @returns whether it built
 * @throws Error when the build fails
 */
export async function buildStaleApi(root = ROOT) {
  if (!apiIsStale(root)) {
    console.log('[start] api/dist is up to date');
    return false;
  }
  console.log('[start] building api (production)…');
  const ms = await buildApi(root);
  console.log(`[start] api/dist/server.js built in ${ms} ms`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    buildStaleFrontends();
    await buildStaleApi();
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}
