/**
 * Migration 0015: what a report weighs towards an automatic hold (docs/decisions/0028).
 *
 * - `reports.reporter_network`: a keyed hash (HMAC-SHA-256 with the site's secret) of the address
 *   the report came from; reports from one network count once towards a hold. Null for reports
 *   stored before this migration (they count per reporter). No address is stored in the clear.
 * - `report_rings`: a small group of reporters who reported many of the same targets within a day,
 *   flagged for the moderation desk; while a flag is open, its members' reports do not count
 *   towards holds. `members` is sorted, so one group has one row (`report_rings_members_key`).
 * - `reports_target_created_idx`: the ring check looks up every report of a target, open or closed.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reports ADD COLUMN reporter_network text`.execute(db);
  await sql`
    CREATE INDEX reports_target_created_idx ON reports (target_type, target_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE report_rings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      members uuid[] NOT NULL,
      shared_targets integer NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed')),
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by uuid REFERENCES users (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX report_rings_members_key ON report_rings (members)`.execute(db);
  await sql`CREATE INDEX report_rings_members_gin ON report_rings USING gin (members)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS report_rings`.execute(db);
  await sql`DROP INDEX IF EXISTS reports_target_created_idx`.execute(db);
  await sql`ALTER TABLE reports DROP COLUMN IF EXISTS reporter_network`.execute(db);
}
