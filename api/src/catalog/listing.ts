/**
 * The paging logic of the products and services lists (docs/product.md §3 "Product list response", docs/product.md §7):
 * validates the price range, normalizes the filter, runs the page query and the count in parallel
 * (never `COUNT(*) OVER()`, docs/stack-notes.md), falls back to trigram matching when a search
 * finds nothing, and caches totals per normalized filter (`count-cache.ts`). The services cache
 * whole answers per `listKey` on top (`response-cache.ts`).
 *
 * Counts (ADR 0037): a page whose top-N sort reads every match anyway (a search by relevance, a
 * sort under a search or a category) counts them in the same query, exactly. Otherwise (the
 * page is read in index order) the count is exact up to `EXACT_COUNT_LIMIT` matches; above it
 * the total is the query planner's estimate (at least `EXACT_COUNT_LIMIT + 1`) and the answer
 * says so (`totalIsEstimate`, the page shows "about N"), so a popular filter never reads every
 * match.
 */

import { normaliseCourseCode } from '@campus/shared/course-codes';
import { VALIDATION_MESSAGES } from '@campus/shared/validation-messages';
import type { ListQuery } from '../common/schemas.ts';
import { isShared, markShared } from '../common/shared-answers.ts';
import { badRequest } from '../errors.ts';
import { kenyanUniversityName } from '../universities/universities.ts';
import type { TotalsCache } from './count-cache.ts';
import { type ListFilter, type ListOrder, pageFromIndex } from './repository.ts';
import { parseSearch, type SearchMode, type SynonymMap } from './search.ts';

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
  /**
   * A page not read in index order with the exact number of matches (`count(*) OVER ()`), or
   * null for the total when the page is empty.
   */
  findPageCounted(
    filter: ListFilter,
    mode: SearchMode,
    offset: number,
    limit: number,
    order: ListOrder,
  ): Promise<{ rows: Row[]; total: number | null }>;
  /** Number of matching rows, reading at most `cap`: exact below `cap`, else `cap`. */
  countUpTo(filter: ListFilter, mode: SearchMode, cap: number): Promise<number>;
  /** The planner's estimate of the number of matching rows (reads none). */
  estimateCount(filter: ListFilter, mode: SearchMode): Promise<number>;
}

/**
 * Largest total a list answer counts exactly (ADR 0037): with more matches the total is an
 * estimate, flagged `totalIsEstimate` and shown as "about N".
 */
export const EXACT_COUNT_LIMIT = 1000;

/**
 * A cached total, with the search mode that produced it (a search that needed the trigram
 * fallback keeps it) and whether it is an estimate (more than the exact-count limit).
 */
export interface CachedTotal {
  total: number;
  mode: SearchMode;
  /** True: `total` is the planner's estimate (absent in totals cached before estimates existed). */
  estimate?: boolean;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Exact, or an estimate when `totalIsEstimate`. */
  total: number;
  /** ceil(total / limit), a whole number; 0 when nothing matches. */
  totalPages: number;
  currentPage: number;
  /** Only when a search found nothing: nearest searches that find listings (docs/product.md §31). */
  suggestions?: string[];
  /** True when `total` is an estimate (more than the exact-count limit matched). */
  totalIsEstimate: boolean;
}

/** How `listPage` counts. */
export interface ListPageOptions {
  /** Largest total counted exactly (default `EXACT_COUNT_LIMIT`; tests lower it). */
  exactCountLimit?: number;
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

/** 400 for a `course` filter that is not a course code (docs/product.md §31). */
export const COURSE_FILTER_MESSAGE = VALIDATION_MESSAGES.courseFilterInvalid;

/**
 * The `course` filter normalised (`sch 2101` → `SCH2101`, docs/product.md §31); undefined when not given.
 * @throws HttpError 400 `COURSE_FILTER_MESSAGE` for anything that is not a course code
 */
export function courseFilter(typed: string | undefined): string | undefined {
  if (typed === undefined) return undefined;
  const code = normaliseCourseCode(typed);
  if (!code) throw badRequest(COURSE_FILTER_MESSAGE, { course: COURSE_FILTER_MESSAGE });
  return code;
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
 * @param options.conditions true for products: `condition` and `course` filter (services ignore them)
 * @param options.synonyms the synonym groups to expand the search with (docs/product.md §31); default none
 * @throws HttpError 400 'minPrice must not be greater than maxPrice', `UNKNOWN_UNIVERSITY_MESSAGE`,
 *   `COURSE_FILTER_MESSAGE`
 */
export function listRequest(
  query: ListQuery,
  options: { conditions?: boolean; synonyms?: SynonymMap } = {},
): ListRequest {
  const { page, limit, minPrice, maxPrice, category } = query;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw badRequest(MIN_GT_MAX_MESSAGE, { minPrice: MIN_GT_MAX_MESSAGE });
  }
  const university = universityFilter(query.university);
  const course = options.conditions ? courseFilter(query.course) : undefined;
  const search = parseSearch(query.search, options.synonyms);
  const filter: ListFilter = {
    search,
    category,
    minPrice,
    maxPrice,
    ...(query.verifiedOnly ? { verifiedOnly: true } : {}),
    ...(university ? { university } : {}),
    ...(options.conditions && query.condition ? { condition: query.condition } : {}),
    ...(course ? { course } : {}),
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
    filter.course ?? null,
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
 * The total a page shows (ADR 0037). An exact total is kept. An estimate is corrected by what
 * the page itself proves: a short, non-empty page (or an empty first page) is the last one, so
 * the total is exact (`offset + rows`); a full page means at least one more match, so the total
 * is at least `offset + limit + 1` and the pagination always offers the next page.
 */
export function pageTotal(
  total: number,
  estimate: boolean,
  offset: number,
  limit: number,
  found: number,
): { total: number; estimate: boolean } {
  if (!estimate) return { total, estimate };
  if (found < limit && (found > 0 || offset === 0)) return { total: offset + found, estimate: false };
  if (found === limit) return { total: Math.max(total, offset + limit + 1), estimate };
  return { total, estimate };
}

/**
 * Runs a list request: the page and the total (cached per filter in `cache`), with the trigram
 * fallback when a search finds nothing. A page not read in index order counts its matches in
 * the same query (`findPageCounted`, exact). Otherwise the total is exact up to
 * `exactCountLimit` matches (`countUpTo` reads at most one more); above it, the planner's
 * estimate, at least `exactCountLimit + 1`, with `totalIsEstimate` (ADR 0037; corrected by the
 * page, `pageTotal`).
 */
export async function listPage<Row>(
  source: ListSource<Row>,
  cache: TotalsCache<CachedTotal>,
  { filter, page, limit, order }: ListRequest,
  options: ListPageOptions = {},
): Promise<ListPage<Row>> {
  const exactLimit = options.exactCountLimit ?? EXACT_COUNT_LIMIT;
  const key = filterKey(filter);
  const offset = (page - 1) * limit;
  const result = (rows: Row[], counted: number, estimated: boolean): ListPage<Row> => {
    const { total, estimate } = pageTotal(counted, estimated, offset, limit, rows.length);
    return {
      rows,
      total,
      totalPages: Math.ceil(total / limit),
      currentPage: page,
      totalIsEstimate: estimate,
    };
  };

  const { value: cached, version } = await cache.lookup(key);
  if (cached) {
    const estimate = cached.estimate === true;
    const rows =
      estimate || offset < cached.total
        ? await source.findPage(filter, cached.mode, offset, limit, order)
        : [];
    return result(rows, cached.total, estimate);
  }

  /** The page and its total in `mode`; `exact` when the page query counted every match. */
  const attempt = async (mode: SearchMode): Promise<{ rows: Row[]; total: number; exact: boolean }> => {
    if (!pageFromIndex(order, filter)) {
      const counted = await source.findPageCounted(filter, mode, offset, limit, order);
      if (counted.total !== null) return { rows: counted.rows, total: counted.total, exact: true };
      if (offset === 0) return { rows: [], total: 0, exact: true };
      return { rows: [], total: await source.countUpTo(filter, mode, exactLimit + 1), exact: false };
    }
    const [rows, total] = await Promise.all([
      source.findPage(filter, mode, offset, limit, order),
      source.countUpTo(filter, mode, exactLimit + 1),
    ]);
    return { rows, total, exact: false };
  };

  let mode: SearchMode = filter.search ? 'fts' : 'none';
  let { rows, total, exact } = await attempt(mode);
  if (total === 0 && filter.search?.trigram) {
    mode = 'trigram';
    ({ rows, total, exact } = await attempt(mode));
  }
  const estimate = !exact && total > exactLimit;
  if (estimate) total = Math.max(exactLimit + 1, await source.estimateCount(filter, mode));
  await cache.set(key, { total, mode, estimate }, version);
  return result(rows, total, estimate);
}

/**
 * The list answer of a resource (docs/product.md §3 "Product list response"): the page under the
 * resource's names, e.g. `{ products, totalPages, totalProducts, currentPage }`, plus
 * `totalIsEstimate: true` when the total is an estimate (ADR 0037; absent when exact).
 */
export type ListAnswer<Items extends string, Total extends string, Item> = {
  [K in Items | 'totalPages' | Total | 'currentPage']: K extends Items ? Item[] : number;
} & { totalIsEstimate?: true; suggestions?: string[] };

/** The answer made of each shared (cached) page, so every request for it gets the same object. */
const sharedAnswers = new WeakMap<object, { itemsKey: string; answer: unknown }>();

/**
 * Names the items and the total of a page: `listAnswer(page, 'products', 'totalProducts')`. For a
 * page from the response cache (`isShared`) the answer is made once and is itself shared, so its
 * JSON and ETag are computed once per cache entry (docs/decisions/0044); never mutate it.
 */
export function listAnswer<const Items extends string, const Total extends string, Item>(
  page: ListPage<Item>,
  itemsKey: Items,
  totalKey: Total,
): ListAnswer<Items, Total, Item> {
  const shared = isShared(page);
  if (shared) {
    const known = sharedAnswers.get(page);
    if (known?.itemsKey === itemsKey) return known.answer as ListAnswer<Items, Total, Item>;
  }
  const answer = {
    [itemsKey]: page.rows,
    totalPages: page.totalPages,
    [totalKey]: page.total,
    currentPage: page.currentPage,
    ...(page.totalIsEstimate ? { totalIsEstimate: true } : {}),
    ...(page.suggestions ? { suggestions: page.suggestions } : {}),
  } as ListAnswer<Items, Total, Item>;
  if (shared) {
    markShared(answer);
    sharedAnswers.set(page, { itemsKey, answer });
  }
  return answer;
}
