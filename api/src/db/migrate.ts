/**
 * Runs the versioned migrations (`db/migrations/index.ts`) with Kysely's `Migrator`.
 * Kysely records applied migrations in `kysely_migration` and takes a lock table, so running
 * this again (or from two processes on PostgreSQL) applies nothing twice. Migrations missing
 * from a database are applied even when a higher-numbered one already ran there.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations as allMigrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** Result of one migration run: the names applied now (empty when already up to date). */
export interface MigrateResult {
  applied: string[];
}

/**
 * Brings the database schema to the latest version.
 * @param db the database
 * @param migrations the migrations to apply (default: all of `migrations/index.ts`)
 * @throws Error naming the failed migration; the failed migration's transaction is rolled back
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<MigrateResult> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Teams add migrations in parallel: one numbered 0002 may land after 0003 was applied somewhere.
  // Allow that (each migration must then not depend on a higher-numbered one).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
  return {
    applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName),
  };
}
