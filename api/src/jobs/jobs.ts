/**
 * The job library (ADR 0035 "Job library"): pg-boss over the app's own database — the same
 * Kysely pool the requests use, on PostgreSQL and on PGlite — for scheduled and retried work
 * (the saved-search alerts, docs/product.md §30). Its tables are made by migration 0024, so
 * starting only checks their version.
 *
 * - Every statement pg-boss runs goes through `db` (pg-boss's `executeSql`): on PGlite the pool
 *   has one connection, so pg-boss's statements (each a single query, its locked maintenance a
 *   BEGIN ... COMMIT in one query) wait for a request's transaction like any other query and
 *   never run inside it.
 * - `inTransaction(trx)` is an `executeSql` over a Kysely transaction: a job sent with it
 *   (`send(name, data, { db })`) is written with the rows of that transaction, or not at all.
 *   On PGlite this is the only way to send from inside a transaction (the pool's one connection
 *   is the transaction's).
 * - `stop()` stops pg-boss (workers, maintenance, cron) and waits for the statements in flight;
 *   statements pg-boss still starts afterwards (a worker's last completion) resolve with no rows
 *   instead of reaching a closing database.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema.ts';

/** The schema pg-boss's tables live in (migration 0024). */
export const JOBS_SCHEMA = 'pgboss';

/** pg-boss's `executeSql` over a Kysely executor (the pool, or a transaction). */
function executorOf(
  db: Kysely<Database>,
  guard?: (run: () => Promise<{ rows: unknown[] }>) => Promise<{ rows: unknown[] }>,
): PgBoss.Db {
  const run = async (text: string, values?: unknown[]) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows as unknown[], rowCount: Number(result.numAffectedRows ?? result.rows.length) };
  };
  return {
    executeSql: (text, values) => (guard ? guard(() => run(text, values)) : run(text, values)),
  };
}

export interface Jobs {
  /** The pg-boss instance (send, work, schedule, fetch, complete, fail, getSchedules). */
  boss: PgBoss;
  /** An `executeSql` inside `trx`: pass it as `db` to send a job with that transaction's rows. */
  inTransaction(trx: Kysely<Database>): PgBoss.Db;
  /** Starts pg-boss (checks the schema version of migration 0024; maintenance and cron on). */
  start(): Promise<void>;
  /** Stops pg-boss and waits for its statements in flight (see above). */
  stop(): Promise<void>;
}

/**
 * Builds pg-boss over `db` (not started).
 * @throws from `start()`: Error 'pg-boss is not installed' or '... requires migrations' when
 *   migration 0024 has not run
 */
export function createJobs(db: Kysely<Database>, log: FastifyBaseLogger): Jobs {
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  const pool = executorOf(db, (run) => {
    if (closed) return Promise.resolve({ rows: [] });
    const statement = run();
    inFlight.add(statement);
    void statement.then(
      () => inFlight.delete(statement),
      () => inFlight.delete(statement),
    );
    return statement;
  });
  const boss = new PgBoss({ db: pool, schema: JOBS_SCHEMA, migrate: false });
  // pg-boss reports failed polls and maintenance as 'error' events (an unheard one would throw).
  boss.on('error', (error) => log.error({ err: error }, 'job library error'));
  let started = false;
  return {
    boss,
    inTransaction: (trx) => executorOf(trx),
    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
