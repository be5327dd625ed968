/**
 * `npm run migrate -w api`: brings the database (DATABASE_URL, or PGlite in DATA_DIR/db) to
 * the latest migration, then VACUUM ANALYZE on PGlite. Exit code 1 on failure (e.g. the PGlite
 * folder is in use by a running server: stop it first).
 */
import { loadConfig } from '../config.ts';
import { createDatabase, vacuumAnalyze } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

try {
  const config = loadConfig();
  const database = await createDatabase(config.database, { lockWaitMs: 2000 });
  try {
    const { applied } = await migrateToLatest(database.db);
    if (database.engine === 'pglite') await vacuumAnalyze(database.db);
    console.log(
      applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database schema already up to date.',
    );
  } finally {
    await database.destroy();
  }
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
