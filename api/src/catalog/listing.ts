/**
 * The paging logic of the products and services lists (spec 3 "Product list response", spec 7):
 * validates the price range, normalizes the filter, runs the page query and the exact count in
 * parallel (never `COUNT(*) OVER()`, docs/stack-notes.md), falls back to trigram matching when a search
 * finds nothing, and caches totals per normalized filter (`count-cache.ts`). The services cache
 * whole answers per `listKey` on top (`response-cache.ts`).
 */

import type { ListQuery } from '../common/schemas.ts';
import { badRequest } from '../errors.ts';
import type { TotalsCache } from './count-cache.ts';
import type { ListFilter } from './repository.ts';
import { parseSearch, type SearchMode } from './search.ts';

/** What a list repository provides (SQL lives there). */
export interface ListSource<Row> {
  /** One page of matching rows, most relevant/newest first. */
  findPage(filter: ListFilter, mode: SearchMode, offset: number, limit: number): Promise<Row[]>;
  /** Exact number of matching rows. */
  count(filter: ListFilter, mode: SearchMode): Promise<number>;
}

/** A cached total, with the search mode that produced it (a search that needed the trigram fallback keeps it). */
export interface CachedTotal {
  total: number;
  mode: SearchMode;
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** ceil(total / limit); 0 when nothing matches. */
  totalPages: number;
  currentPage: number;
}

export const MIN_GT_MAX_MESSAGE = 'minPrice must not be greater than maxPrice';

/** The filter of a validated list query (search words normalized by `parseSearch`). */
export function listFilter(query: ListQuery): ListFilter {
  const { minPrice, maxPrice, category } = query;
  return {
    search: parseSearch(query.search),
    category,
    minPrice,
    maxPrice,
    ...(query.verifiedOnly ? { verifiedOnly: true } : {}),
  };
}

/** One key per distinct filter (`?search=HP` and `?search=hp ` share it): the totals cache key. */
export function filterKey(filter: ListFilter): string {
  return JSON.stringify([
    filter.search?.words ?? [],
    filter.category ?? null,
    filter.minPrice ?? null,
    filter.maxPrice ?? null,
    filter.verifiedOnly === true,
  ]);
}

/**
 * One key per distinct answer of a validated list query: the filter plus page and limit (the
 * schema applied their defaults, so `?page=1&limit=20` and no query share it). The response
 * cache key (`response-cache.ts`).
 */
export function listKey(query: ListQuery): string {
  return `${query.page}:${query.limit}:${filterKey(listFilter(query))}`;
}

/**
 * Runs a list query.
 * @param query validated query (page >= 1, 1 <= limit <= 50, prices in KES >= 0)
 * @throws HttpError 400 'minPrice must not be greater than maxPrice'
 */
export async function listPage<Row>(
  source: ListSource<Row>,
  cache: TotalsCache<CachedTotal>,
  query: ListQuery,
): Promise<ListPage<Row>> {
  const { page, limit, minPrice, maxPrice } = query;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw badRequest(MIN_GT_MAX_MESSAGE, { minPrice: MIN_GT_MAX_MESSAGE });
  }
  const filter = listFilter(query);
  const key = filterKey(filter);
  const offset = (page - 1) * limit;
  const result = (rows: Row[], total: number): ListPage<Row> => ({
    rows,
    total,
    totalPages: Math.ceil(total / limit),
    currentPage: page,
  });

  const { value: cached, version } = await cache.lookup(key);
  if (cached) {
    const rows = offset < cached.total ? await source.findPage(filter, cached.mode, offset, limit) : [];
    return result(rows, cached.total);
  }

  let mode: SearchMode = filter.search ? 'fts' : 'none';
  let [rows, total] = await Promise.all([
    source.findPage(filter, mode, offset, limit),
    source.count(filter, mode),
  ]);
  if (total === 0 && filter.search?.trigram) {
    mode = 'trigram';
    [rows, total] = await Promise.all([
      source.findPage(filter, mode, offset, limit),
      source.count(filter, mode),
    ]);
  }
  await cache.set(key, { total, mode }, version);
  return result(rows, total);
}
