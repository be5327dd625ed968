/**
 * The SQL of what search knows besides the listings (docs/product.md §31, ADR 0036): the synonym
 * groups (`search_synonyms`, migration 0021) with the admins' edits and their audit row, and the
 * "Did you mean" words (`search_words`, kept by a trigger, nearest by trigram similarity and
 * checked against the public listings of one table). Identical on PGlite and PostgreSQL.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type ListingTable, visibleToPublic } from './repository.ts';
import type { SynonymGroup } from './search.ts';

/** The audit log's target id of a synonyms edit (the list has no id of its own): the nil UUID. */
export const SYNONYMS_AUDIT_TARGET = '00000000-0000-0000-0000-000000000000';

export type SearchRepository = ReturnType<typeof searchRepository>;

/** Builds the search repository over `db`. */
export function searchRepository(db: Kysely<Database>) {
  /**
   * `EXISTS` a public, listed row of `spec`'s table whose search vector matches `tsquery` (a
   * tsquery text of letters/digits terms, or a column holding one word).
   */
  const anyListing = (spec: ListingTable, tsquery: string | RawBuilder<string>) => {
    const conditions = [
      visibleToPublic('l'),
      typeof tsquery === 'string'
        ? sql<SqlBool>`l.search @@ to_tsquery('simple', ${tsquery})`
        : // A stored word: plainto_tsquery never fails on what the title's words hold.
          sql<SqlBool>`l.search @@ plainto_tsquery('simple', ${tsquery})`,
      ...spec.rules.listed('l'),
    ];
    return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(spec.table)} l WHERE ${sql.join(conditions, sql` AND `)})`;
  };

  return {
    /** Every synonym group, in the order they were written. */
    async synonymGroups(): Promise<SynonymGroup[]> {
      return db.selectFrom('search_synonyms').select(['words', 'narrower']).orderBy('id').execute();
    },

    /**
     * Replaces every synonym group with `groups` (already normalised) and writes the audit row
     * (action 'synonyms_update', target 'synonyms', reason: how many groups) — one transaction.
     */
    async replaceSynonyms(groups: SynonymGroup[], actorId: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('search_synonyms').execute();
        if (groups.length > 0) {
          await trx
            .insertInto('search_synonyms')
            .values(
              groups.map((group) => ({ words: group.words, narrower: group.narrower, updated_at: now })),
            )
            .execute();
        }
        await trx
          .insertInto('audit_log')
          .values({
            actor_id: actorId,
            action: 'synonyms_update',
            target_type: 'synonyms',
            target_id: SYNONYMS_AUDIT_TARGET,
            reason: `${groups.length} synonym groups`,
            created_at: now,
          })
          .execute();
      });
    },

    /** True when a public listing of `spec` has a word starting with `word` (letters/digits only). */
    async wordHasListings(spec: ListingTable, word: string): Promise<boolean> {
      const { rows } = await sql<{
        found: boolean;
      }>`SELECT ${anyListing(spec, `${word}:*`)} AS found`.execute(db);
      return rows[0]?.found === true;
    },

    /**
     * Up to `limit` title words nearest to `word` (pg_trgm `similarity`, at least
     * `pg_trgm.similarity_threshold`, 0.3), nearest first, each found in a public listing of `spec`.
     */
    async nearestWords(spec: ListingTable, word: string, limit: number): Promise<string[]> {
      const { rows } = await sql<{ word: string }>`
        SELECT w.word FROM (
          SELECT word, similarity(word, ${word}) AS score FROM search_words
          WHERE word % ${word} AND word <> ${word}
          ORDER BY score DESC, word LIMIT 12
        ) w
        WHERE ${anyListing(spec, sql<string>`w.word`)}
        ORDER BY w.score DESC, w.word LIMIT ${limit}`.execute(db);
      return rows.map((row) => row.word);
    },
  };
}
