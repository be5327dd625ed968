/**
 * Migration 0010: moderation state of listings and accounts (docs/product.md §19).
 *
 * - `products`, `services`, `shops`: `moderation` — 'visible' (default), 'held' (3 distinct
 *   reporters: hidden pending review) or 'hidden' (a moderator hid it) — with the reason the owner
 *   sees (`moderation_reason`), and `owner_suspended`, true while the owner's account is
 *   suspended (set in the suspension's transaction). The public sees a row only when
 *   `moderation = 'visible' AND NOT owner_suspended` (`visibleToPublic` in catalog/repository.ts,
 *   the one place of that rule).
 * - `users`: `suspended_at` / `suspended_reason` (a suspended account's tokens and logins are
 *   refused) and `verified_student` (docs/product.md §19.5; computed by the API on verification and on
 *   e-mail/university changes, backfilled by 0012).
 *
 * Constant defaults: PostgreSQL 11+ adds these columns without rewriting the tables.
 */
import { type Kysely, sql } from 'kysely';

const LISTINGS = ['products', 'services', 'shops'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of LISTINGS) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN moderation text NOT NULL DEFAULT 'visible'
          CHECK (moderation IN ('visible', 'held', 'hidden')),
        ADD COLUMN moderation_reason text,
        ADD COLUMN owner_suspended boolean NOT NULL DEFAULT false`.execute(db);
  }
  await sql`
    ALTER TABLE users
      ADD COLUMN suspended_at timestamptz,
      ADD COLUMN suspended_reason text,
      ADD COLUMN verified_student boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      DROP COLUMN IF EXISTS verified_student,
      DROP COLUMN IF EXISTS suspended_reason,
      DROP COLUMN IF EXISTS suspended_at`.execute(db);
  for (const table of LISTINGS) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP COLUMN IF EXISTS owner_suspended,
        DROP COLUMN IF EXISTS moderation_reason,
        DROP COLUMN IF EXISTS moderation`.execute(db);
  }
}
