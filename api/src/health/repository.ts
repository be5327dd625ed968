/**
 * SQL of the health check.
 */
import { type Kysely, sql } from 'kysely';

/** Resolves when the database answers a trivial query; rejects otherwise. */
export async function ping(db: Kysely<any>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
