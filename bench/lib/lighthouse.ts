/**
 * One Lighthouse run (the `lighthouse` 12.8.2 CLI in a child process: its default mobile preset
 * with simulated throttling, performance category only) in Debian's Chromium — CHROME_PATH is
 * chrome-launcher's `chromePath` — with the same headless flags as the page loads.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Runs Lighthouse on `url` and returns the numbers, trying again (up to 3 attempts in all) when an
 * attempt fails; the log file keeps every attempt's output.
 * @param outFile where the JSON report is written (removed afterwards)
 * @param cpuSlowdownMultiplier simulated CPU slowdown (default: the preset's 4×)
 * @throws the last attempt's error when every attempt fails
 */
export async function runLighthouse(
  url: string,
  outFile: string,
  logFile: string,
  cpuSlowdownMultiplier?: number,
): Promise<LighthouseRun> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    try {
      return await runLighthouseOnce(url, outFile, logFile, cpuSlowdownMultiplier);
    } catch (error) {
      lastError = error;
      console.warn(
        `[lighthouse] attempt ${attempt}/${LIGHTHOUSE_ATTEMPTS} failed for ${url}: ${String(error).split('\n')[0]}`,
      );
    }
  }
  throw lastError;
}

/** One Lighthouse run. @throws when the CLI fails or the report has a runtime error */
async function runLighthouseOnce(
  url: string,
  outFile: string,
  logFile: string,
  cpuSlowdownMultiplier?: number,
): Promise<LighthouseRun> {
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance',
    '--quiet',
    '--max-wait-for-load=60000',
    `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
    ...(cpuSlowdownMultiplier === undefined
      ? []
      : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdownMultiplier}`]),
  ];
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`lighthouse exited ${code} for ${url}:\n${tail(logFile, 20)}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
  rmSync(outFile, { force: true });
  if (report.runtimeError)
    throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
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
