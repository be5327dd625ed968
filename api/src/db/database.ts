/**
 * Opens the database: embedded PGlite (a data folder, or in memory for tests) or a PostgreSQL
 * server. Both go through the same driver stack (docs/stack-notes.md "PGlite vs PostgreSQL"): `pg.Pool` + Kysely's
 * `PostgresDialect`; PGlite is reached through `@electric-sql/pglite/node-postgres`
 * (`createPgConfig`), never kysely-pglite (wrong row counts, interleaved transactions).
 *
 * A PGlite data folder can be opened by one process only: two processes on one folder silently
 * lose rows. `createDatabase` takes an exclusive lock file (`<folder>.lock`, proper-lockfile)
 * and fails with `DatabaseLockedError` when another process holds it.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Engine = 'pglite' | 'postgres';

/** An open database. Call `destroy()` when done (it also releases the lock; later calls do nothing more). */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** The connection pool's use now (for `/metrics`). */
  poolStats(): PoolStats;
  /** Closes the pool, then PGlite, then releases the folder lock. */
  destroy(): Promise<void>;
}

/** Connections of the pool (`pg.Pool` counters). */
export interface PoolStats {
  /** Most connections the pool opens. */
  max: number;
  /** Connections open (idle + in use). */
  total: number;
  /** Open connections not in use. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** The counters of `pool` as `PoolStats`. */
function statsOf(pool: pg.Pool, max: number): () => PoolStats {
  return () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}

export interface DatabaseOptions {
  /**
   * How long to wait for the PGlite folder lock, in ms (default 12 000: covers a restart racing
   * the previous process's shutdown, and a lock left by a crashed process, which goes stale
   * after LOCK_STALE_MS). 0 fails at once.
   */
  lockWaitMs?: number;
  /** Pool size for PostgreSQL (default 10). PGlite always uses one connection. */
  poolSize?: number;
  /** Called if the lock is lost while running (its file was removed or not refreshed in time). Default: throw. */
  onLockCompromised?: (error: Error) => void;
}

/**
 * Planner setting applied to every session. PostgreSQL's default random_page_cost (4) models
 * spinning disks; with it the planner scans all products instead of using the GIN full-text
 * index for a common prefix such as `text:*` (measured at 100k rows: 50 ms → 13 ms). 1.1 is the
 * usual value for SSD or memory-resident data, which is what both engines run on here.
 */
export const RANDOM_PAGE_COST = 1.1;

/** Wraps `fn` so that later calls return the first call's promise (destroy is idempotent). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => {
    result ??= fn();
    return result;
  };
}

/** A lock whose file has not been refreshed for this long (ms) belongs to a dead process. */
export const LOCK_STALE_MS = 10_000;

/** Another process holds the PGlite data folder. */
export class DatabaseLockedError extends Error {
  readonly code = 'EDBLOCKED';
  constructor(readonly dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (lock ${dataDir}.lock). ` +
        'Stop that process (or set DATA_DIR to another folder) and start again. ' +
        `A lock left by a crashed process expires after ${LOCK_STALE_MS / 1000} s.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

/**
 * Opens the database described by `config`.
 * @throws DatabaseLockedError when the PGlite folder is locked by another process
 * @throws Error when PostgreSQL cannot be reached (the first query is run here)
 */
export async function createDatabase(
  config: DatabaseConfig,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  return config.engine === 'pglite' ? openPglite(config.dataDir, options) : openPostgres(config.url, options);
}

async function openPglite(dataDir: string | null, options: DatabaseOptions): Promise<DatabaseHandle> {
  let release: (() => Promise<void>) | null = null;
  if (dataDir !== null) {
    await mkdir(dataDir, { recursive: true });
    release = await lockFolder(dataDir, options);
  }
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
    // PGlite has a single session, so a session setting holds for every query.
    await pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    // poolSize is 1: every query goes through PGlite's single connection, serialized by pg.Pool.
    // Idle clients are kept (idleTimeoutMillis 0) since there is no server connection to save.
    const pool = new pg.Pool({ ...createPgConfig(pglite), idleTimeoutMillis: 0 } as pg.PoolConfig);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const instance = pglite;
    return {
      db,
      engine: 'pglite',
      poolStats: statsOf(pool, 1),
      destroy: once(async () => {
        try {
          await db.destroy();
          await instance.close();
        } finally {
          await release?.();
        }
      }),
    };
  } catch (error) {
    await pglite?.close().catch(() => {});
    await release?.();
    throw error;
  }
}

/**
 * Takes the exclusive lock of a PGlite data folder (`<folder>.lock`), as a server does.
 * @returns a function that releases it
 * @throws DatabaseLockedError when another process holds it after `options.lockWaitMs`
 */
export async function lockFolder(dataDir: string, options: DatabaseOptions): Promise<() => Promise<void>> {
  const waitMs = options.lockWaitMs ?? 12_000;
  const stepMs = 250;
  try {
    return await lockfile.lock(dataDir, {
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 4,
      retries: { retries: Math.ceil(waitMs / stepMs), factor: 1, minTimeout: stepMs, maxTimeout: stepMs },
      ...(options.onLockCompromised ? { onCompromised: options.onLockCompromised } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(dataDir);
    throw error;
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const max = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Neither may a lost connection of a client the pool is not watching at that moment (seen when
  // the server went away between queries): the failed query reports it, the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine: 'postgres', poolStats: statsOf(pool, max), destroy: once(() => db.destroy()) };
}

/**
 * Refreshes the planner statistics and the visibility map. PGlite never autovacuums, so run it
 * after migrations, after seeding and at start-up (count(*) over 100k rows: 172 ms → 15 ms).
 * On PostgreSQL autovacuum exists; call it after bulk loads (the seed CLI does).
 */
export async function vacuumAnalyze(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM ANALYZE`.execute(db);
}
