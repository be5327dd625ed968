/**
 * `npm run bench:overload` (docs/decisions/0030): does the site keep answering its health checks
 * under a crowd of page views, and what do the pages cost meanwhile?
 *
 * Starts the site as `npm start` runs it (server rendering on, the demo data in a fresh DATA_DIR)
 * and, for each connection count (default 200, then 500), sends `GET /products` as a browser
 * does (`Accept: text/html`, brotli) with autocannon for `--duration` seconds, while a load
 * balancer's probe, in a worker thread of its own (the load generator's event loop does not delay
 * it), opens a fresh connection every 100 ms to `/api/v1/health/live` and `/api/v1/health/ready`
 * in turn. Reports per connection count: health probes answered (count, p99; target all, p99
 * ≤ 100 ms), pages answered and their p50 / p99, the share shed (served the client-rendered
 * shell, `X-Render-Fallback: overload`), errors and timeouts. Results: `overload.md` and
 * `overload.json` in `--out` (default bench/results).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { fromCaller, gitInfo, loadAverage, machineInfo, packageVersion, ROOT } from './lib/machine.ts';
import { onCleanup, runBenchmark } from './lib/processes.ts';
import {
  benchFlags,
  fixed,
  intFlag,
  markdownTable,
  type TargetResult,
  target,
  targetsTable,
  writeResults,
} from './lib/report.ts';
import { startSite } from './lib/site.ts';
import { percentile, round } from './lib/stats.ts';

const USAGE = `tsx bench/overload.ts [--connections 200,500] [--duration 60] [--warmup 5] [--server-rendering on|off] [--out DIR]`;
const PAGE = '/products';
const PROBE_EVERY_MS = 100;
const PROBE_TIMEOUT_MS = 10_000;
const HEALTH_P99_TARGET_MS = 100;

function parseFlags() {
  const values = benchFlags(
    {
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'server-rendering': { type: 'string', default: 'on' },
    },
    USAGE,
  );
  const connections = (values.connections ?? '200,500')
    .split(',')
    .map((value) => intFlag('connections', value.trim(), 0, 1));
  const serverRendering = values['server-rendering'];
  if (serverRendering !== 'on' && serverRendering !== 'off') {
    throw new Error(`--server-rendering must be on or off, got '${serverRendering}'`);
  }
  return {
    serverRendering: serverRendering as 'on' | 'off',
    connections,
    duration: intFlag('duration', values.duration, 60, 1),
    warmup: intFlag('warmup', values.warmup, 5, 0),
    out: fromCaller(values.out ?? path.join(ROOT, 'bench/results')),
  };
}

const began = Date.now();
const log = (message: string) =>
  console.log(`[bench:overload +${((Date.now() - began) / 1000).toFixed(0)}s] ${message}`);

/** One probe's outcome: latency to the whole answer (ms) or null when it failed or timed out. */
interface Probe {
  path: string;
  status: number | null;
  ms: number | null;
}

/** The probe, run in a worker thread (plain JavaScript: no loader needed). */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { origin, paths, everyMs, timeoutMs } = workerData;
const probes = [];
let pending = 0;
let stopping = false;
let turn = 0;
function probe() {
  const path = paths[turn++ % paths.length];
  const started = performance.now();
  pending += 1;
  let settled = false;
  const done = (status) => {
    if (settled) return;
    settled = true;
    pending -= 1;
    probes.push({ path, status, ms: status === null ? null : performance.now() - started });
    if (stopping && pending === 0) parentPort.postMessage(probes);
  };
  const request = http.get(origin + path, { agent: false, timeout: timeoutMs }, (response) => {
    response.resume();
    response.on('end', () => done(response.statusCode));
    response.on('error', () => done(null));
  });
  request.on('timeout', () => request.destroy(new Error('timeout')));
  request.on('error', () => done(null));
}
const timer = setInterval(probe, everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  stopping = true;
  if (pending === 0) parentPort.postMessage(probes);
});
`;

/** Starts the prober; `stop()` resolves with every probe once the last one has settled. */
function startProber(origin: string): { stop(): Promise<Probe[]> } {
  const worker = new Worker(PROBER, {
    eval: true,
    workerData: {
      origin,
      paths: ['/api/v1/health/live', '/api/v1/health/ready'],
      everyMs: PROBE_EVERY_MS,
      timeoutMs: PROBE_TIMEOUT_MS,
    },
  });
  const result = new Promise<Probe[]>((resolve, reject) => {
    worker.once('message', (probes: Probe[]) => resolve(probes));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const probes = await result;
      await worker.terminate();
      return probes;
    },
  };
}

interface LevelResult {
  connections: number;
  durationSeconds: number;
  pages: {
    answered: number;
    reqPerSec: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    /** Answered with the client-rendered shell (X-Render-Fallback: overload). */
    shed: number;
    shedShare: number;
    statusCodes: Record<string, number>;
    errors: number;
    timeouts: number;
  };
  health: {
    sent: number;
    answered: number;
    /** Answered 200 (ready may answer 503 by its own rules: a dependency down). */
    ok: number;
    p50Ms: number | null;
    p99Ms: number | null;
    maxMs: number | null;
    byPath: Record<string, { sent: number; answered: number; p99Ms: number | null }>;
  };
}

/** Loads `PAGE` with `connections` for `duration` s while probing health. */
async function runLevel(origin: string, connections: number, duration: number): Promise<LevelResult> {
  let shed = 0;
  const prober = startProber(origin);
  const result = await autocannon({
    url: `${origin}${PAGE}`,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        path: PAGE,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
        onResponse: (_status, _body, _context, headers) => {
          for (const [name, value] of Object.entries(headers)) {
            if (name.toLowerCase() === 'x-render-fallback' && value === 'overload') shed += 1;
          }
        },
      },
    ],
  });
  const probes = await prober.stop();
  const answered = probes.filter((probe) => probe.ms !== null);
  const times = answered.map((probe) => probe.ms as number);
  const byPath: LevelResult['health']['byPath'] = {};
  for (const probePath of new Set(probes.map((probe) => probe.path))) {
    const mine = probes.filter((probe) => probe.path === probePath);
    const mineTimes = mine.flatMap((probe) => (probe.ms === null ? [] : [probe.ms]));
    byPath[probePath] = {
      sent: mine.length,
      answered: mineTimes.length,
      p99Ms: mineTimes.length ? round(percentile(mineTimes, 99), 1) : null,
    };
  }
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
  );
  const pagesAnswered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    connections,
    durationSeconds: duration,
    pages: {
      answered: pagesAnswered,
      reqPerSec: round(result.requests.average, 1),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      shed,
      shedShare: pagesAnswered ? round(shed / pagesAnswered, 3) : 0,
      statusCodes,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    health: {
      sent: probes.length,
      answered: answered.length,
      ok: probes.filter((probe) => probe.status === 200).length,
      p50Ms: times.length ? round(percentile(times, 50), 1) : null,
      p99Ms: times.length ? round(percentile(times, 99), 1) : null,
      maxMs: times.length ? round(Math.max(...times), 1) : null,
      byPath,
    },
  };
}

async function main(): Promise<void> {
  const flags = parseFlags();
  const loadBefore = loadAverage();
  const machine = machineInfo();
  log(
    `${PAGE} with ${flags.connections.join(' and ')} connections, ${flags.duration} s each; ` +
      `${machine.cores} cores, load average ${loadBefore.join(' ')}`,
  );
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-overload-'));
  onCleanup(async () => rmSync(tmp, { recursive: true, force: true }));
  const { started, origin } = await startSite({
    name: 'site (npm start)',
    dataDir: path.join(tmp, 'data'),
    logFile: path.join(tmp, 'site.log'),
    serverRendering: flags.serverRendering,
  });
  log(`site on ${origin} (pid ${started.pid})`);
  if (flags.warmup > 0) {
    await autocannon({
      url: `${origin}${PAGE}`,
      connections: 4,
      duration: flags.warmup,
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
  }
  const levels: LevelResult[] = [];
  for (const connections of flags.connections) {
    log(`${connections} connections…`);
    const level = await runLevel(origin, connections, flags.duration);
    levels.push(level);
    log(
      `${connections} connections: pages ${level.pages.answered} (p99 ${level.pages.p99Ms} ms, shed ` +
        `${(level.pages.shedShare * 100).toFixed(1)} %), health ${level.health.answered}/${level.health.sent} ` +
        `(p99 ${fixed(level.health.p99Ms)} ms)`,
    );
    // Let the site settle before the next level.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  await started.stop();
  const loadAfter = loadAverage();

  const targets: TargetResult[] = levels.flatMap((level) => [
    target(
      `${level.connections} connections: health probes answered`,
      'all',
      level.health.sent ? level.health.answered / level.health.sent : null,
      (share) => share === 1,
      (share) => `${(share * 100).toFixed(1)} % (${level.health.answered} of ${level.health.sent})`,
    ),
    target(
      `${level.connections} connections: health p99`,
      `≤ ${HEALTH_P99_TARGET_MS} ms`,
      level.health.p99Ms,
      (ms) => ms <= HEALTH_P99_TARGET_MS,
      (ms) => `${fixed(ms)} ms`,
    ),
  ]);
  const json = {
    benchmark: 'overload',
    date: new Date().toISOString(),
    git: gitInfo(),
    machine: { ...machine, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    versions: { autocannon: packageVersion('autocannon'), node: process.version },
    params: {
      page: PAGE,
      connections: flags.connections,
      durationSeconds: flags.duration,
      probeEveryMs: PROBE_EVERY_MS,
    },
    levels,
    targets,
    tookSeconds: Math.round((Date.now() - began) / 1000),
  };
  const md = [
    '# Overload benchmark',
    '',
    `${json.date}, commit ${json.git.commit}${json.git.changedFiles ? ` (+${json.git.changedFiles} changed files)` : ''}; ${machine.cores} cores; load average ` +
      `${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after. \`GET ${PAGE}\` as a browser asks for it ` +
      `(server rendering ${flags.serverRendering}, demo data), ${flags.duration} s per connection count; a probe opens a fresh connection ` +
      `every ${PROBE_EVERY_MS} ms to \`/api/v1/health/live\` and \`/health/ready\` in turn (worker thread). The load ` +
      'generator, the probe and the site share the machine.',
    '',
    markdownTable(
      [
        'connections',
        'pages answered',
        'pages/s',
        'pages p50 ms',
        'pages p99 ms',
        'shed (client shell)',
        'errors / timeouts',
        'health answered',
        'health p50 ms',
        'health p99 ms',
        'health max ms',
      ],
      levels.map((level) => [
        level.connections,
        level.pages.answered,
        level.pages.reqPerSec,
        level.pages.p50Ms,
        level.pages.p99Ms,
        `${(level.pages.shedShare * 100).toFixed(1)} %`,
        `${level.pages.errors} / ${level.pages.timeouts}`,
        `${level.health.answered} of ${level.health.sent} (${level.health.ok} × 200)`,
        fixed(level.health.p50Ms),
        fixed(level.health.p99Ms),
        fixed(level.health.maxMs),
      ]),
    ),
    '',
    '## Targets',
    '',
    targetsTable(targets),
    '',
  ].join('\n');
  const written = writeResults(flags.out, 'overload', md, json);
  log(`wrote ${written.join(', ')} in ${json.tookSeconds} s`);
}

await runBenchmark('bench:overload', USAGE, main);
