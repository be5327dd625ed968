/**
 * Production build of the API (docs/product.md §22.7): `npm run build -w api` compiles `src/server.ts`
 * and everything it imports into `api/dist/server.js` (ES module, Node 20, with a source map), so
 * production runs plain JavaScript: no tsx, no TypeScript compiler at run time.
 *
 * esbuild bundles our own code (api/src and the `@campus/shared` workspace, whose package
 * exports point at TypeScript that Node 20 cannot load) and leaves every npm package external,
 * imported from node_modules at run time as before. `tsc` alone cannot do this: it keeps the
 * `@campus/shared/...` imports, which would still resolve to `.ts` files.
 *
 * Files of `src/` that are not TypeScript (data the server reads through
 * `new URL('./name', import.meta.url)`, e.g. `universities/universities.json`) are copied next to
 * `dist/server.js`, where `import.meta.url` now points; two with the same name fail the build.
 *
 * The output is written to a temporary folder inside `dist/` and renamed into place file by file,
 * then `dist/.build-stamp` is written: a server starting meanwhile never reads a half-written file.
 *
 * Exports `apiIsStale()` (the stamp is missing or older than an input: `api/src`,
 * `api/package.json`, this file, `shared/src`, `shared/package.json`, `package-lock.json`,
 * `host/src/remotes/remote-pages.ts`) and
 * `buildApi()`. Run directly: builds (`--if-stale`: only when stale) and exits 1 on failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.dirname(fileURLToPath(import.meta.url));
/** The compiled server, relative to the repository root. */
export const API_SERVER = 'api/dist/server.js';
/** File written into `api/dist/` after a successful build; its time is the build's. */
export const API_BUILD_STAMP = '.build-stamp';
const INPUTS = [
  'api/src',
  'api/package.json',
  'api/build.mjs',
  'shared/src',
  'shared/package.json',
  'package-lock.json',
  // The release gate's list of modules the host loads from each remote (ADR 0029).
  'host/src/remotes/remote-pages.ts',
];

/**
 * Newest modification time (ms) of a file or of any file below a folder (skipping node_modules and
 * dist); 0 when missing. Also used by scripts/build-if-stale.mjs for the front-end bundles.
 */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Whether `api/dist` is missing or older than any of its inputs (the repository at `root`). */
export function apiIsStale(root = path.dirname(API_DIR)) {
  const stamp = newestMtime(path.join(root, 'api', 'dist', API_BUILD_STAMP));
  if (!stamp) return true;
  return Math.max(...INPUTS.map((input) => newestMtime(path.join(root, input)))) > stamp;
}

/** Every non-TypeScript file below `dir` (relative paths). */
function assetsBelow(dir, prefix = '') {
  const found = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...assetsBelow(dir, relative));
    else if (!/\.(ts|mts|cts)$/.test(entry.name)) found.push(relative);
  }
  return found;
}

/**
 * Compiles the API into `api/dist` (module comment). esbuild is loaded only here, so a server
 * whose build is up to date starts without it.
 * @param root the repository root
 * @returns the build's duration in ms
 * @throws Error when esbuild reports an error or two assets share a name
 */
export async function buildApi(root = path.dirname(API_DIR)) {
  const started = performance.now();
  const { build } = await import('esbuild');
  const apiDir = path.join(root, 'api');
  const dist = path.join(apiDir, 'dist');
  const tmp = path.join(dist, `.tmp-${process.pid}-${Date.now()}`);
  fs.mkdirSync(tmp, { recursive: true });
  try {
    await build({
      absWorkingDir: apiDir,
      entryPoints: { server: 'src/server.ts' },
      outdir: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
      plugins: [
        {
          name: 'npm-packages-external',
          setup(esbuild) {
            // Bare imports (`fastify`, `node:fs`, `@aws-sdk/client-s3`) stay imports; the
            // `@campus/*` workspaces are our TypeScript and are bundled.
            esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@campus/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const seen = new Map();
    for (const asset of assetsBelow(path.join(apiDir, 'src'))) {
      const name = path.basename(asset);
      if (seen.has(name)) throw new Error(`Two assets named ${name}: src/${seen.get(name)} and src/${asset}`);
      seen.set(name, asset);
      fs.copyFileSync(path.join(apiDir, 'src', asset), path.join(tmp, name));
    }
    for (const file of fs.readdirSync(tmp)) fs.renameSync(path.join(tmp, file), path.join(dist, file));
    fs.writeFileSync(path.join(dist, API_BUILD_STAMP), new Date().toISOString());
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return Math.round(performance.now() - started);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    if (process.argv.includes('--if-stale') && !apiIsStale()) {
      console.log('[build] api/dist is up to date');
    } else {
      const ms = await buildApi();
      console.log(`[build] api/dist/server.js built in ${ms} ms`);
    }
  } catch (error) {
    console.error(`[build] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
