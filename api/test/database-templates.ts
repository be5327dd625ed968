/**
 * Migrated template databases for the API tests, so that an app built for a test starts from a
 * copy of an already migrated database instead of migrating an empty one:
 *
 * - PGlite: a fresh in-memory PGlite runs initdb, then the migrations and VACUUM ANALYZE (about
 *   2 s of CPU); one opened from the tarball of a migrated data folder (`loadDataDir`) skips all
 *   three (about 0.5 s). The tarball is built once per run by `run-tests.ts` (its path in
 *   CAMPUS_TEST_PGLITE_TEMPLATE) or, when a test file runs alone, once per process.
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE <migrated database>` copies the schema instead of
 *   running the migrations. The template is created once per run by `run-tests.ts` (its name in
 *   CAMPUS_TEST_POSTGRES_TEMPLATE) and dropped after it; without it each database is migrated.
 *
 * The app's database plugin still runs the migrations on the copy (none is pending) and VACUUM
 * ANALYZE on PGlite, exactly as on a restarted server. `database.test.ts` checks that a copy has
 * the schema of a database migrated step by step (docs/decisions/0042).
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, RANDOM_PAGE_COST, vacuumAnalyze } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';

/** Environment variable: path of the tarball of a migrated PGlite data folder (set by run-tests.ts). */
export const PGLITE_TEMPLATE_ENV = 'CAMPUS_TEST_PGLITE_TEMPLATE';
/** Environment variable: name of a migrated database on DATABASE_URL's server (set by run-tests.ts). */
export const POSTGRES_TEMPLATE_ENV = 'CAMPUS_TEST_POSTGRES_TEMPLATE';

/**
 * Wraps an open PGlite as `createDatabase` does for an in-memory database (src/db/database.ts):
 * the planner setting, one `pg.Pool` connection through `createPgConfig`, Kysely over it.
 * `destroy()` closes the pool, then PGlite; later calls do nothing more.
 */
async function pgliteHandle(pglite: PGlite): Promise<DatabaseHandle> {
  await pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  const pool = new pg.Pool({ ...createPgConfig(pglite), idleTimeoutMillis: 0 } as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let destroyed: Promise<void> | undefined;
  return {
    db,
    engine: 'pglite',
    poolStats: () => ({ max: 1, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    destroy: () => {
      destroyed ??= (async () => {
        await db.destroy();
        await pglite.close();
      })();
      return destroyed;
    },
  };
}

/**
 * Builds the tarball of a migrated, vacuumed in-memory PGlite data folder (uncompressed: it
 * loads faster than gzip, and it is about 40 MB in memory or in a temporary file).
 */
export async function buildPgliteTemplate(): Promise<Blob> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const handle = await pgliteHandle(pglite);
  try {
    await migrateToLatest(handle.db);
    await vacuumAnalyze(handle.db);
    return await pglite.dumpDataDir('none');
  } finally {
    await handle.destroy();
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite tarball of this run (read from CAMPUS_TEST_PGLITE_TEMPLATE) or of this process. */
function migratedPgliteTemplate(): Promise<Blob> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  pgliteTemplate ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : buildPgliteTemplate();
  return pgliteTemplate;
}

/** Opens an in-memory PGlite holding a copy of the migrated template (see the module comment). */
export async function openMigratedPglite(): Promise<DatabaseHandle> {
  const pglite = await PGlite.create({
    loadDataDir: await migratedPgliteTemplate(),
    extensions: { pg_trgm },
  });
  try {
    return await pgliteHandle(pglite);
  } catch (error) {
    await pglite.close().catch(() => {});
    throw error;
  }
}

/** Runs one statement on a short-lived connection to `url`. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Creates database `name` on the server of `adminUrl`, migrates it and closes every connection to
 * it, then forbids new ones (it can serve as `CREATE DATABASE … TEMPLATE name` only while nobody
 * is connected to it).
 * @throws Error when the database exists or a migration fails (the half-made database is dropped)
 */
export async function createPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  try {
    const handle = await createDatabase(
      { engine: 'postgres', url: databaseUrl(adminUrl, name) },
      { poolSize: 1 },
    );
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.destroy();
    }
    await adminQuery(adminUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await dropPostgresDatabase(adminUrl, name).catch(() => {});
    throw error;
  }
}

/** Drops database `name` on the server of `adminUrl` (closing its connections) if it exists. */
export function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** The migrated PostgreSQL template of this run, or null when the run has none. */
export function postgresTemplateName(): string | null {
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  return name && /^[a-z_][a-z0-9_]{0,62}$/.test(name) ? name : null;
}
