/**
 * Migration 0011: reports and the moderation audit log (docs/product.md §19.1-19.3).
 *
 * - `reports`: one user's report of a product, service, shop or user (`target_type`,
 *   `target_id`; no foreign key, the target may be of four tables and may be deleted), a reason of
 *   the fixed list, optional details (the API caps them at 500 characters), `open` until a
 *   moderator closes it (`closed_at`, `closed_by`, `resolution`). At most one OPEN report per
 *   reporter and target (partial unique index): repeating a report is idempotent.
 *   `reports_open_target_idx` serves the hold threshold (distinct reporters of a target) and the
 *   desk's grouping.
 * - `audit_log`: every moderation action (who, when, action, target, reason), written in the
 *   action's transaction.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      target_type text NOT NULL CHECK (target_type IN ('product', 'service', 'shop', 'user')),
      target_id uuid NOT NULL,
      reason text NOT NULL CHECK (reason IN ('scam', 'prohibited', 'spam', 'offensive', 'sold', 'other')),
      details text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      resolution text,
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by uuid REFERENCES users (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX reports_one_open_per_reporter_key
      ON reports (reporter_id, target_type, target_id) WHERE status = 'open'`.execute(db);
  await sql`
    CREATE INDEX reports_open_target_idx
      ON reports (target_type, target_id, reporter_id) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_status_created_idx ON reports (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX reports_reporter_created_idx ON reports (reporter_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id uuid NOT NULL,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`DROP TABLE IF EXISTS reports`.execute(db);
}
