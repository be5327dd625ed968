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

/** A validated list query, normalized once per request: its filter, page and page size. */
export interface ListRequest {
  filter: ListFilter;
  /** 1-based */
  page: number;
  /** Items per page (1..50). */
  limit: number;
}

/**
 * Checks and normalizes a validated list query, once per request: the price range, and the
 * search words (`parseSearch`; the route's `cleanListQuery` already trimmed the text).
 * @param query validated query (page >= 1, 1 <= limit <= 50, prices in KES >= 0)
 * @throws HttpError 400 'minPrice must not be greater than maxPrice'
 */
export function listRequest(query: ListQuery): ListRequest {
  const { page, limit, minPrice, maxPrice, category } = query;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw badRequest(MIN_GT_MAX_MESSAGE, { minPrice: MIN_GT_MAX_MESSAGE });
  }
  const filter: ListFilter = {
    search: parseSearch(query.search),
    category,
    minPrice,
    maxPrice,
    ...(query.verifiedOnly ? { verifiedOnly: true } : {}),
  };
  return { filter, page, limit };
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
 * One key per distinct answer: the filter plus page and limit (the schema applied their
 * defaults, so `?page=1&limit=20` and no query share it). The response cache key
 * (`response-cache.ts`).
 */
export function listKey({ filter, page, limit }: ListRequest): string {
  return `${page}:${limit}:${filterKey(filter)}`;
}

/**
 * Runs a list request: the page and the exact total (cached per filter in `cache`), with the
 * trigram fallback when a search finds nothing.
 */
export async function listPage<Row>(
  source: ListSource<Row>,
  cache: TotalsCache<CachedTotal>,
  { filter, page, limit }: ListRequest,
): Promise<ListPage<Row>> {
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

/**
 * The list answer of a resource (spec 3 "Product list response"): the page under the
 * resource's names, e.g. `{ products, totalPages, totalProducts, currentPage }`.
 */
export type ListAnswer<Items extends string, Total extends string, Item> = {
  [K in Items | 'totalPages' | Total | 'currentPage']: K extends Items ? Item[] : number;
};

/** Names the items and the total of a page: `listAnswer(page, 'products', 'totalProducts')`. */
export function listAnswer<const Items extends string, const Total extends string, Item>(
  page: ListPage<Item>,
  itemsKey: Items,
  totalKey: Total,
): ListAnswer<Items, Total, Item> {
  return {
    [itemsKey]: page.rows,
    totalPages: page.totalPages,
    [totalKey]: page.total,
    currentPage: page.currentPage,
  } as ListAnswer<Items, Total, Item>;
}
