/**
 * Entry point of `npm start -w api` / `npm run dev -w api`: reads the configuration, builds the
 * app (which opens and migrates the database), seeds the demo data into an empty embedded
 * database (unless SEED_DEMO=0), and listens on HOST:PORT. On SIGTERM/SIGINT it stops
 * accepting connections, finishes in-flight requests, closes the database and releases the
 * PGlite folder lock (close-with-grace, at most 10 s).
 *
 * Exit codes: 0 after a clean shutdown, 1 on a start-up failure (bad configuration, database
 * folder locked by another process, port in use) or a forced shutdown.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { vacuumAnalyze } from './db/database.ts';
import { isDatabaseEmpty, seedDemo } from './seed/seed-demo.ts';
import { LocalStorage } from './uploads/storage.ts';

/** Grace period for in-flight requests at shutdown, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Invalid configuration: ${(error as Error).message}`);
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
    await app.ready();
  } catch (error) {
    console.error(`Campus Soko API could not start: ${(error as Error).message}`);
    process.exit(1);
  }

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  try {
    if (config.seedDemo && app.database.engine === 'pglite' && (await isDatabaseEmpty(app.db))) {
      app.log.info('empty embedded database: inserting the demo data (SEED_DEMO=0 turns this off)');
      const result = await seedDemo(app.db, new LocalStorage(config.uploadsDir));
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
