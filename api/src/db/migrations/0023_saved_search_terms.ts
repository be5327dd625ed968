/**
 * Migration 0023: saved searches found by indexed terms (docs/product.md §30; ADR 0035 "Indexed
 * terms").
 *
 * Matching a new listing evaluated every saved search of its kind, category and price band
 * (migration 0020's `saved_searches_match_idx`): a search without a category was a candidate for
 * every listing, and 100 000 saved searches cost seconds of CPU per listing. Now:
 *
 * - `saved_search_terms (term, saved_search_id)`: each saved search stored under the few terms
 *   any listing it matches is sure to carry (`saved-searches/index-terms.ts`: `c:` its course
 *   code, `w:` one of its own typed words, `t:` some trigrams of its words for the typo-tolerant
 *   match, or `k:` its kind and category when it has neither words nor a code). The primary key
 *   is the lookup index; the second index serves deletes (the rows go with their saved search).
 * - `saved_searches` gains copies of the rest of the filter — `condition`, `university`,
 *   `verified_only`, `course` (beside `category`, `min_price`, `max_price`) — checked in the
 *   lookup's own query.
 * - Existing saved searches are backfilled here (columns and terms, 500 at a time), with the
 *   application's own term rules (`writeSearchTerms`), like the verified-student backfill of
 *   migration 0012.
 */
import { type Kysely, sql } from 'kysely';
import { writeSearchTerms } from '../../saved-searches/repository.ts';
import type { Database, FavouriteKind } from '../schema.ts';

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE saved_searches
    ADD COLUMN condition text,
    ADD COLUMN university text,
    ADD COLUMN verified_only boolean NOT NULL DEFAULT false,
    ADD COLUMN course text`.execute(db);
  await sql`
    CREATE TABLE saved_search_terms (
      term text NOT NULL,
      saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      PRIMARY KEY (term, saved_search_id)
    )`.execute(db);
  await sql`CREATE INDEX saved_search_terms_search_idx ON saved_search_terms (saved_search_id)`.execute(db);
  await sql`DROP INDEX IF EXISTS saved_searches_match_idx`.execute(db);

  const typed = db as unknown as Kysely<Database>;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await typed
      .selectFrom('saved_searches')
      .select(['id', 'kind', 'filters'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await writeSearchTerms(
      typed,
      rows.map((row) => ({ id: row.id, kind: row.kind as FavouriteKind, filters: row.filters })),
    );
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS saved_searches_match_idx ON saved_searches (kind, category, min_price)`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS saved_search_terms`.execute(db);
  await sql`ALTER TABLE saved_searches
    DROP COLUMN IF EXISTS course,
    DROP COLUMN IF EXISTS verified_only,
    DROP COLUMN IF EXISTS university,
    DROP COLUMN IF EXISTS condition`.execute(db);
}
