/**
 * List state in the URL query string (ARCHITECTURE "List state lives in the URL"): `?search=
 * &category=&minPrice=&maxPrice=&verifiedOnly=true&university=&condition=&sort=&page=`, so a list
 * can be shared, reloaded and navigated back to (sort, campus and condition: docs/product.md
 * §20.2-20.4; `course`, a textbook's course code: §31). Pure functions; the hook `useListUrlState`
 * wires them to react-router.
 */
import {
  KE_UNIVERSITY_NAMES,
  type ListQuery,
  type ListSort,
  PAGE_SIZE,
  type ProductCondition,
} from '@campus/shared';
import { normaliseCourseCode } from '@campus/shared/course-codes';
import { DEFAULT_SORT, isProductCondition, listSortOf } from './list-options';

/** The filters a list page shows; prices are the raw KES strings of the inputs ('' = unset). */
export interface ListFilters {
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  /** "Verified students only" (docs/product.md §19): `verifiedOnly=true` in the URL. */
  verifiedOnly: boolean;
  /** Campus: a KE university's full name, '' = every campus (docs/product.md §20.2). */
  university: string;
  /** Product condition (new | like_new | good | fair), '' = any (docs/product.md §20.4; products only). */
  condition: ProductCondition | '';
  /** List order (newest | price_asc | price_desc | most_viewed; docs/product.md §20.2). */
  sort: ListSort;
  /** A textbook's course code, normalised (`SCH2101`), '' = any (docs/product.md §31; products only). */
  course: string;
}

/** Filters plus the 1-based page number. */
export interface ListUrlState extends ListFilters {
  page: number;
}

/** Query-string keys this module owns (other keys in the URL are kept untouched). */
export const LIST_URL_KEYS = [
  'search',
  'category',
  'minPrice',
  'maxPrice',
  'verifiedOnly',
  'university',
  'condition',
  'sort',
  'course',
  'page',
] as const;

/** The API query of a list: the contract's, with the products' condition (docs/product.md §20.4). */
export type CatalogListQuery = ListQuery & { condition?: ProductCondition; course?: string };

/** A KES amount from user input or the URL: a finite number >= 0 as a trimmed string, else ''. */
export function cleanPrice(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  const amount = Number(text);
  return Number.isFinite(amount) && amount >= 0 ? text : '';
}

/**
 * Reads the list state from `params`. Unknown categories, universities, conditions and sorts,
 * negative or non-numeric prices and bad page numbers are dropped (so a hand-edited URL never
 * turns into an API 400).
 */
export function parseListUrl(params: URLSearchParams, categories: readonly string[]): ListUrlState {
  const category = params.get('category') ?? '';
  const university = params.get('university') ?? '';
  const condition = params.get('condition') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim(),
    category: categories.includes(category) ? category : '',
    minPrice: cleanPrice(params.get('minPrice')),
    maxPrice: cleanPrice(params.get('maxPrice')),
    verifiedOnly: params.get('verifiedOnly') === 'true',
    university: KE_UNIVERSITY_NAMES.includes(university) ? university : '',
    condition: isProductCondition(condition) ? condition : '',
    sort: listSortOf(sort),
    course: normaliseCourseCode(params.get('course') ?? '') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The next query string after applying `patch` to `current` params: any change to a filter
 * resets the page to 1 (docs/product.md §2 "The page number resets to 1"); empty values and page 1 are
 * left out so URLs stay short. Keys other than the list keys are kept.
 */
export function nextListParams(
  current: URLSearchParams,
  state: ListUrlState,
  patch: Partial<ListUrlState>,
): URLSearchParams {
  const filterChanged = (Object.keys(patch) as (keyof ListUrlState)[]).some(
    (key) => key !== 'page' && patch[key] !== state[key],
  );
  const next: ListUrlState = { ...state, ...patch, page: filterChanged ? 1 : (patch.page ?? state.page) };
  const params = new URLSearchParams(current);
  for (const key of LIST_URL_KEYS) params.delete(key);
  if (next.search) params.set('search', next.search);
  if (next.category) params.set('category', next.category);
  if (next.minPrice) params.set('minPrice', next.minPrice);
  if (next.maxPrice) params.set('maxPrice', next.maxPrice);
  if (next.verifiedOnly) params.set('verifiedOnly', 'true');
  if (next.university) params.set('university', next.university);
  if (next.condition) params.set('condition', next.condition);
  if (next.sort && next.sort !== DEFAULT_SORT) params.set('sort', next.sort);
  if (next.course) params.set('course', next.course);
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}

/** True when a category, a price bound or a condition is set (the search does not count). */
export function hasFilters(
  filters: Pick<ListFilters, 'category' | 'minPrice' | 'maxPrice'> & { condition?: string },
): boolean {
  return Boolean(filters.category || filters.minPrice || filters.maxPrice || filters.condition);
}

/**
 * The API query of docs/product.md §7 for a list state: page, limit 20, and only the filters that are set;
 * `sort` only when it is not the default (newest), so the default list keeps its cache key.
 */
export function toListQuery(state: ListUrlState): CatalogListQuery {
  const query: CatalogListQuery = { page: state.page, limit: PAGE_SIZE };
  if (state.search) query.search = state.search;
  if (state.category) query.category = state.category;
  if (state.minPrice) query.minPrice = Number(state.minPrice);
  if (state.maxPrice) query.maxPrice = Number(state.maxPrice);
  if (state.verifiedOnly) query.verifiedOnly = true;
  if (state.university) query.university = state.university;
  if (state.condition) query.condition = state.condition;
  if (state.sort && state.sort !== DEFAULT_SORT) query.sort = state.sort;
  if (state.course) query.course = state.course;
  return query;
}

/**
 * The filters a saved search keeps (docs/product.md §30): the list's API query without the page
 * and the page size.
 */
export function savedSearchFilters(query: CatalogListQuery): Record<string, unknown> {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters;
}

/** Validation message for a price range, or '' when min <= max (or either is unset). */
export function priceRangeError(minPrice: string, maxPrice: string): string {
  if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) {
    return 'Min price must not be more than max price';
  }
  return '';
}

/**
 * The list's parameters as URL strings, without `except` and the page: the hidden fields a form
 * of the list keeps when it is sent without JavaScript (a new search or sort starts at page 1).
 */
export function keptParams(state: ListUrlState, except: (keyof ListFilters)[]): Record<string, string> {
  const params = nextListParams(new URLSearchParams(), state, { page: 1 });
  for (const key of except) params.delete(key);
  return Object.fromEntries(params);
}
