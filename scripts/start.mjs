/**
 * `npm start`: the whole site from one command on a fresh clone (after `npm install`).
 *
 * 1. Builds the production bundles that are missing or stale (scripts/build-if-stale.mjs).
 * 2. Runs the API server in production mode; it migrates the database, seeds demo data into an
 *    empty embedded database (SEED_DEMO=0 turns that off), and serves the host at `/`, the
 *    remotes at `/remotes/<name>/`, `/remotes.json`, `/uploads` and the API on PORT (8080).
 *
 * SIGINT/SIGTERM are forwarded so the server finishes in-flight requests and closes the
 * database; the exit code is the server's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStaleFrontends } from './build-if-stale.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  buildStaleFrontends(ROOT);
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', SERVE_STATIC: '1', STATIC_ROOT: ROOT, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
