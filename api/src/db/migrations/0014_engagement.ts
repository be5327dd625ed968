/**
 * Migration 0014: saved items, daily listing counters and the chat-click de-duplication of
 * docs/product.md §20 (items 1, 6, 7, 10; docs/decisions/0020-batched-counters-and-daily-visitor-hash.md).
 *
 * - `favourites`: a user's saved product or service (`kind` + `listing_id`; no foreign key to the
 *   listing, which may be deleted: the saved list then shows it as removed). One row per user and
 *   listing (the primary key makes saving idempotent); `favourites_listing_idx` counts a
 *   listing's saves, the primary key lists a user's.
 * - `listing_daily_stats`: views and chat clicks per listing (`products`, `services`, `shops`) and
 *   Africa/Nairobi day, written by the batched flush (multi-row upserts). All-time chat clicks
 *   are their sum; all-time views stay in the listings' `views` column.
 * - `chat_visitors`: which visitors' clicks were counted today and yesterday: a salted hash of
 *   (client address, user agent) per listing and day, nothing else; rows older than 2 days are
 *   deleted by the flush.
 * - `visitor_salts`: the random salt of each day, shared by every API process (when REDIS_URL is
 *   set the salt lives in Redis instead); deleted after 2 days, so old hashes cannot be recomputed.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE favourites (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('products', 'services')),
      listing_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind, listing_id)
    )`.execute(db);
  await sql`CREATE INDEX favourites_listing_idx ON favourites (kind, listing_id)`.execute(db);

  await sql`
    CREATE TABLE listing_daily_stats (
      kind text NOT NULL CHECK (kind IN ('products', 'services', 'shops')),
      listing_id uuid NOT NULL,
      day date NOT NULL,
      views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
      chat_clicks integer NOT NULL DEFAULT 0 CHECK (chat_clicks >= 0),
      PRIMARY KEY (kind, listing_id, day)
    )`.execute(db);

  await sql`
    CREATE TABLE chat_visitors (
      day date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('products', 'services', 'shops')),
      listing_id uuid NOT NULL,
      visitor text NOT NULL,
      PRIMARY KEY (day, kind, listing_id, visitor)
    )`.execute(db);

  await sql`
    CREATE TABLE visitor_salts (
      day date PRIMARY KEY,
      salt text NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS visitor_salts`.execute(db);
  await sql`DROP TABLE IF EXISTS chat_visitors`.execute(db);
  await sql`DROP TABLE IF EXISTS listing_daily_stats`.execute(db);
  await sql`DROP TABLE IF EXISTS favourites`.execute(db);
}
