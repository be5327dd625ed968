/**
 * JSON-schema pieces shared by the route schemas (`<resource>/schemas.ts`). Fastify validates
 * requests with them (Ajv, types coerced from the query string) and serializes responses with
 * them (fast-json-stringify: only listed properties are sent); @fastify/swagger documents them
 * at /api/docs. The entities' schemas (products, services, shops, users, events, the list query,
 * the error body) are the contract's, in `@campus/shared/contract`; these are the route-level ones.
 */
import { errorSchema } from '@campus/shared/contract';

export type { ListQuery } from '@campus/shared/contract';
// The contract's pieces (`@campus/shared/contract`, docs/decisions/0018-one-contract.md), for
// the route schemas that import them from here.
export {
  dateTime,
  errorSchema,
  imagePath,
  limitQuery,
  listQuerySchema,
  MAX_PAGE,
  MAX_PRICE_FILTER,
  MAX_SEARCH_LENGTH,
  moderationProperties,
  nullableString,
  objectOf,
  pagedListResponse,
  pageQuery,
  price,
  successResponse,
  verifiedStudentProperty,
} from '@campus/shared/contract';

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
