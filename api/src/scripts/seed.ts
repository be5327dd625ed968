/**
 * `npm run seed -w api -- [--products N] [--services N] [--shops N] [--demo]`
 *
 * - with counts: adds generated bench data (`seed/seed-bench.ts`), e.g. `--products 100000`;
 * - `--demo`, or no argument at all: adds the demo data (`seed/seed-demo.ts`) unless it is
 *   already there.
 * Migrates first, runs VACUUM ANALYZE after. Uses DATABASE_URL, or PGlite in DATA_DIR/db (a
 * running server holds that folder: stop it first). Exit code 1 on bad arguments or failure.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createDatabase, vacuumAnalyze } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedBench } from '../seed/seed-bench.ts';
import { DEMO_ALREADY_SEEDED, hasDemoData, seedDemo } from '../seed/seed-demo.ts';
import { createStorage } from '../uploads/storage.ts';

const USAGE = 'Usage: npm run seed -w api -- [--products N] [--services N] [--shops N] [--demo]';

/** Parses a non-negative integer option; throws a readable error otherwise. */
function count(name: string, value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value) || Number(value) > 10_000_000) {
    throw new Error(`--${name} must be a whole number between 0 and 10000000, got '${value}'`);
  }
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      services: { type: 'string' },
      shops: { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const counts = {
    products: count('products', values.products),
    services: count('services', values.services),
    shops: count('shops', values.shops),
  };
  const bench = counts.products + counts.services + counts.shops > 0;
  const demo = values.demo || !bench;

  const config = loadConfig();
  const database = await createDatabase(config.database, { lockWaitMs: 2000 });
  const storage = await createStorage(config);
  try {
    await migrateToLatest(database.db);
    if (demo) {
      if (await hasDemoData(database.db)) console.log(`${DEMO_ALREADY_SEEDED}: nothing to add.`);
      else {
        const result = await seedDemo(database.db, storage);
        console.log(
          `Demo data: ${result.users} users, ${result.shops} shops, ${result.products} products, ` +
            `${result.services} services, ${result.images} pictures in ${result.ms} ms`,
        );
      }
    }
    if (bench) {
      const result = await seedBench(database.db, counts, {
        storage,
        batchSize: database.engine === 'pglite' ? 5_000 : 20_000,
        log: (message) => console.log(message),
      });
      console.log(
        `Bench data: ${result.users} users, ${result.shops} shops, ${result.products} products, ` +
          `${result.services} services in ${result.ms} ms`,
      );
    }
    const started = Date.now();
    await vacuumAnalyze(database.db);
    console.log(`VACUUM ANALYZE in ${Date.now() - started} ms`);
  } finally {
    if (storage.driver === 's3') storage.close();
    await database.destroy();
  }
}

try {
  await main();
} catch (error) {
  console.error(`Seed failed: ${(error as Error).message}`);
  console.error(USAGE);
  process.exitCode = 1;
}
