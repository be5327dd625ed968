/**
 * `npm run bench:start` (docs/product.md §22.7): how long the API takes to start, and how much memory it
 * holds once started, when it runs the TypeScript sources through tsx (what `npm start` did
 * before) and when it runs the compiled build (`api/dist/server.js`, what it runs now).
 *
 * `tsx bench/start.ts [--runs 5] [--out DIR]`
 *
 * Each variant runs on its own throwaway PGlite folder and, when DATABASE_URL is set (a server
 * where the role may create databases), on its own throwaway PostgreSQL database too (PGlite's
 * WebAssembly start-up is a large, equal share of the PGlite numbers). Each is migrated by one
 * unmeasured start; then every variant × engine starts `--runs` times, alternating (so machine
 * noise hits all alike), with
 * NODE_ENV=production, SEED_DEMO=0, SERVE_STATIC=0 (the API alone: the bundles are served the
 * same way by both) and LOG_LEVEL=warn. Measured per start: ms from spawn until
 * `GET /api/v1/health/ready` answers 200 (polled every 10 ms), and the process's resident memory
 * (VmRSS from /proc) at that moment and 2 s later. Then SIGTERM, and the next start.
 *
 * Writes `start.md` + `start.json` to bench/results (or `--out`). Numbers only, no targets.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { API_SERVER, buildApi } from '../api/build.mjs';
import { gitInfo, loadAverage, machineInfo, packageVersion, ROOT } from './lib/machine.ts';
import { apiServerEnv, freePort, onCleanup, runBenchmark, stopChild } from './lib/processes.ts';

const USAGE = 'Usage: npm run bench:start -- [--runs 5] [--out bench/results]';

import { fixed, intFlag, markdownTable, writeResults } from './lib/report.ts';
import { round, spread } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results') },
  },
});
const RUNS = intFlag('runs', values.runs, 5, 1);
const ADMIN_DATABASE_URL = process.env.DATABASE_URL;

interface Variant {
  id: 'tsx' | 'compiled';
  name: string;
  args: string[];
}
const VARIANTS: Variant[] = [
  {
    id: 'tsx',
    name: 'tsx (api/src/server.ts)',
    args: ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')],
  },
  { id: 'compiled', name: 'compiled (api/dist/server.js)', args: [path.join(ROOT, API_SERVER)] },
];

type EngineId = 'pglite' | 'postgres';

interface StartSample {
  readyMs: number;
  rssMB: number;
  rssAfter2sMB: number;
}

const log = (message: string) => console.log(`[bench:start] ${message}`);

/** Resident memory of `pid` in MB (VmRSS), NaN when unreadable. */
function rssMB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Runs one statement on the DATABASE_URL server. */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts `variant` with `env` (DATA_DIR, maybe DATABASE_URL), measures, stops it. */
async function startOnce(
  variant: Variant,
  env: NodeJS.ProcessEnv,
  baseEnv: NodeJS.ProcessEnv,
): Promise<StartSample> {
  const port = await freePort();
  const started = performance.now();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, variant.args, {
    cwd: ROOT,
    env: { ...baseEnv, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onCleanup(() => stopChild(child));
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}/api/v1/health/ready`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 120_000)
        throw new Error(`${variant.name} not ready in 120 s:\n${output}`);
      const ok = await fetch(url).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    const rss = rssMB(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { readyMs, rssMB: rss, rssAfter2sMB: rssMB(child.pid!) };
  } finally {
    await stopChild(child);
  }
}

async function main(): Promise<void> {
  const machine = machineInfo();
  const loadBefore = loadAverage();
  log(`building ${API_SERVER}…`);
  const buildMs = await buildApi(ROOT);
  log(`built in ${buildMs} ms`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-start-'));
  onCleanup(async () => rmSync(tmp, { recursive: true, force: true }));
  const baseEnv = apiServerEnv({ JWT_SECRET: 'bench-start-secret-bench-start-secret-0123456789' });
  delete baseEnv.NODE_OPTIONS;
  const engines: EngineId[] = ADMIN_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!ADMIN_DATABASE_URL) log('DATABASE_URL is not set: PGlite only');
  const envOf = new Map<string, NodeJS.ProcessEnv>();
  for (const variant of VARIANTS) {
    for (const engine of engines) {
      const env: NodeJS.ProcessEnv = { DATA_DIR: path.join(tmp, `${variant.id}-${engine}`) };
      if (engine === 'postgres') {
        const name = `campus_bench_start_${randomBytes(4).toString('hex')}`;
        await admin(`CREATE DATABASE ${name}`);
        onCleanup(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        const url = new URL(ADMIN_DATABASE_URL!);
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.href;
      }
      envOf.set(`${variant.id}-${engine}`, env);
    }
  }
  const combos = engines.flatMap((engine) => VARIANTS.map((variant) => ({ variant, engine })));
  const samples = new Map<string, StartSample[]>(
    combos.map(({ variant, engine }) => [`${variant.id}-${engine}`, []]),
  );
  for (const { variant, engine } of combos) {
    // One unmeasured start per folder or database: it migrates it.
    await startOnce(variant, envOf.get(`${variant.id}-${engine}`)!, baseEnv);
  }
  for (let run = 0; run < RUNS; run += 1) {
    const order = run % 2 === 0 ? combos : [...combos].reverse();
    for (const { variant, engine } of order) {
      const key = `${variant.id}-${engine}`;
      const sample = await startOnce(variant, envOf.get(key)!, baseEnv);
      samples.get(key)!.push(sample);
      log(
        `run ${run + 1} ${key}: ready in ${sample.readyMs.toFixed(0)} ms, RSS ${sample.rssMB.toFixed(1)} MB (${sample.rssAfter2sMB.toFixed(1)} MB 2 s later)`,
      );
    }
  }
  const loadAfter = loadAverage();
  const summary = combos.map(({ variant, engine }) => {
    const list = samples.get(`${variant.id}-${engine}`)!;
    return {
      id: variant.id,
      engine,
      name: `${variant.name}, ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      readyMs: spread(list.map((sample) => round(sample.readyMs, 0))),
      rssMB: spread(list.map((sample) => round(sample.rssMB, 1))),
      rssAfter2sMB: spread(list.map((sample) => round(sample.rssAfter2sMB, 1))),
    };
  });
  const differences = engines.map((engine) => {
    const tsx = summary.find((entry) => entry.engine === engine && entry.id === 'tsx')!;
    const compiled = summary.find((entry) => entry.engine === engine && entry.id === 'compiled')!;
    return (
      `Compiled vs tsx on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: start ` +
      `${fixed(compiled.readyMs.median - tsx.readyMs.median, 0)} ms ` +
      `(${fixed((100 * (compiled.readyMs.median - tsx.readyMs.median)) / tsx.readyMs.median, 0)} %), RSS at ready ` +
      `${fixed(compiled.rssMB.median - tsx.rssMB.median)} MB.`
    );
  });
  const rows = summary.map((entry) => [
    entry.name,
    `${fixed(entry.readyMs.median, 0)} (${fixed(entry.readyMs.min, 0)}–${fixed(entry.readyMs.max, 0)})`,
    `${fixed(entry.rssMB.median)} (${fixed(entry.rssMB.min)}–${fixed(entry.rssMB.max)})`,
    `${fixed(entry.rssAfter2sMB.median)} (${fixed(entry.rssAfter2sMB.min)}–${fixed(entry.rssAfter2sMB.max)})`,
  ]);
  const git = gitInfo();
  const markdown = [
    '# bench:start — API start time and memory, tsx vs compiled',
    '',
    `${new Date().toISOString()} · commit ${git.commit}${git.changedFiles ? ` (+${git.changedFiles} changed files)` : ''} · ` +
      `${machine.cores} cores (${machine.cpuModel}), ${machine.memoryMB} MB · Node ${machine.node} · ` +
      `tsx ${packageVersion('tsx')}, esbuild ${packageVersion('esbuild')} · load ${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')} after`,
    '',
    `${RUNS} starts per variant, alternating, on an already migrated database, NODE_ENV=production, ` +
      'SERVE_STATIC=0, SEED_DEMO=0. Ready = ms from spawn until `GET /api/v1/health/ready` answers 200. ' +
      'Median (min–max).',
    '',
    markdownTable(['variant', 'ready, ms', 'RSS at ready, MB', 'RSS 2 s later, MB'], rows),
    '',
    ...differences,
    '',
    `Build: ${buildMs} ms (esbuild, api/build.mjs).`,
    '',
    'The machine is shared (2 cores; other jobs ran): absolute numbers move between runs, the difference much less.',
  ].join('\n');
  const files = writeResults(values.out!, 'start', markdown, {
    date: new Date().toISOString(),
    git,
    machine,
    load: { before: loadBefore, after: loadAfter },
    runs: RUNS,
    buildMs,
    variants: summary,
    samples: Object.fromEntries(samples),
  });
  console.log(`\n${markdown}\n`);
  log(`wrote ${files.join(', ')}`);
}

await runBenchmark('bench:start', USAGE, main);
