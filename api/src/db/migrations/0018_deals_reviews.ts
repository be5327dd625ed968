/**
 * Migration 0018: confirmed deals, reviews and the stored rating (docs/product.md §28, ADR 0033).
 *
 * - `chat_contacts`: which signed-in students opened a listing's chat link (`kind` 'product' or
 *   'service', first and last time). A buyer may claim a deal, and a seller may name a buyer,
 *   only from these (within 30 days of `last_at`).
 * - `deals`: one buyer's deal on one listing (at most one per buyer and listing; never with
 *   oneself). `initiated_by` says who asked ('buyer' claimed it, 'seller' named the buyer); the
 *   other side confirms or declines. `status`: 'claimed' until answered, then 'confirmed' or
 *   'declined'; a claim unanswered for 30 days becomes 'expired'. The listing's title is kept
 *   (the listing may be deleted later: no foreign key to it).
 * - `reviews`: one side's rating of the other after a confirmed deal (1-5 stars, an optional
 *   comment of at most 500 characters), at most one per author and deal; the rated user may reply
 *   once; a moderator may hide it (`hidden_at`). `review_reports`: students' reports of a review.
 * - `users.rating_count` / `users.rating_sum`: the visible reviews a user received and their
 *   stars, kept in the same transaction as every review write or hide, so lists read the rating
 *   with the owner's row (no aggregate per request).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_contacts (
      kind text NOT NULL CHECK (kind IN ('product', 'service')),
      listing_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      first_at timestamptz NOT NULL,
      last_at timestamptz NOT NULL,
      PRIMARY KEY (kind, listing_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE deals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      listing_kind text NOT NULL CHECK (listing_kind IN ('product', 'service')),
      listing_id uuid NOT NULL,
      listing_title text NOT NULL,
      seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      buyer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      initiated_by text NOT NULL CHECK (initiated_by IN ('buyer', 'seller')),
      status text NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'confirmed', 'declined', 'expired')),
      created_at timestamptz NOT NULL,
      answered_at timestamptz,
      CHECK (seller_id <> buyer_id),
      UNIQUE (listing_kind, listing_id, buyer_id)
    )`.execute(db);
  await sql`CREATE INDEX deals_seller_idx ON deals (seller_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX deals_buyer_idx ON deals (buyer_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX deals_claimed_idx ON deals (created_at) WHERE status = 'claimed'`.execute(db);

  await sql`
    CREATE TABLE reviews (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
      author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      subject_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      author_role text NOT NULL CHECK (author_role IN ('buyer', 'seller')),
      stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
      comment text CHECK (char_length(comment) <= 500),
      reply text CHECK (char_length(reply) <= 500),
      replied_at timestamptz,
      hidden_at timestamptz,
      hidden_by uuid REFERENCES users (id) ON DELETE SET NULL,
      hidden_reason text,
      created_at timestamptz NOT NULL,
      UNIQUE (deal_id, author_id)
    )`.execute(db);
  await sql`CREATE INDEX reviews_subject_idx ON reviews (subject_id, created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE review_reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
      reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      details text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      created_at timestamptz NOT NULL,
      UNIQUE (review_id, reporter_id)
    )`.execute(db);
  await sql`CREATE INDEX review_reports_open_idx ON review_reports (created_at DESC) WHERE status = 'open'`.execute(
    db,
  );

  await sql`ALTER TABLE users ADD COLUMN rating_count integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN rating_sum integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS rating_sum`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS rating_count`.execute(db);
  await sql`DROP TABLE IF EXISTS review_reports`.execute(db);
  await sql`DROP TABLE IF EXISTS reviews`.execute(db);
  await sql`DROP TABLE IF EXISTS deals`.execute(db);
  await sql`DROP TABLE IF EXISTS chat_contacts`.execute(db);
}
