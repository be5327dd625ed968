/**
 * Smoke test of the benchmarks (`npm run test:bench`, part of `npm test`): runs `bench:api` and
 * `bench:web` with tiny sizes (in parallel, results into a temp folder, never over
 * bench/results), then `bench:cpu` with one run where it can record (root, tracefs), then `bench:overload` with one
 * 2-second level of 20 connections, and checks that their results files have the expected fields, so the tools
 * cannot rot. The numbers themselves are not checked: benchmarks report, they do not assert.
 * (That the single bundle imports exactly the pages the remotes expose is checked by
 * bench/single-bundle/registry.test.ts, under jest.)
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ensureTracefs } from './lib/cpu-holders.ts';
import { ROOT } from './lib/machine.ts';

const out = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-smoke-'));
after(() => rmSync(out, { recursive: true, force: true }));

/** Runs a benchmark script; resolves with its exit code and the tail of its output. */
function run(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// Both start at once (the site's demo seed dominates bench:web; the API seeds meanwhile).
const apiRun = run('bench/api.ts', [
  ...['--products', '200', '--services', '50', '--shops', '10'],
  ...[
    '--duration',
    '1',
    '--connections',
    '2',
    '--warmup',
    '0',
    '--rounds',
    '1',
    '--skip-covers',
    '--out',
    out,
  ],
]);
const webRun = run('bench/web.ts', [
  ...['--pages', '/products,/app', '--loads', '1'],
  ...['--runs', '1', '--lighthouse-pages', '/products', '--slow-pages', '/products', '--slow-loads', '1'],
  ...['--out', out],
]);

// bench:cpu after bench:web (both would build stale bundles), and only where it can record.
const canTraceScheduler = process.getuid?.() === 0 && ensureTracefs();
const cpuRun = canTraceScheduler
  ? webRun.then(() => run('bench/cpu-holders.ts', ['--runs', '1', '--out', out]))
  : null;

// bench:overload next (it starts a site too): one short level.
const overloadRun = (cpuRun ?? webRun).then(() =>
  run('bench/overload.ts', ['--connections', '20', '--duration', '2', '--warmup', '0', '--out', out]),
);

// bench:releases last (it starts a site and would build stale bundles): 2 releases, 2 switches.
const releasesRun = overloadRun.then(() =>
  run('bench/releases.ts', [
    ...['--releases', '2', '--switches', '2', '--load-switches', '1', '--connections', '1'],
    ...['--out', out],
  ]),
);

const readJson = (name: string) => JSON.parse(readFileSync(path.join(out, name), 'utf8'));
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

function assertMachine(json: ReturnType<typeof readJson>) {
  assert.ok(isNumber(json.machine.cores) && json.machine.cores > 0, 'machine.cores');
  assert.equal(json.machine.loadAverageBefore.length, 3, 'loadAverageBefore');
  assert.equal(json.machine.loadAverageAfter.length, 3, 'loadAverageAfter');
  assert.ok(!Number.isNaN(Date.parse(json.date)), 'date');
  assert.ok(json.git.commit, 'git.commit');
  for (const t of json.targets) {
    assert.ok(t.name && t.target && 'value' in t && [true, false, null].includes(t.met), `target ${t.name}`);
  }
}

test('bench:api writes api.md and api.json with every scenario', { timeout: 600_000 }, async () => {
  const { code, output } = await apiRun;
  assert.equal(code, 0, output);
  const json = readJson('api.json');
  assert.equal(json.benchmark, 'api');
  assertMachine(json);
  assert.ok(json.versions.autocannon && json.versions.postgresServer && json.versions.pglite, 'versions');
  assert.equal(json.sizes.products, 200);
  assert.equal(json.sizes.services, 50);
  assert.equal(json.sizes.shops, 10);
  const ids = json.scenarios.map((s: { id: string }) => s.id);
  for (const id of ['a', 'n', 'h', 'b', 'b0', 'c', 'd', 'd0', 'e', 'b_uncached', 'c_uncached', 'f1', 'g1'])
    assert.ok(ids.includes(id), `scenario ${id}`);
  // 1 vs 2 API processes: the 2-process column runs only with REDIS_URL, and says why otherwise.
  if (process.env.REDIS_URL) {
    assert.equal(json.scaleOut.twoProcessesSkipped, null);
    for (const id of ['f2', 'g2']) assert.ok(ids.includes(id), `scenario ${id}`);
  } else {
    assert.match(json.scaleOut.twoProcessesSkipped, /REDIS_URL is not set/);
    assert.ok(!ids.includes('f2'), 'no 2-process scenario without Redis');
  }
  assert.equal(json.scaleOut.rows.length, 2);
  for (const s of json.scenarios) {
    assert.ok(s.requests > 0 && isNumber(s.reqPerSec), `${s.id} req/s`);
    assert.ok(isNumber(s.latencyMs.p50) && isNumber(s.latencyMs.p99), `${s.id} latency`);
    assert.ok(isNumber(s.errors) && isNumber(s.non2xx) && isNumber(s.timeouts), `${s.id} errors`);
    assert.equal(s.slices.length, 1, `${s.id} slices`);
    // The compiled servers of the 1 vs 2 processes scenarios and the node:http ceiling have no
    // bench-only counters route.
    if (!['ceiling', 'node', 'one', 'two'].includes(s.server)) {
      assert.ok(isNumber(s.responseCache?.loads), `${s.id} response cache`);
    }
  }
  assert.ok(isNumber(json.ratios.bOverA) && isNumber(json.ratios.cOverB), 'ratios');
  // Issues 7 and 13, and ADR 0037 (uncached mix ×4 and p99, /health and the cached mix vs node:http).
  // ADR 0034: the list mix and the item page with vs without the scam signals and ratings.
  assert.equal(json.targets.length, 12);
  assert.ok(isNumber(json.ratios.bOverB0) && isNumber(json.ratios.dOverD0), 'with/without trust ratios');
  assert.ok(isNumber(json.ratios.hOverN) && isNumber(json.ratios.bOverN), 'node:http ratios');
  // docs/product.md §20.10: the item-by-id scenario is judged beside the list mix.
  const targetNames: string[] = json.targets.map((t: { name: string }) => t.name);
  for (const prefix of ['(d)/(a) req/s, item by id', '(d) p99 at ', '(b)/(b0) 2xx/s', '(d)/(d0) 2xx/s'])
    assert.ok(
      targetNames.some((name) => name.startsWith(prefix)),
      `target ${prefix}… in ${targetNames.join('; ')}`,
    );
  assert.ok(json.queryAnatomy.length > 0 && isNumber(json.queryAnatomy[0].postgres.countMs), 'query anatomy');
  const md = readFileSync(path.join(out, 'api.md'), 'utf8');
  for (const text of [
    '# API benchmark',
    '(b)/(a)',
    '(d)/(a)',
    '(b)/(b0)',
    '(d)/(d0)',
    'load average',
    '## Targets',
    '## Notes',
    'Response cache, (b)',
    '## 1 vs 2 API processes',
    'share the',
  ])
    assert.ok(md.includes(text), text);
});

test('bench:web writes web.md and web.json for both variants', { timeout: 600_000 }, async () => {
  const { code, output } = await webRun;
  assert.equal(code, 0, output);
  const json = readJson('web.json');
  assert.equal(json.benchmark, 'web');
  assertMachine(json);
  assert.ok(json.versions.chromium && json.versions.lighthouse, 'versions');
  for (const [name, found] of Object.entries<{ composed: number; single: number }>(
    json.builds.markersInBuilds,
  )) {
    assert.ok(found.composed > 0, `marker of ${name} found in the builds`);
  }
  for (const variant of ['composed', 'single']) {
    for (const page of ['/products', '/app']) {
      const p = json.pages.find(
        (x: { page: string; variant: string }) => x.page === page && x.variant === variant,
      );
      assert.ok(p, `${variant} ${page}`);
      assert.ok(p.requests > 0 && p.js.requests > 0, `${variant} ${page} requests`);
      for (const key of ['js', 'css', 'image', 'json', 'font', 'other', 'total']) {
        assert.ok(isNumber(p.wireBytes[key]), `${variant} ${page} wireBytes.${key}`);
      }
      assert.ok(p.js.gzip > 0 && p.js.brotli > 0, `${variant} ${page} JS sizes`);
      for (const name of ['react-dom', '@mui/material', '@campus/shared', 'MF runtime']) {
        assert.ok(isNumber(p.copies[name]), `${variant} ${page} copies of ${name}`);
      }
    }
    const products = json.pages.find(
      (x: { page: string; variant: string }) => x.page === '/products' && x.variant === variant,
    );
    assert.ok(isNumber(products.firstCardMs), `${variant} /products first card`);
  }
  const single = json.pages.find(
    (x: { page: string; variant: string }) => x.page === '/products' && x.variant === 'single',
  );
  assert.equal(single.copies['MF runtime'], 0, 'the single bundle has no module federation runtime');
  assert.ok(
    isNumber(json.comparison[0].jsBrotliRatio) && isNumber(json.comparison[0].requestsRatio),
    'comparison',
  );
  // One page x two servings (server- and client-rendered) x two CPU settings (preset, calibrated).
  assert.equal(json.lighthouse.length, 4, 'Lighthouse summaries');
  for (const lh of json.lighthouse) {
    assert.ok(['server-rendered', 'client-rendered'].includes(lh.rendering), 'lighthouse rendering');
    assert.ok(['mobile preset', 'calibrated'].includes(lh.preset), 'lighthouse preset');
    for (const key of ['score', 'lcpMs', 'tbtMs', 'cls', 'totalByteWeight']) {
      assert.ok(isNumber(lh[key].median) && lh[key].runs.length === 1, `lighthouse ${key}`);
    }
    // The main thread's waits are measured on the calibrated runs only.
    if (lh.preset === 'calibrated') {
      assert.ok(lh.mainThreadOnCpu.median > 0 && lh.mainThreadOnCpu.median <= 1, 'main thread on CPU');
      assert.ok(
        isNumber(lh.tbtWithoutWaitsMs.median) && lh.tbtWithoutWaitsMs.median >= 0,
        'TBT without waits',
      );
    } else {
      assert.equal(lh.mainThreadOnCpu, null, 'no waits measured on the preset');
    }
  }
  assert.ok(isNumber(json.benchmarkIndex) && json.benchmarkIndex > 0, 'benchmarkIndex');
  assert.ok(
    isNumber(json.calibratedCpuMultiplier) && json.calibratedCpuMultiplier >= 1,
    'calibrated multiplier',
  );
  // Slow phone: /products on both servings; warm repeat on both.
  assert.equal(json.slowPhone.length, 2, 'slow phone summaries');
  for (const p of json.slowPhone) {
    assert.ok(isNumber(p.fullyLoadedMs), `slow phone ${p.rendering} fully loaded`);
    if (p.rendering === 'server-rendered') {
      assert.ok(isNumber(p.fcpMs) && isNumber(p.firstCardMs), `slow phone ${p.rendering}`);
    } else {
      // The client-rendered page may not paint its first card within the smoke run's short
      // budget on a busy machine: the field must be there, a number or null ("not measured").
      assert.ok(p.fcpMs === null || isNumber(p.fcpMs), `slow phone ${p.rendering} FCP`);
      assert.ok(p.firstCardMs === null || isNumber(p.firstCardMs), `slow phone ${p.rendering} first card`);
    }
    assert.ok(p.interactiveMs === null || isNumber(p.interactiveMs), 'interactive');
    // Blocking time and the longest task come from a load nobody probed (null only without a paint).
    assert.ok(p.blockingMs === null || (isNumber(p.blockingMs) && p.blockingMs >= 0), 'blocking');
    assert.ok(
      p.longestTaskMs === null || (isNumber(p.longestTaskMs) && p.longestTaskMs >= 0),
      'longest task',
    );
    if (p.rendering === 'server-rendered') assert.ok(isNumber(p.blockingMs), 'server-rendered blocking');
  }
  assert.equal(json.warmRepeat.length, 2, 'warm repeat');
  for (const w of json.warmRepeat) assert.ok(isNumber(w.bytes) && Array.isArray(w.requests), 'warm bytes');
  const names = json.targets.map((t: { name: string }) => t.name);
  for (const name of [
    'slow phone /products first contentful paint (server-rendered, median)',
    'slow phone /products first product card (server-rendered, median)',
    'Lighthouse calibrated /products: performance (median)',
    'warm repeat visit of /products, bytes over the network (service worker + HTTP cache)',
    '/products composed / single-bundle JS bytes (brotli)',
  ])
    assert.ok(names.includes(name), `target ${name}`);
  const md = readFileSync(path.join(out, 'web.md'), 'utf8');
  for (const text of [
    '# Web benchmark',
    'Single bundle',
    'Composed vs single',
    '## Slow phone',
    '## Warm repeat',
    'benchmarkIndex',
    '## Targets',
  ])
    assert.ok(md.includes(text), text);
});

test('bench:cpu writes cpu-holders.md and .json: the main thread split and who held the CPUs', {
  timeout: 600_000,
  skip: cpuRun ? false : 'needs root and tracefs to record the scheduler trace',
}, async () => {
  const { code, output } = await cpuRun!;
  assert.equal(code, 0, output);
  const json = readJson('cpu-holders.json');
  assert.equal(json.benchmark, 'cpu-holders');
  assert.equal(json.params.page, '/products');
  assert.equal(json.runs.length, 1);
  const [runResult] = json.runs;
  assert.ok(isNumber(runResult.tbtMs) && runResult.cpuSlowdownMultiplier >= 1, 'TBT and CPU slowdown');
  const { taskMs, runningMs, waitingMs, blockedMs } = runResult.split;
  assert.ok(taskMs > 0 && runningMs > 0, 'the page main thread ran long tasks');
  // The three states cover the tasks (the recording spans the whole load).
  assert.ok(
    Math.abs(runningMs + waitingMs + blockedMs - taskMs) <= taskMs * 0.02 + 1,
    'states cover the tasks',
  );
  // Whoever ran while it waited is named (on a machine with cores to spare it may never wait).
  if (waitingMs > 0) assert.ok(Object.keys(json.holders).length > 0, 'holders named');
  const md = readFileSync(path.join(out, 'cpu-holders.md'), 'utf8');
  for (const text of [
    '# Who holds the CPUs while the page waits',
    'waiting for a CPU',
    '## What ran on the CPUs',
  ])
    assert.ok(md.includes(text), text);
});

test('bench:overload writes overload.md and .json: health probes and pages under load', {
  timeout: 600_000,
}, async () => {
  const { code, output } = await overloadRun;
  assert.equal(code, 0, output);
  const json = readJson('overload.json');
  assert.equal(json.benchmark, 'overload');
  assertMachine(json);
  assert.equal(json.levels.length, 1);
  const [level] = json.levels;
  assert.equal(level.connections, 20);
  assert.ok(level.pages.answered > 0 && isNumber(level.pages.p99Ms), 'pages');
  assert.ok(level.pages.shedShare >= 0 && level.pages.shedShare <= 1, 'shed share');
  assert.ok(level.health.sent > 0 && isNumber(level.health.answered), 'health probes');
  assert.equal(json.targets.length, 2);
  const md = readFileSync(path.join(out, 'overload.md'), 'utf8');
  for (const text of ['# Overload benchmark', 'health p99', '## Targets']) assert.ok(md.includes(text), text);
});

test('bench:releases writes releases.md and releases.json: propagation, failures, memory', {
  timeout: 600_000,
}, async () => {
  const { code, output } = await releasesRun;
  assert.equal(code, 0, output);
  const json = readJson('releases.json');
  assert.equal(json.benchmark, 'releases');
  assertMachine(json);
  assert.equal(json.sizes.releases, 2);
  assert.ok(isNumber(json.propagation.promoteToAllNewMs), 'propagation');
  assert.ok(
    isNumber(json.switchesUnderLoad.failed) && json.switchesUnderLoad.requests > 0,
    'switches under load',
  );
  assert.ok(isNumber(json.memory.rssAfter1SwitchMB) && isNumber(json.memory.rssAfterSwitchesMB), 'memory');
  const md = readFileSync(path.join(out, 'releases.md'), 'utf8');
  for (const text of ['# Releases benchmark', 'promote → 100 %', 'RSS after 1 switch', '## Targets']) {
    assert.ok(md.includes(text), text);
  }
});
