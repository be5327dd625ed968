/**
 * Entry point of `npm start` (imported by scripts/start.mjs), `npm start -w api` and
 * `npm run dev -w api`: reads the configuration, builds the app (which opens and migrates the
 * database), seeds the demo data into an empty embedded database (unless SEED_DEMO=0), and
 * listens on HOST:PORT. On SIGTERM/SIGINT it stops accepting connections, finishes in-flight
 * requests, closes the database and releases the PGlite folder lock, at most 10 s (docs/product.md §14
 * item 8). A repeat of the signal within 1 s is the same stop (a terminal's Ctrl-C reaches npm and
 * this process, and npm forwards it again); a later one forces the exit. Uncaught errors and other
 * fatal signals also close the app first (close-with-grace).
 *
 * Exit codes: 0 after a clean shutdown, 1 on a start-up failure (bad configuration, database
 * folder locked by another process, port in use) or a forced shutdown.
 *
 * WEB_CONCURRENCY=N (N > 1; docs/product.md §22.3) runs N workers behind one port (node:cluster): this
 * process becomes the primary, forks the workers (each a full server as above) and replaces one
 * that dies; SIGTERM/SIGINT stop every worker gracefully, then the primary exits (1 if a worker
 * failed to stop cleanly). Refused unless REDIS_URL and a PostgreSQL DATABASE_URL are set: the
 * workers share nothing else (an embedded database allows one process; rate limits and caches
 * would be per worker).
 */
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type AppConfig, loadConfig, webConcurrencyProblem } from './config.ts';
import { vacuumAnalyze } from './db/database.ts';
import { isDatabaseEmpty, seedDemo } from './seed/seed-demo.ts';

/** Grace period for in-flight requests at shutdown, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;
/** A stop signal repeated within this many ms is a duplicate delivery, not "stop now". */
const DUPLICATE_SIGNAL_MS = 1_000;

/** A worker that dies sooner than this after starting counts as a failed start (no restart loop). */
const WORKER_MIN_LIFETIME_MS = 5_000;

/** The primary of WEB_CONCURRENCY: forks `count` workers and supervises them (module comment). */
function runPrimary(count: number): void {
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    console.log(
      JSON.stringify({
        level: 30,
        time: Date.now(),
        pid: process.pid,
        role: 'primary',
        ...fields,
        msg: message,
      }),
    );
  let stopping = false;
  let failed = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    log('worker started', { worker: worker.id, workerPid: worker.process.pid });
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    // During a stop, a worker still starting has no handler yet and dies of the SIGTERM itself.
    if (code !== 0 && !(stopping && signal === 'SIGTERM')) failed = true;
    log('worker exited', { worker: worker.id, code, signal, ms: lived });
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (lived < WORKER_MIN_LIFETIME_MS) {
      // A worker that cannot start (port in use, database down) would fail again at once.
      log('a worker failed at start: stopping the others');
      stopping = true;
      failed = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log('stopping the workers', { signal });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
  log(`starting ${count} workers`, { workers: count });
  for (let i = 0; i < count; i += 1) fork();
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Invalid configuration: ${(error as Error).message}`);
    process.exit(1);
  }
  if (config.webConcurrency > 1) {
    const problem = webConcurrencyProblem(config);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    if (cluster.isPrimary) {
      runPrimary(config.webConcurrency);
      return;
    }
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
    await app.ready();
  } catch (error) {
    console.error(`Campus Soko API could not start: ${(error as Error).message}`);
    process.exit(1);
  }

  const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
  const grace = closeWithGrace(
    { delay: SHUTDOWN_GRACE_MS, skip: [...STOP_SIGNALS] },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      else if (signal) app.log.info({ signal }, 'shutting down');
      await app.close();
    },
  );
  let stopAt = 0;
  const onStopSignal = (signal: NodeJS.Signals) => {
    if (stopAt === 0) {
      stopAt = Date.now();
      app.log.info({ signal }, 'shutting down');
      void grace.close();
    } else if (Date.now() - stopAt > DUPLICATE_SIGNAL_MS) {
      app.log.error({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);

  try {
    if (config.seedDemo && app.database.engine === 'pglite' && (await isDatabaseEmpty(app.db))) {
      app.log.info('empty embedded database: inserting the demo data (SEED_DEMO=0 turns this off)');
      const result = await seedDemo(app.db, app.storage);
      await vacuumAnalyze(app.db);
      app.log.info(result, 'demo data inserted');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    process.exit(1);
  }
}

await main();
