/**
 * SQL of the health check.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The ping in flight per database: checks that arrive while one runs share its answer. */
const inFlight = new WeakMap<Kysely<Database>, Promise<void>>();

/**
 * Resolves when the database answers a trivial query; rejects otherwise. Checks that arrive while
 * a ping is in flight share it (one `SELECT 1` at a time per database, whatever the number of
 * probes): each answer still comes from a ping that ended after the check arrived
 * (docs/decisions/0044).
 */
export function ping(db: Kysely<Database>): Promise<void> {
  let pending = inFlight.get(db);
  if (!pending) {
    pending = sql`SELECT 1`
      .execute(db)
      .then(() => undefined)
      .finally(() => inFlight.delete(db));
    inFlight.set(db, pending);
  }
  return pending;
}
