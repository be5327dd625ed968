/**
 * Migration 0020: saved searches and their alerts (docs/product.md §30; ADR 0035).
 *
 * - `saved_searches`: a student's saved list query: `kind` (products | services), `name`,
 *   `filters` (the list route's validated query as JSON: search, category, minPrice, maxPrice,
 *   condition, university, verifiedOnly, sort, and any filter the list gains later), `alert`
 *   (instant | daily | off) and `last_seen_at` (new matches are the ones matched after it).
 *   `category`, `min_price` and `max_price` copy the filter's values so a new listing is matched
 *   against the few saved searches of its kind, category and price band by index
 *   (`saved_searches_match_idx`), not against all of them.
 * - `saved_search_matches`: which listings matched which saved search (one row each: the primary
 *   key is why a listing is never alerted twice for one saved search), when, and when it was
 *   mailed (`alerted_at`; null: not yet, or the alert is off).
 * - `listing_live_events`: listings that went live (new, back to available, restored), written
 *   by the listing writes and consumed by the matcher (durable: a restart loses none).
 * - `saved_search_mailers`: per student, when their last instant alert is or was due (the 15-minute
 *   batching window).
 * - `scheduled_runs`: the day each scheduled job last ran (the 18:00 daily digest), claimed with
 *   a conditional UPDATE so two API processes never both run it.
 * - `mail_outbox.headers`: extra mail headers (List-Unsubscribe) of a queued mail.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE saved_searches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('products', 'services')),
      name text NOT NULL,
      filters jsonb NOT NULL,
      alert text NOT NULL CHECK (alert IN ('instant', 'daily', 'off')),
      category text,
      min_price numeric(14,2),
      max_price numeric(14,2),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at)`.execute(db);
  await sql`CREATE INDEX saved_searches_match_idx ON saved_searches (kind, category, min_price)`.execute(db);

  await sql`
    CREATE TABLE saved_search_matches (
      saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      listing_id uuid NOT NULL,
      matched_at timestamptz NOT NULL,
      alerted_at timestamptz,
      PRIMARY KEY (saved_search_id, listing_id)
    )`.execute(db);
  await sql`CREATE INDEX saved_search_matches_recent_idx ON saved_search_matches (saved_search_id, matched_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE listing_live_events (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('products', 'services')),
      listing_id uuid NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE saved_search_mailers (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      instant_due_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE scheduled_runs (
      name text PRIMARY KEY,
      last_run_on date NOT NULL
    )`.execute(db);

  await sql`ALTER TABLE mail_outbox ADD COLUMN headers jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS headers`.execute(db);
  await sql`DROP TABLE IF EXISTS scheduled_runs`.execute(db);
  await sql`DROP TABLE IF EXISTS saved_search_mailers`.execute(db);
  await sql`DROP TABLE IF EXISTS listing_live_events`.execute(db);
  await sql`DROP TABLE IF EXISTS saved_search_matches`.execute(db);
  await sql`DROP TABLE IF EXISTS saved_searches`.execute(db);
}
