/**
 * Process-level test of ADR 0012: `npm start` stops gracefully on SIGTERM / SIGINT.
 *
 * Spawns the documented command (`npm start -- --no-build`, so no front-end build runs; the site
 * answers 503 without bundles, the API works) with a temporary DATA_DIR (embedded PGlite),
 * SEED_DEMO=0 and a free port, waits for /api/v1/health, signals the npm process, and checks that
 * within 10 s npm has exited, no process of its tree is left, the port is free and the PGlite
 * folder lock (`<DATA_DIR>/db.lock`) is gone.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { freePort } from '../../scripts/test-machine.mjs';
import { REPO_ROOT } from '../src/config.ts';
import { CONFIG_ENV_NAMES } from '../src/config-env-names.ts';

/** The bound for a graceful stop, in ms. */
const STOP_WITHIN_MS = 10_000;

/** Every descendant pid of `root` (from `ps`), children first. */
function descendants(root: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of rows) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves true when something accepts a connection on 127.0.0.1:`port`. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`npm start did not answer /api/v1/health within 90 s:\n${output()}`);
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('npm start shutdown (§14)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal} to npm start frees the port and the PGlite lock within 10 s, leaving no process`, async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-stop-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const key of CONFIG_ENV_NAMES) delete env[key];
      Object.assign(env, {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
      });
      let output = '';
      const npm = spawn('npm', ['start', '--', '--no-build'], { cwd: REPO_ROOT, env, stdio: 'pipe' });
      npm.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      npm.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const tree: number[] = [];
      cleanups.push(() => {
        for (const pid of [...tree, npm.pid ?? 0]) if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
      });

      await waitForHealth(`http://127.0.0.1:${port}`, npm, () => output);
      tree.push(...descendants(npm.pid!));
      assert.ok(tree.length >= 1, 'npm start runs the server in a child process');
      assert.ok(existsSync(path.join(dataDir, 'db.lock')), 'the running server holds the PGlite lock');

      const sentAt = Date.now();
      npm.kill(signal);
      const result = await Promise.race([
        exited(npm),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_WITHIN_MS)),
      ]);
      assert.notEqual(result, 'timeout', `npm start still running ${STOP_WITHIN_MS} ms after ${signal}`);
      // npm may take a moment after its child to exit; the tree and the port are what matter.
      while (Date.now() - sentAt < STOP_WITHIN_MS && tree.some(isAlive)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const stoppedMs = Date.now() - sentAt;
      console.log(
        `[npm start] ${signal}: stopped in ${stoppedMs} ms (tree ${[npm.pid, ...tree].join(' → ')})`,
      );
      assert.deepEqual(tree.filter(isAlive), [], `processes left after ${signal}:\n${output}`);
      assert.equal(await portInUse(port), false, 'the port is free');
      assert.equal(existsSync(path.join(dataDir, 'db.lock')), false, 'the PGlite folder lock is released');
      assert.match(output, /shutting down/, 'the server logged a graceful shutdown');
    });
  }
});
