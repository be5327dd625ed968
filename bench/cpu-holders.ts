/**
 * `npm run bench:cpu` — who holds this machine's CPUs while a page's main thread waits for one
 * during Lighthouse's page load (docs/product.md §23, ADR 0027). Not a test: it reports numbers.
 *
 * 1. Builds stale bundles (`scripts/build-if-stale.mjs`) and starts the site like `npm start`
 *    (temp DATA_DIR with the demo data, free PORT, server rendering on), as bench:web does.
 * 2. For each run: records Linux's scheduler trace (`lib/cpu-holders.ts`; needs root and tracefs,
 *    mounted at /sys/kernel/tracing if it is not) around one Lighthouse page load (`lighthouse
 *    -G`, unthrottled as Lighthouse's simulated throttling gathers), then audits it with the CPU
 *    slowdown calibrated to the benchmarkIndex of a first, untraced load (as bench:web's
 *    calibrated rows are).
 * 3. Prints and writes `<out>/cpu-holders.md` and `.json` (default out: bench/results): per run,
 *    Lighthouse's TBT and how the page main thread's long tasks split into running / waiting for a
 *    CPU / blocked; over all runs, the share of the CPU time during those waits taken by each holder.
 *
 * Flags: --page /products (a path of the site, or `item` for the first product's page)
 * --runs 5 --out DIR
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CpuHolders,
  cpuHolders,
  ensureTracefs,
  parseSchedTrace,
  startSchedRecording,
  TRACEFS,
} from './lib/cpu-holders.ts';
import {
  auditArtifacts,
  calibratedCpuMultiplier,
  gatherArtifacts,
  LIGHTHOUSE_ATTEMPTS,
  lighthouseSettings,
} from './lib/lighthouse.ts';
import { fromCaller, gitInfo, loadAverage, machineInfo, packageVersion, ROOT } from './lib/machine.ts';
import type { TraceEvent } from './lib/main-thread-waits.ts';
import { getApiJson, onCleanup, runBenchmark } from './lib/processes.ts';
import { consoleTable, intFlag, markdownTable, writeResults } from './lib/report.ts';
import { startSite } from './lib/site.ts';
import { median } from './lib/stats.ts';

const USAGE =
  'Usage: npm run bench:cpu -- [--page /products|item] [--runs 5] [--out bench/results]   (needs root)';

const log = (message: string) => console.log(`[bench:cpu] ${message}`);

interface Run {
  benchmarkIndex: number;
  cpuSlowdownMultiplier: number;
  tbtMs: number;
  split: CpuHolders;
}

/** The first product's item page on the site (as bench:web finds it). @throws when there is none */
async function firstItemPath(site: string): Promise<string> {
  const answer = await getApiJson<{ data: { products: { _id: string }[] } }>(
    `${site}/api/v1/products?limit=1`,
  );
  const id = answer.data.products[0]?._id;
  if (!id) throw new Error('the site has no product for --page item');
  return `/products/${id}`;
}

/**
 * Runs `attempt` up to LIGHTHOUSE_ATTEMPTS times: Lighthouse fails now and then on this busy
 * machine (bench:web retries its runs the same way). @throws the last attempt's error
 */
async function withAttempts<T>(label: string, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= LIGHTHOUSE_ATTEMPTS) throw error;
      log(`${label}: attempt ${n}/${LIGHTHOUSE_ATTEMPTS} failed: ${String(error).split('\n')[0]}`);
    }
  }
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '—');

async function main(): Promise<void> {
  const { values: flags } = parseArgs({
    options: { page: { type: 'string' }, runs: { type: 'string' }, out: { type: 'string' } },
  });
  const runs = intFlag('runs', flags.runs, 5, 1);
  const out = fromCaller(flags.out ?? path.join(ROOT, 'bench/results'));
  const startedAt = Date.now();
  const loadBefore = loadAverage();

  const probe = ensureTracefs() ? startSchedRecording() : null;
  if (!probe) throw new Error(`cannot record the scheduler trace: run as root with tracefs at ${TRACEFS}`);
  probe.stop();

  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`build-if-stale failed (exit ${built.status})`);

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-cpu-'));
  onCleanup(async () => rmSync(tmp, { recursive: true, force: true }));
  const { started: server, origin: site } = await startSite({
    name: 'site (npm start)',
    dataDir: path.join(tmp, 'data'),
    logFile: path.join(tmp, 'site.log'),
    serverRendering: 'on',
    noBuild: true,
  });
  const page = flags.page === 'item' ? await firstItemPath(site) : (flags.page ?? '/products');
  const url = `${site}${page}`;
  log(`site on ${site} (pid ${server.pid}); ${runs} runs of ${page}`);
  // Warm the server's caches and the file cache, as the bench:web runs before it do.
  await fetch(url).then((response) => response.text());

  // The CPU slowdown of every run, calibrated to the benchmarkIndex of a first load (as bench:web
  // calibrates from its preset runs; Lighthouse audits a run only with the settings it gathered with).
  const benchmarkIndexOf = (dir: string) =>
    Math.round(
      (JSON.parse(readFileSync(path.join(dir, 'artifacts.json'), 'utf8')) as { BenchmarkIndex?: number })
        .BenchmarkIndex ?? Number.NaN,
    );
  const probeDir = path.join(tmp, 'probe');
  const probeIndex = await withAttempts('the first load', async () => {
    await gatherArtifacts(url, probeDir, lighthouseSettings(), path.join(tmp, 'lighthouse.log'));
    return benchmarkIndexOf(probeDir);
  });
  const cpuSlowdownMultiplier = calibratedCpuMultiplier(probeIndex);
  log(`benchmarkIndex ${probeIndex}: calibrated CPU slowdown ${cpuSlowdownMultiplier}×`);

  /** One traced load and its audit. @throws when Lighthouse fails */
  const tracedRun = async (dir: string): Promise<Run> => {
    const logFile = path.join(tmp, 'lighthouse.log');
    let lighthousePid: number | undefined;
    const recording = startSchedRecording();
    if (!recording) throw new Error('the scheduler trace could not be started');
    let schedText: string;
    try {
      await gatherArtifacts(url, dir, lighthouseSettings(cpuSlowdownMultiplier), logFile, (pid) => {
        lighthousePid = pid;
      });
    } finally {
      schedText = recording.stop();
    }
    const trace = JSON.parse(readFileSync(path.join(dir, 'defaultPass.trace.json'), 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    const report = await auditArtifacts(
      url,
      dir,
      lighthouseSettings(cpuSlowdownMultiplier),
      path.join(tmp, 'report.json'),
      logFile,
    );
    return {
      benchmarkIndex: benchmarkIndexOf(dir),
      cpuSlowdownMultiplier,
      tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? Number.NaN),
      split: cpuHolders(trace.traceEvents, parseSchedTrace(schedText), {
        serverPid: server.pid,
        lighthousePid,
      }),
    };
  };

  const results: Run[] = [];
  for (let run = 1; run <= runs; run++) {
    const dir = path.join(tmp, `run-${run}`);
    results.push(
      await withAttempts(`run ${run}`, async () => {
        try {
          return await tracedRun(dir);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
    );
    const { benchmarkIndex, tbtMs, split } = results[results.length - 1]!;
    log(
      `run ${run}: benchmarkIndex ${benchmarkIndex} → ${cpuSlowdownMultiplier}×, TBT ${tbtMs} ms; long tasks ${split.taskMs} ms: ` +
        `running ${split.runningMs}, waiting for a CPU ${split.waitingMs}, blocked ${split.blockedMs}`,
    );
  }
  await server.stop();

  const runHeaders = [
    'run',
    'benchmarkIndex',
    'CPU',
    'TBT ms',
    'long tasks ms',
    'running',
    'waiting for a CPU',
    'blocked',
  ];
  const runRows = results.map((r, i) => [
    i + 1,
    r.benchmarkIndex,
    `${r.cpuSlowdownMultiplier}×`,
    r.tbtMs,
    r.split.taskMs,
    percent(r.split.runningMs, r.split.taskMs),
    percent(r.split.waitingMs, r.split.taskMs),
    percent(r.split.blockedMs, r.split.taskMs),
  ]);
  const totals = new Map<string, number>();
  for (const r of results) {
    for (const [holder, ms] of Object.entries(r.split.holders))
      totals.set(holder, (totals.get(holder) ?? 0) + ms);
  }
  const allHeld = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
  // Holders under 1 % of the time are summed into one row.
  const sorted = [...totals.entries()].sort((a, b) => b[1] - a[1]);
  const minor = sorted.filter(([, ms]) => ms < allHeld / 100);
  const minorMs = minor.reduce((total, [, ms]) => total + ms, 0);
  const holderRows = [
    ...sorted
      .filter(([, ms]) => ms >= allHeld / 100)
      .map(([holder, ms]) => [holder, Math.round(ms), percent(ms, allHeld)]),
    ...(minor.length
      ? [[`${minor.length} others under 1 % each`, Math.round(minorMs), percent(minorMs, allHeld)]]
      : []),
  ];
  const holderHeaders = ['held the CPUs', 'ms (all runs, both CPUs)', 'share'];
  console.log(consoleTable(runHeaders, runRows));
  console.log(consoleTable(holderHeaders, holderRows));

  const machine = machineInfo();
  const git = gitInfo();
  const loadAfter = loadAverage();
  const sum = (pick: (r: Run) => number) => results.reduce((total, r) => total + pick(r), 0);
  const markdown = [
    '# Who holds the CPUs while the page waits',
    '',
    `${new Date(startedAt).toISOString()} · ${Math.round((Date.now() - startedAt) / 1000)} s · commit ${git.commit}` +
      `${git.changedFiles ? ` (+${git.changedFiles} uncommitted files)` : ''} · \`npm run bench:cpu -- --page ${flags.page ?? '/products'} --runs ${runs}\``,
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryMB} MB, ${machine.platform}; load average ` +
      `${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')} after. Lighthouse ${packageVersion('lighthouse')}, ` +
      "Debian Chromium (headless), the site's server and Lighthouse on the same cores.",
    '',
    `Page \`${page}\`, server-rendered. Each run records Linux's scheduler trace (sched_switch, sched_wakeup) around one ` +
      "Lighthouse page load and reads the page's renderer main thread in its tasks of 10 ms or more (the ones Lighthouse's " +
      "simulation multiplies): *running* on a CPU, *waiting for a CPU* (runnable), *blocked* (asleep). TBT is Lighthouse's at the CPU slowdown " +
      `calibrated to the benchmarkIndex of a first, untraced load (${probeIndex}): ${cpuSlowdownMultiplier}×; ` +
      "each run's own benchmarkIndex is beside it.",
    '',
    markdownTable(runHeaders, runRows),
    '',
    `Over all runs: long tasks ${Math.round(sum((r) => r.split.taskMs))} ms; running ${percent(
      sum((r) => r.split.runningMs),
      sum((r) => r.split.taskMs),
    )}, ` +
      `waiting for a CPU ${percent(
        sum((r) => r.split.waitingMs),
        sum((r) => r.split.taskMs),
      )}, ` +
      `blocked ${percent(
        sum((r) => r.split.blockedMs),
        sum((r) => r.split.taskMs),
      )}; median TBT ${median(results.map((r) => r.tbtMs))} ms.`,
    '',
    '## What ran on the CPUs while the page main thread waited for one',
    '',
    "CPU time summed over both CPUs during those waits. *Chromium: …* are the browser's own processes as its trace " +
      'names them; *idle* means a CPU was free (the thread had just been woken and not yet been put on it).',
    '',
    markdownTable(holderHeaders, holderRows),
    '',
  ].join('\n');
  const json = {
    benchmark: 'cpu-holders',
    date: new Date(startedAt).toISOString(),
    params: { page, runs },
    benchmarkIndex: probeIndex,
    calibratedCpuMultiplier: cpuSlowdownMultiplier,
    machine: { ...machine, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    git,
    runs: results,
    holders: Object.fromEntries(sorted.map(([holder, ms]) => [holder, Math.round(ms * 10) / 10])),
  };
  for (const file of writeResults(out, 'cpu-holders', markdown, json))
    log(`wrote ${path.relative(ROOT, file)}`);
}

await runBenchmark('bench:cpu', USAGE, main);
