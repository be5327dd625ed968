/**
 * The query string of the products and services lists (spec 7: page, limit, search, minPrice,
 * maxPrice, category; issue 12: verifiedOnly). Pure `as const` data.
 */
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';

/** Largest page number accepted (keeps OFFSET within bigint; far past any real last page). */
export const MAX_PAGE = 1_000_000;
/** Largest price bound accepted in filters, KES (numeric(12,2) holds up to 9 999 999 999.99). */
export const MAX_PRICE_FILTER = 10_000_000_000;
/** Longest search text accepted, characters (after trimming). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * `page` of every paged list: a whole number from 1 to MAX_PAGE. Values that are not finite
 * (`1e400`, `Infinity`; Ajv's coercion lets them past `maximum`) answer 400 through the API's
 * `rejectNonFiniteNumbers` hook (issue 10 item 2).
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
  description: `Items per page (spec 9: ${PAGE_SIZE})`,
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
        description: 'true: only listings of verified students (issue 12)',
      },
    },
  } as const;
}
