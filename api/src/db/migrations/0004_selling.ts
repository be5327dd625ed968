/**
 * Migration 0004: selling (docs/product.md §15).
 *
 * - `events`: campus events announced by students (title, description, start, optional end after
 *   the start, venue, optional university, optional cover, optional price in KES). `GET /events`
 *   lists upcoming ones (still running or not started: `coalesce(ends_at, starts_at) >= now`)
 *   soonest first, served by `events_upcoming_idx`.
 * - `services_provider_newest_idx` and `products_seller_newest_idx`: the dashboard's "my
 *   listings" lists (newest first per owner).
 *
 * Text length limits are enforced by the API (`LISTING_LIMITS`), not here. Written for
 * PostgreSQL 15 (see 0001).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organizer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      starts_at timestamptz NOT NULL,
      ends_at timestamptz CHECK (ends_at IS NULL OR ends_at > starts_at),
      venue text NOT NULL,
      university text,
      cover_image text,
      cover_thumbnail text,
      price numeric(12, 2) CHECK (price IS NULL OR price >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX events_upcoming_idx ON events ((coalesce(ends_at, starts_at)), starts_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX events_organizer_idx ON events (organizer_id, starts_at DESC)`.execute(db);
  await sql`CREATE INDEX products_seller_newest_idx ON products (seller_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX services_provider_newest_idx ON services (provider_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS services_provider_newest_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_seller_newest_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS events`.execute(db);
}
