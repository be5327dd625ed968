/**
 * Child processes of the benchmarks: free ports, start-and-wait-until-healthy, stop by PID, and
 * clean-up actions that also run on Ctrl+C (servers stopped, throwaway databases dropped).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { CONFIG_ENV_NAMES } from '../../api/src/config-env-names.ts';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export { freePort } from '../../scripts/test-machine.mjs';

/** Last `lines` lines of a log file ('(no log)' when unreadable). */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export interface StartOptions {
  /** Name used in messages. */
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** stdout and stderr go here. */
  logFile: string;
  /** Polled until it answers 2xx. */
  healthUrl: string;
  timeoutMs?: number;
}

export interface Started {
  name: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** SIGTERM to the PID, then SIGKILL after `graceMs`; resolves when it exited. */
  stop(graceMs?: number): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
let signalsHooked = false;

/** Registers an action for {@link runCleanups} (last registered runs first). */
export function onCleanup(action: () => Promise<void>): void {
  cleanups.push(action);
  if (signalsHooked) return;
  signalsHooked = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: cleaning up…`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
}

/** Runs every registered clean-up once (errors are logged, not thrown). */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const action = cleanups.pop()!;
    try {
      await action();
    } catch (error) {
      console.error(`[bench] clean-up failed: ${(error as Error).message}`);
    }
  }
}

/** Sends SIGTERM to the child (by PID) and waits for it to exit; SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a process with its output in `logFile` and waits until `healthUrl` answers 2xx.
 * @throws when it exits first or is not healthy within `timeoutMs` (the log's tail is in the message)
 */
export async function startProcess(options: StartOptions): Promise<Started> {
  const log = openSync(options.logFile, 'a');
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (!child.pid) throw new Error(`${options.name} did not start`);
  const started: Started = {
    name: options.name,
    child,
    pid: child.pid,
    logFile: options.logFile,
    stop: (graceMs) => stopChild(child, graceMs),
  };
  onCleanup(() => started.stop());
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${options.name} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail(options.logFile)}`,
      );
    }
    try {
      const response = await fetch(options.healthUrl);
      if (response.ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await started.stop();
  throw new Error(`${options.name}: ${options.healthUrl} not OK in time:\n${tail(options.logFile)}`);
}

/**
 * GETs an API answer from a server a benchmark started and returns the OK response. A freshly
 * started process on a busy machine may shed reads (503, docs/decisions/0030) or rate-limit them
 * (429): those are retried after their `Retry-After` (seconds, at most 5 s a wait) until `timeoutMs`
 * (default 60 000 ms) has passed. @throws on any other status, or when still refused at the
 * deadline, with the status and the body's start
 */
export async function getAdmitted(url: string, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url);
    if (response.ok) return response;
    const body = (await response.text()).slice(0, 200);
    const retryable = response.status === 503 || response.status === 429;
    if (!retryable || Date.now() >= deadline) {
      throw new Error(`GET ${url}: ${response.status} ${body}`);
    }
    const seconds = Number(response.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 5) * 1000));
  }
}

/** `getAdmitted`'s answer parsed as JSON, typed `T` by the caller. @throws as `getAdmitted` */
export async function getApiJson<T>(url: string, timeoutMs?: number): Promise<T> {
  return (await (await getAdmitted(url, timeoutMs)).json()) as T;
}

/**
 * The environment of an API server started for a benchmark like a plain production `npm start`,
 * whatever the caller's shell holds: every setting of the API's config removed (its one list of
 * names), then production, 127.0.0.1, warn-level logs, no static files, no demo data, plus `extra`
 * (e.g. JWT_SECRET, RATE_LIMIT_FACTOR).
 */
export function apiServerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_ENV_NAMES) delete env[key];
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SERVE_STATIC: '0',
    SEED_DEMO: '0',
    ...extra,
  };
}

/**
 * Runs a benchmark script's `main`: on failure prints `[name] failed: <stack>` and the usage and
 * sets exit code 1; the clean-ups ({@link runCleanups}: servers stopped by PID, temp folders and
 * throwaway databases removed) run either way.
 */
export async function runBenchmark(name: string, usage: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`[${name}] failed: ${(error as Error).stack ?? error}`);
    console.error(usage);
    process.exitCode = 1;
  } finally {
    await runCleanups();
  }
}
