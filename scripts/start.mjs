/**
 * `npm start`: the whole site from one command on a fresh clone (after `npm install`).
 *
 * 1. Builds the production bundles that are missing or stale (scripts/build-if-stale.mjs);
 *    `npm start -- --no-build` skips this step and serves whatever is built (the site answers
 *    503 while a bundle is missing; the API works).
 * 2. Compiles the API (api/build.mjs → api/dist/server.js) when it is missing or stale, by the
 *    same rule, even with `--no-build`: the server cannot run without it (about 0.5 s).
 * 3. Runs the compiled API server (api/dist/server.js: plain JavaScript, no tsx) IN THIS PROCESS,
 *    in production mode; it migrates the database, seeds demo data into an empty embedded
 *    database (SEED_DEMO=0 turns that off), and serves the host at `/`, the remotes at
 *    `/remotes/<name>/`, `/remotes.json`, `/uploads` and the API on PORT (8080). With
 *    WEB_CONCURRENCY=N its workers run this file again (node:cluster), find everything built and
 *    import the same server.
 *
 * Stopping (ADR 0012): the package script is `exec node …`, so npm's shell is replaced by
 * this process and the process tree is just npm → node. SIGTERM or SIGINT (to npm, which forwards
 * it, or to this process) stops the server gracefully: no new connections, in-flight requests
 * finish, the database closes and the PGlite folder lock is released, within 10 s (then the
 * process exits with 1). No grandchild is left holding the port or the lock.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildStaleApi, buildStaleFrontends } from './build-if-stale.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });

try {
  if (!values['no-build']) buildStaleFrontends(ROOT);
  await buildStaleApi(ROOT);
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// Production defaults; anything set in the environment wins.
process.env.NODE_ENV ??= 'production';
process.env.SERVE_STATIC ??= '1';
process.env.STATIC_ROOT ??= ROOT;
process.chdir(ROOT);

// The compiled server, in this process.
await import(pathToFileURL(path.join(ROOT, 'api/dist/server.js')).href);
