/**
 * The paging logic of the products and services lists (docs/product.md §3 "Product list response", docs/product.md §7):
 * validates the price range, normalizes the filter, runs the page query and the exact count in
 * parallel (never `COUNT(*) OVER()`, docs/stack-notes.md), falls back to trigram matching when a search
 * finds nothing, and caches totals per normalized filter (`count-cache.ts`). The services cache
 * whole answers per `listKey` on top (`response-cache.ts`).
 */

import type { ListQuery } from '../common/schemas.ts';
import { badRequest } from '../errors.ts';
import { kenyanUniversityName } from '../universities/universities.ts';
import type { TotalsCache } from './count-cache.ts';
import type { ListFilter, ListOrder } from './repository.ts';
import { parseSearch, type SearchMode } from './search.ts';

/** What a list repository provides (SQL lives there). */
export interface ListSource<Row> {
  /** One page of matching rows in `order` (ties newest first). */
  findPage(
    filter: ListFilter,
    mode: SearchMode,
    offset: number,
    limit: number,
    order: ListOrder,
  ): Promise<Row[]>;
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
/** 400 for a `university` filter that is not a Kenyan university of the list (docs/product.md §20.3). */
export const UNKNOWN_UNIVERSITY_MESSAGE =
  'university must be a Kenyan university from the list (GET /api/v1/universities?country=KE)';

/**
 * The `university` filter in the list's own spelling (docs/product.md §20.3 and §20.9): a name of the
 * Kenyan list, matched case-insensitively after trimming; undefined when not given.
 * @throws HttpError 400 `UNKNOWN_UNIVERSITY_MESSAGE` for any other name
 */
export function universityFilter(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const known = kenyanUniversityName(name);
  if (!known) throw badRequest(UNKNOWN_UNIVERSITY_MESSAGE, { university: UNKNOWN_UNIVERSITY_MESSAGE });
  return known;
}

/** A validated list query, normalized once per request: its filter, page and page size. */
export interface ListRequest {
  filter: ListFilter;
  /** 1-based */
  page: number;
  /** Items per page (1..50). */
  limit: number;
  /** The page's order: `sort`, else relevance for a search, else newest (docs/product.md §20.2). */
  order: ListOrder;
}

/**
 * Checks and normalizes a validated list query, once per request: the price range, the
 * university (docs/product.md §20.3), the search words (`parseSearch`; the route's `cleanListQuery`
 * already trimmed the text) and the order (docs/product.md §20.2: an explicit `sort` wins; a search
 * without one is ordered by relevance; else newest).
 * @param query validated query (page >= 1, 1 <= limit <= 50, prices in KES >= 0, sort and
 *   condition from their lists)
 * @param options.conditions true for products: `condition` filters (services ignore it)
 * @throws HttpError 400 'minPrice must not be greater than maxPrice', `UNKNOWN_UNIVERSITY_MESSAGE`
 */
export function listRequest(query: ListQuery, options: { conditions?: boolean } = {}): ListRequest {
  const { page, limit, minPrice, maxPrice, category } = query;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw badRequest(MIN_GT_MAX_MESSAGE, { minPrice: MIN_GT_MAX_MESSAGE });
  }
  const university = universityFilter(query.university);
  const search = parseSearch(query.search);
  const filter: ListFilter = {
    search,
    category,
    minPrice,
    maxPrice,
    ...(query.verifiedOnly ? { verifiedOnly: true } : {}),
    ...(university ? { university } : {}),
    ...(options.conditions && query.condition ? { condition: query.condition } : {}),
  };
  const order: ListOrder = query.sort ?? (search ? 'relevance' : 'newest');
  return { filter, page, limit, order };
}

/** One key per distinct filter (`?search=HP` and `?search=hp ` share it): the totals cache key. */
export function filterKey(filter: ListFilter): string {
  return JSON.stringify([
    filter.search?.words ?? [],
    filter.category ?? null,
    filter.minPrice ?? null,
    filter.maxPrice ?? null,
    filter.verifiedOnly === true,
    filter.university ?? null,
    filter.condition ?? null,
  ]);
}

/**
 * One key per distinct answer: the order, the filter, page and limit (the schema applied their
 * defaults, so `?page=1&limit=20` and no query share it; `?sort=newest` and no sort share it
 * too). The response cache key (`response-cache.ts`).
 */
export function listKey({ filter, page, limit, order }: ListRequest): string {
  return `${page}:${limit}:${order}:${filterKey(filter)}`;
}

/**
 * Runs a list request: the page and the exact total (cached per filter in `cache`), with the
 * trigram fallback when a search finds nothing.
 */
export async function listPage<Row>(
  source: ListSource<Row>,
  cache: TotalsCache<CachedTotal>,
  { filter, page, limit, order }: ListRequest,
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
    const rows =
      offset < cached.total ? await source.findPage(filter, cached.mode, offset, limit, order) : [];
    return result(rows, cached.total);
  }

  let mode: SearchMode = filter.search ? 'fts' : 'none';
  let [rows, total] = await Promise.all([
    source.findPage(filter, mode, offset, limit, order),
    source.count(filter, mode),
  ]);
  if (total === 0 && filter.search?.trigram) {
    mode = 'trigram';
    [rows, total] = await Promise.all([
      source.findPage(filter, mode, offset, limit, order),
      source.count(filter, mode),
    ]);
  }
  await cache.set(key, { total, mode }, version);
  return result(rows, total);
}

/**
 * The list answer of a resource (docs/product.md §3 "Product list response"): the page under the
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
