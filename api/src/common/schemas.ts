/**
 * JSON-schema pieces shared by the route schemas (`<resource>/schemas.ts`). Fastify validates
 * requests with them (Ajv, types coerced from the query string) and serializes responses with
 * them (fast-json-stringify: only listed properties are sent); @fastify/swagger documents them
 * at /api/docs.
 */
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@campus/shared/constants';

/** Body of every 4xx/5xx answer (see `errors.ts`). */
export const errorSchema = {
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'string', enum: ['fail', 'error'], description: "'fail' for 4xx, 'error' for 5xx" },
    message: { type: 'string', description: 'Human-readable, safe to show to the user' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'One message per invalid field (4xx only)',
    },
  },
} as const;

/** Error responses every route can give. */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const;

/**
 * `:id` path parameter. Ids are UUIDs; any other string answers 404 like an unknown id (so a
 * mistyped link shows the NotFound page, spec 2), decided in the services, not here.
 */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'UUID of the item' } },
} as const;

export const dateTime = { type: 'string', format: 'date-time', description: 'ISO 8601, UTC' } as const;
export const nullableString = { type: ['string', 'null'] } as const;
export const imagePath = {
  type: ['string', 'null'],
  description: 'URL path of a WebP picture under /uploads (1200 px large or 400 px thumbnail), or null',
} as const;
export const price = { type: 'number', description: 'KES, 2 decimals' } as const;

/**
 * The success envelope of every JSON answer (docs/architecture.md "API conventions"):
 * `{status: "success", data: <data>}`. `data` is the schema of the `data` member.
 */
export function successResponse<const D extends object>(data: D) {
  return {
    type: 'object',
    required: ['status', 'data'],
    properties: { status: { type: 'string', const: 'success' }, data },
  } as const;
}

/** An object schema whose listed properties are all required (shorthand for `data` members). */
export function objectOf<const P extends Record<string, object>>(properties: P) {
  return { type: 'object', required: Object.keys(properties) as (keyof P & string)[], properties } as const;
}

/**
 * A paged list answer (spec 3 "Product list response" / "Service list response"):
 * `{status, data: {<key>: [items], totalPages, <totalKey>, currentPage}}`.
 */
export function pagedListResponse<const K extends string, const T extends string, const I extends object>(
  key: K,
  totalKey: T,
  items: I,
) {
  return successResponse({
    type: 'object',
    required: [key, 'totalPages', totalKey, 'currentPage'],
    properties: {
      [key]: { type: 'array', items },
      totalPages: { type: 'integer' },
      [totalKey]: { type: 'integer' },
      currentPage: { type: 'integer' },
    } as Record<K | T | 'totalPages' | 'currentPage', object>,
  } as const);
}

/** `verifiedStudent` of a user, seller, provider or shop owner (issue 12 item 5). */
export const verifiedStudentProperty = {
  type: 'boolean',
  description: "The e-mail is verified and on the university's web domain (or a subdomain)",
} as const;

/** The moderation fields of a product or service detail (issue 12; only owners ever see non-'visible'). */
export const moderationProperties = {
  moderation: {
    type: 'string',
    enum: ['visible', 'held', 'hidden'],
    description:
      "'held': 3 reporters, pending review; 'hidden': hidden by a moderator (the owner sees 'Under review')",
  },
  moderationReason: { type: ['string', 'null'], description: "The moderator's reason for hiding it" },
} as const;

/** OpenAPI security of routes that need a signed-in user (`Authorization: Bearer <jwt>`). */
export const bearerSecurity = [{ bearerAuth: [] }];

/** `{status: "success", results: N}` of the count routes (spec 3 "Stats"). */
export const countResponse = {
  200: {
    type: 'object',
    required: ['status', 'results'],
    properties: { status: { type: 'string', const: 'success' }, results: { type: 'integer', minimum: 0 } },
  },
  ...errorResponses,
} as const;

/** Largest page number accepted (keeps OFFSET within bigint; far past any real last page). */
export const MAX_PAGE = 1_000_000;
/** Largest price bound accepted in filters, KES (numeric(12,2) holds up to 9 999 999 999.99). */
export const MAX_PRICE_FILTER = 10_000_000_000;
/** Longest search text accepted, characters (after trimming). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * `page` of every paged list: a whole number from 1 to MAX_PAGE. Values that are not finite
 * (`1e400`, `Infinity`; Ajv's coercion lets them past `maximum`) answer 400 through the app-wide
 * `rejectNonFiniteNumbers` hook (common/http.ts; issue 10 item 2).
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
 * Query string of the products and services lists (spec 7: page, limit, search, minPrice,
 * maxPrice, category). Empty values are dropped and `search` trimmed before validation
 * (`cleanListQuery`), so `?category=&search=` means "no filter".
 */
export function listQuerySchema(categories: readonly string[]) {
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

/** Query values after validation (defaults applied). */
export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  category?: string;
  /** Only listings of verified students (issue 12). */
  verifiedOnly?: boolean;
}
