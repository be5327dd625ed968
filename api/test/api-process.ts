/**
 * The API as its own process, for the tests of what only a real process shows (several workers
 * sharing Redis, the flush at SIGTERM): `api/src/server.ts` started with `node --import tsx`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/test-machine.mjs';
import { REPO_ROOT } from '../src/config.ts';
import { CONFIG_ENV_NAMES } from '../src/config-env-names.ts';
import { capturedOutput } from './helper.ts';

/** The API's entry point. */
export const API_SERVER = path.join(REPO_ROOT, 'api/src/server.ts');

/** A started API: its origin, its process and output, and `stop` (SIGTERM; resolves to the exit code). */
export interface ApiProcess {
  origin: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

/**
 * Starts `api/src/server.ts` on a free port of 127.0.0.1 with `env` on top of a clean environment
 * (none of the shell's configuration variables) and of the tests' settings (NODE_ENV test, warn
 * logs, no static files, no demo data, a new DATA_DIR unless `env` names one), and waits until
 * `/api/v1/health/ready` answers 200. `stop()` sends SIGTERM, waits for the exit and deletes the
 * DATA_DIR it made.
 * @throws Error with the process's output when it exits at start or is not ready within 60 s
 */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'campus-soko-api-'));
  const clean = { ...process.env };
  for (const key of CONFIG_ENV_NAMES) delete clean[key];
  const child = spawn(process.execPath, ['--import', 'tsx', API_SERVER], {
    cwd: path.join(REPO_ROOT, 'api'),
    env: {
      ...clean,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SERVE_STATIC: '0',
      SEED_DEMO: '0',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capturedOutput(child);
  const origin = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited at start (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${origin}/api/v1/health/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API not ready within 60 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    child,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
      return code;
    },
  };
}
