/**
 * The query string of the products and services lists (docs/product.md §7: page, limit, search, minPrice,
 * maxPrice, category; docs/product.md §19: verifiedOnly; docs/product.md §20: sort, university, and for products
 * condition). Pure `as const` data.
 */
import { MAX_PAGE_SIZE, PAGE_SIZE, PRODUCT_CONDITIONS } from '../constants';

/** Largest page number accepted (keeps OFFSET within bigint; far past any real last page). */
export const MAX_PAGE = 1_000_000;
/** Largest price bound accepted in filters, KES (numeric(12,2) holds up to 9 999 999 999.99). */
export const MAX_PRICE_FILTER = 10_000_000_000;
/** Longest search text accepted, characters (after trimming). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * The orders of the products and services lists (docs/product.md §20.2): `newest` (the default:
 * created_at DESC), `price_asc`, `price_desc`, `most_viewed` (views DESC). Ties: newest first.
 * An explicit sort overrides the relevance order of a search; without one a search is ordered by
 * relevance. Reserved products come after available ones under every order (ADR 0019).
 */
export const LIST_SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Longest `university` filter accepted, characters (the longest KE name is far shorter). */
export const MAX_UNIVERSITY_LENGTH = 200;

/**
 * `university` of the lists (docs/product.md §20.3 and §20.9): a name exactly as `GET /universities?country=KE`
 * gives it; the API answers 400 for a name not in that list. Filters on the owner's university
 * (the seller's, provider's) or, for events, the event's.
 */
export const universityQuery = {
  type: 'string',
  maxLength: MAX_UNIVERSITY_LENGTH,
  description: 'A Kenyan university, exactly as GET /api/v1/universities?country=KE names it (400 otherwise)',
} as const;

/**
 * `page` of every paged list: a whole number from 1 to MAX_PAGE. Values that are not finite
 * (`1e400`, `Infinity`; Ajv's coercion lets them past `maximum`) answer 400 through the API's
 * `rejectNonFiniteNumbers` hook (ADR 0012).
 */
export const pageQuery = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: '1-based page number',
} as const;

/** `limit` of every paged list: items per page, 1 to MAX_PAGE_SIZE (see `pageQuery`). */
export const limitQuery = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_PAGE_SIZE,
  default: PAGE_SIZE,
  description: `Items per page (docs/product.md §9: ${PAGE_SIZE})`,
} as const;

/**
 * Query string of the products and services lists. The API drops empty values and trims
 * `search` before validation (`cleanListQuery`), so `?category=&search=` means "no filter".
 * @param categories the resource's categories (`PRODUCT_CATEGORIES`, `SERVICE_CATEGORIES`)
 */
export function listQuerySchema<const Category extends string>(categories: readonly Category[]) {
  return {
    type: 'object',
    properties: {
      page: pageQuery,
      limit: limitQuery,
      search: {
        type: 'string',
        maxLength: MAX_SEARCH_LENGTH,
        description:
          'Words to find in the title/name (prefix match, weight A) and description (B); typo-tolerant',
      },
      minPrice: { type: 'number', minimum: 0, maximum: MAX_PRICE_FILTER, description: 'KES, inclusive' },
      maxPrice: { type: 'number', minimum: 0, maximum: MAX_PRICE_FILTER, description: 'KES, inclusive' },
      category: { type: 'string', enum: [...categories] },
      verifiedOnly: {
        type: 'boolean',
        description: 'true: only listings of verified students (docs/product.md §19)',
      },
      sort: {
        type: 'string',
        enum: [...LIST_SORTS],
        description:
          'Order (docs/product.md §20.2): newest (default), price_asc, price_desc, most_viewed; ties newest first. ' +
          'Overrides the relevance order of a search (without it a search is ordered by relevance)',
      },
      university: {
        ...universityQuery,
        description:
          'Only listings whose owner (seller, provider) studies at this university (docs/product.md §20.3). ' +
          universityQuery.description,
      },
    },
  } as const;
}

/** `condition` of `GET /products` (docs/product.md §20.4): one of `PRODUCT_CONDITIONS`. */
export const conditionQuery = {
  type: 'string',
  enum: [...PRODUCT_CONDITIONS],
  description: 'Only products in this condition (docs/product.md §20.4): new, like_new, good, fair',
} as const;

/**
 * `course` of `GET /products` (docs/product.md §31): a course code in any spelling (`SCH 2101`,
 * `sch2101`, `SCH-2101`); the API answers 400 for anything that is not 2-4 letters then 3-4 digits.
 */
export const courseQuery = {
  type: 'string',
  maxLength: 20,
  description:
    'Only textbooks carrying this course code, e.g. SCH2101 (any case, space or hyphen; 400 otherwise)',
} as const;

/** Query string of `GET /products`: the list query plus `condition` (docs/product.md §20.4) and `course` (§31). */
export function productListQuerySchema<const Category extends string>(categories: readonly Category[]) {
  const base = listQuerySchema(categories);
  return {
    ...base,
    properties: { ...base.properties, condition: conditionQuery, course: courseQuery },
  } as const;
}
