/**
 * Migration 0019: scam signals on listings (docs/product.md §29, ADR 0034).
 *
 * - `listing_signals`: the signals a listing raised when it (or its seller's reports) last changed,
 *   one row per listing and kind, with the evidence the moderation desk shows (`evidence` JSON)
 *   and, for the time-bound rules, the instant the signal stops holding (`expires_at`).
 * - `picture_hashes`: the 64-bit dHash of each stored listing picture (its 1200 px URL), with the
 *   listing and its owner, to find another seller's near-duplicate photo by Hamming distance.
 *   Pictures stored before this migration are hashed by a background job at start.
 * - `advance_payment_phrases`: the phrases of a description that ask for money before meeting
 *   (English, Swahili, Sheng), kept as data; moderators may add rows.
 * - `safety_jobs`: one-time jobs done. A database with no listing yet needs no hashing of stored
 *   pictures, so 'hash_stored_pictures' is marked done here (the demo data's drawn covers, inserted
 *   later, are art, not photos, and are never hashed).
 */
import { type Kysely, sql } from 'kysely';

/** The phrase list seeded here (lower case, single spaces; matching ignores case, spacing and punctuation). */
export const SEEDED_PHRASES: readonly (readonly [phrase: string, language: 'en' | 'sw' | 'sheng'])[] = [
  ['send a deposit', 'en'],
  ['send deposit', 'en'],
  ['pay a deposit first', 'en'],
  ['deposit first', 'en'],
  ['booking fee', 'en'],
  ['pay first', 'en'],
  ['payment first', 'en'],
  ['pay before delivery', 'en'],
  ['pay before meeting', 'en'],
  ['send money first', 'en'],
  ['delivery fee upfront', 'en'],
  ['pay upfront', 'en'],
  ['tuma pesa kwanza', 'sw'],
  ['lipa kwanza', 'sw'],
  ['tuma deposit', 'sw'],
  ['lipa deposit', 'sw'],
  ['malipo kwanza', 'sw'],
  ['tuma booking', 'sheng'],
  ['tuma doh kwanza', 'sheng'],
  ['tuma mbao kwanza', 'sheng'],
  ['tuma fare', 'sheng'],
  ['tuma kitu kidogo', 'sheng'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_signals (
      listing_type text NOT NULL CHECK (listing_type IN ('products', 'services')),
      listing_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('price_outlier', 'reused_photo', 'advance_payment',
        'new_account_high_price', 'reported_seller')),
      message text NOT NULL,
      evidence jsonb NOT NULL DEFAULT '{}',
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (listing_type, listing_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX listing_signals_created_idx ON listing_signals (created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE picture_hashes (
      url text PRIMARY KEY,
      listing_type text NOT NULL CHECK (listing_type IN ('products', 'services')),
      listing_id uuid NOT NULL,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      hash bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX picture_hashes_listing_idx ON picture_hashes (listing_type, listing_id)`.execute(db);
  await sql`
    CREATE TABLE advance_payment_phrases (
      phrase text PRIMARY KEY,
      language text NOT NULL CHECK (language IN ('en', 'sw', 'sheng'))
    )`.execute(db);
  await sql`CREATE TABLE safety_jobs (name text PRIMARY KEY, done_at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  );
  await sql`
    INSERT INTO safety_jobs (name)
    SELECT 'hash_stored_pictures'
    WHERE NOT EXISTS (SELECT 1 FROM products) AND NOT EXISTS (SELECT 1 FROM services)`.execute(db);
  for (const [phrase, language] of SEEDED_PHRASES) {
    await sql`INSERT INTO advance_payment_phrases (phrase, language) VALUES (${phrase}, ${language})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS safety_jobs`.execute(db);
  await sql`DROP TABLE IF EXISTS advance_payment_phrases`.execute(db);
  await sql`DROP TABLE IF EXISTS picture_hashes`.execute(db);
  await sql`DROP TABLE IF EXISTS listing_signals`.execute(db);
}
