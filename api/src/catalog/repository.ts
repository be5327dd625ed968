/**
 * SQL shared by the products and services list queries: the WHERE conditions of a filter and
 * the ORDER BY of each search mode. Identical on PGlite and PostgreSQL.
 *
 * Search (see `search.ts`): full-text uses the stored `search` tsvector (GIN index) with
 * `to_tsquery('simple', 'w1:* & w2:*')`, ranked by `ts_rank`; the trigram fallback uses
 * `term <% title` (word_similarity >= pg_trgm.word_similarity_threshold, default 0.6; GIN
 * trigram index on the title/name only), ranked by `word_similarity`. Ties and plain lists:
 * newest first, `created_at DESC, id DESC` (matches the list indexes).
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SearchMode, SearchTerms } from './search.ts';

/** A list filter after normalization (prices in KES). */
export interface ListFilter {
  search: SearchTerms | null;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
}

/**
 * WHERE conditions for `filter` on the table aliased `alias`, whose text column is `titleColumn`.
 * @param mode 'none' ignores `filter.search`; 'fts' / 'trigram' need `filter.search`
 */
export function listConditions(
  filter: ListFilter,
  mode: SearchMode,
  alias: string,
  titleColumn: string,
): Expression<SqlBool>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (filter.category !== undefined)
    conditions.push(sql<SqlBool>`${column('category')} = ${filter.category}`);
  if (filter.minPrice !== undefined) conditions.push(sql<SqlBool>`${column('price')} >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql<SqlBool>`${column('price')} <= ${filter.maxPrice}`);
  if (mode === 'fts' && filter.search) {
    conditions.push(sql<SqlBool>`${column('search')} @@ to_tsquery('simple', ${filter.search.tsquery})`);
  }
  if (mode === 'trigram' && filter.search?.trigram) {
    conditions.push(sql<SqlBool>`${filter.search.trigram} <% ${column(titleColumn)}`);
  }
  return conditions;
}

/** ORDER BY expressions (most relevant first, then newest) for a search mode. */
export function listOrder(
  filter: ListFilter,
  mode: SearchMode,
  alias: string,
  titleColumn: string,
): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const newest = sql`${column('created_at')} DESC, ${column('id')} DESC`;
  if (mode === 'fts' && filter.search) {
    return sql`ts_rank(${column('search')}, to_tsquery('simple', ${filter.search.tsquery})) DESC, ${newest}`;
  }
  if (mode === 'trigram' && filter.search?.trigram) {
    return sql`word_similarity(${filter.search.trigram}, ${column(titleColumn)}) DESC, ${newest}`;
  }
  return newest;
}
