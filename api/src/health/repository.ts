/**
 * SQL of the health check.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Resolves when the database answers a trivial query; rejects otherwise. */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
