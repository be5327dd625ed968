/**
 * One Lighthouse run (the `lighthouse` 12.8.2 CLI in a child process: its default mobile preset
 * with simulated throttling, performance category only) in Debian's Chromium — CHROME_PATH is
 * chrome-launcher's `chromePath` — with the same headless flags as the page loads.
 *
 * The run gathers into a folder (`-G`) and audits from it (`-A`), which is what one plain run does
 * in one step. With `withoutWaits`, it then audits a second time from a copy whose trace has the
 * renderer main thread's waits for a CPU taken out (`main-thread-waits.ts`): Lighthouse's own
 * simulation of the page's work alone, reported beside its number (docs/product.md §23).
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { mainThreadWaits, type TraceEvent, withoutWaits } from './main-thread-waits.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './network.ts';
import { tail } from './processes.ts';

export interface LighthouseRun {
  /** 0-100 */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalByteWeight: number;
  /** The LCP element (selector and HTML snippet), when Lighthouse names it. */
  lcpElement: string | null;
  /** Elements that shifted the layout most (selector and score), largest first. */
  layoutShifts: string[];
  /** Set when Lighthouse reported a problem with the run (the numbers may be unreliable). */
  warning: string | null;
  /** Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`). */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated (4 = the mobile preset). */
  cpuSlowdownMultiplier: number;
  /**
   * Share of wall time the page's renderer main thread spent on a CPU during its tasks of 10 ms or
   * more (0-1); null unless asked for (`withoutWaits`).
   */
  mainThreadOnCpu: number | null;
  /** Lighthouse's TBT of the same run with those waits taken out of the trace (ms); null unless asked for. */
  tbtWithoutWaitsMs: number | null;
}

/**
 * The CPU slowdown that makes this machine behave like Lighthouse's reference phone, from its
 * `benchmarkIndex` (Lighthouse's throttling guidance, "Calibrating multipliers", as its CPU
 * throttling calculator computes it: 1300 = 3×, each further 233 adds 1×; 800 = 2×, each
 * further 500 adds 1× below 1300; under 800 the machine is too slow to simulate, 1×).
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex)) return 4;
  if (benchmarkIndex >= 1300) return Math.round((3 + (benchmarkIndex - 1300) / 233) * 100) / 100;
  if (benchmarkIndex >= 800) return Math.round((2 + (benchmarkIndex - 800) / 500) * 100) / 100;
  return 1;
}

interface LighthouseReport {
  lighthouseVersion: string;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: AuditItem[] } }>;
}

interface AuditNode {
  selector?: string;
  snippet?: string;
}
interface AuditItem {
  node?: AuditNode;
  score?: number;
  items?: { node?: AuditNode }[];
}

const describe = (node: AuditNode | undefined) =>
  node ? `${node.selector ?? '?'} ${(node.snippet ?? '').slice(0, 120)}`.trim() : null;

const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

/** Attempts per Lighthouse run: its trace recording sometimes fails (NO_NAVSTART, "Please run Lighthouse again"). */
export const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Runs Lighthouse on `url` and returns the numbers, trying again (up to 3 attempts in all) when an
 * attempt fails; the log file keeps every attempt's output.
 * @param outFile where the JSON report is written (removed afterwards)
 * @param cpuSlowdownMultiplier simulated CPU slowdown (default: the preset's 4×)
 * @param options.withoutWaits also measure the main thread's waits and the TBT without them
 * @throws the last attempt's error when every attempt fails
 */
export async function runLighthouse(
  url: string,
  outFile: string,
  logFile: string,
  cpuSlowdownMultiplier?: number,
  options: { withoutWaits?: boolean } = {},
): Promise<LighthouseRun> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    try {
      return await runLighthouseOnce(
        url,
        outFile,
        logFile,
        cpuSlowdownMultiplier,
        options.withoutWaits ?? false,
      );
    } catch (error) {
      lastError = error;
      console.warn(
        `[lighthouse] attempt ${attempt}/${LIGHTHOUSE_ATTEMPTS} failed for ${url}: ${String(error).split('\n')[0]}`,
      );
    }
  }
  throw lastError;
}

/**
 * Runs the Lighthouse CLI with `args` (the URL first), appending its output to `logFile`;
 * `onSpawn` gets the CLI's process ID as soon as it starts.
 * @throws when it exits non-zero
 */
async function lighthouseCli(
  args: string[],
  logFile: string,
  onSpawn?: (pid: number) => void,
): Promise<void> {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (child.pid) onSpawn?.(child.pid);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`lighthouse exited ${code} for ${args[0]}:\n${tail(logFile, 20)}`);
}

/**
 * The CLI settings of every run: performance only, quiet, up to 60 s for the load, and the CPU
 * slowdown to simulate (the preset's 4× when undefined).
 */
export function lighthouseSettings(cpuSlowdownMultiplier?: number): string[] {
  return [
    '--only-categories=performance',
    '--quiet',
    '--max-wait-for-load=60000',
    ...(cpuSlowdownMultiplier === undefined
      ? []
      : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdownMultiplier}`]),
  ];
}

/**
 * Loads `url` once in Chromium and saves Lighthouse's artifacts (trace, DevTools log, …) in `dir`
 * (`lighthouse -G`): the page load of a run, without its audit.
 * @param onSpawn gets the Lighthouse process's ID while it runs
 * @throws when the CLI fails
 */
export async function gatherArtifacts(
  url: string,
  dir: string,
  settings: string[],
  logFile: string,
  onSpawn?: (pid: number) => void,
): Promise<void> {
  await lighthouseCli(
    [url, `-G=${dir}`, `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`, ...settings],
    logFile,
    onSpawn,
  );
}

/** Audits the artifacts in `dir` (`-A`) and returns the parsed report. @throws on a runtime error */
export async function auditArtifacts(
  url: string,
  dir: string,
  settings: string[],
  outFile: string,
  logFile: string,
): Promise<LighthouseReport> {
  await lighthouseCli([url, `-A=${dir}`, '--output=json', `--output-path=${outFile}`, ...settings], logFile);
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
  rmSync(outFile, { force: true });
  if (report.runtimeError)
    throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return report;
}

/** One Lighthouse run. @throws when the CLI fails or the report has a runtime error */
async function runLighthouseOnce(
  url: string,
  outFile: string,
  logFile: string,
  cpuSlowdownMultiplier: number | undefined,
  measureWaits: boolean,
): Promise<LighthouseRun> {
  const settings = lighthouseSettings(cpuSlowdownMultiplier);
  const work = mkdtempSync(path.join(os.tmpdir(), 'campus-lighthouse-'));
  try {
    const artifacts = path.join(work, 'artifacts');
    await gatherArtifacts(url, artifacts, settings, logFile);
    const report = await auditArtifacts(url, artifacts, settings, outFile, logFile);
    let mainThreadOnCpu: number | null = null;
    let tbtWithoutWaitsMs: number | null = null;
    if (measureWaits) {
      const tracePath = path.join(artifacts, 'defaultPass.trace.json');
      const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
      mainThreadOnCpu = mainThreadWaits(trace.traceEvents).onCpuShare;
      const copy = path.join(work, 'without-waits');
      cpSync(artifacts, copy, { recursive: true });
      writeFileSync(
        path.join(copy, 'defaultPass.trace.json'),
        JSON.stringify({ ...trace, traceEvents: withoutWaits(trace.traceEvents) }),
      );
      const again = await auditArtifacts(url, copy, settings, outFile, logFile);
      tbtWithoutWaitsMs = Math.round(again.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    }
    return { ...fromReport(report), mainThreadOnCpu, tbtWithoutWaitsMs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The numbers of one report. */
function fromReport(report: LighthouseReport): Omit<LighthouseRun, 'mainThreadOnCpu' | 'tbtWithoutWaitsMs'> {
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(audit('speed-index')),
    totalByteWeight: Math.round(audit('total-byte-weight')),
    lcpElement: describe(
      report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node,
    ),
    layoutShifts: (report.audits['layout-shifts']?.details?.items ?? [])
      .slice(0, 3)
      .map((item) => `${describe(item.node) ?? '(unknown)'} (${(item.score ?? 0).toFixed(3)})`),
    warning: report.runWarnings?.length ? report.runWarnings.join(' | ') : null,
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? Number.NaN),
    cpuSlowdownMultiplier: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? Number.NaN,
  };
}
