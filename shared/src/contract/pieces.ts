/**
 * JSON-schema pieces of the API contract (docs/decisions/0018-one-contract.md): formats and
 * properties many entities share, and the error body. Pure `as const` data.
 */

/** An ISO 8601 time in UTC. */
export const dateTime = { type: 'string', format: 'date-time', description: 'ISO 8601, UTC' } as const;
export const nullableString = { type: ['string', 'null'] } as const;
/** A picture: URL path of a WebP under /uploads, or null. */
export const imagePath = {
  type: ['string', 'null'],
  description: 'URL path of a WebP picture under /uploads (1200 px large or 400 px thumbnail), or null',
} as const;
/** A price in KES (a number with at most 2 decimals). */
export const price = { type: 'number', description: 'KES, 2 decimals' } as const;

/** `verifiedStudent` of a user, seller, provider or shop owner (docs/product.md §19.5). */
export const verifiedStudentProperty = {
  type: 'boolean',
  description: "The e-mail is verified and on the university's web domain (or a subdomain)",
} as const;

/** The moderation fields of a product, service or shop (docs/product.md §19; only owners ever see non-'visible'). */
export const moderationProperties = {
  moderation: {
    type: 'string',
    enum: ['visible', 'held', 'hidden'],
    description:
      "'held': 3 reporters, pending review; 'hidden': hidden by a moderator (the owner sees 'Under review')",
  },
  moderationReason: { type: ['string', 'null'], description: "The moderator's reason for hiding it" },
} as const;

/** Body of every 4xx/5xx answer (ARCHITECTURE "API conventions"; the API's `errors.ts`). */
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
 * The `data` of a paged list answer: `{<key>: [items], totalPages, <totalKey>, currentPage}`
 * (docs/product.md §3 "Product list response"; the moderation desk's pages have the same shape).
 */
export function pagedList<const K extends string, const T extends string, const I extends object>(
  key: K,
  totalKey: T,
  items: I,
) {
  type Integer = { readonly type: 'integer' };
  return {
    type: 'object',
    required: [key, 'totalPages', totalKey, 'currentPage'],
    properties: {
      [key]: { type: 'array', items },
      totalPages: { type: 'integer' },
      [totalKey]: { type: 'integer' },
      currentPage: { type: 'integer' },
    } as { readonly [P in K]: { readonly type: 'array'; readonly items: I } } & {
      readonly [P in T | 'totalPages' | 'currentPage']: Integer;
    },
  } as const;
}

/**
 * A paged list answer (docs/product.md §3 "Product list response" / "Service list response"):
 * `{status, data: {<key>: [items], totalPages, <totalKey>, currentPage}}`.
 */
export function pagedListResponse<const K extends string, const T extends string, const I extends object>(
  key: K,
  totalKey: T,
  items: I,
) {
  return successResponse(pagedList(key, totalKey, items));
}

/**
 * `:id` path parameter. Ids are UUIDs; any other string answers 404 like an unknown id (so a
 * mistyped link shows the NotFound page, docs/product.md §2), decided in the API's services.
 */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100, description: 'UUID of the item' } },
} as const;
