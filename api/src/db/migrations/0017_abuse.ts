/**
 * Migration 0017: abuse limits (docs/decisions/0031).
 *
 * - `products`, `services`, `shops`: `deleted_at`, set when the owner deletes a listing that is
 *   held or hidden (a soft delete: the row and its moderation record stay for the moderation
 *   desk; every public and owner read leaves it out, `visibleToPublic` included).
 */
import { type Kysely, sql } from 'kysely';

const LISTINGS = ['products', 'services', 'shops'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of LISTINGS) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN deleted_at timestamptz`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LISTINGS) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS deleted_at`.execute(db);
  }
}
