/**
 * The saved searches answers and bodies (docs/product.md §30): `GET/POST /api/v1/saved-searches`,
 * `PATCH/DELETE /api/v1/saved-searches/{id}`. Pure `as const` data; the types are read in
 * `./index.ts`.
 */
import { favouriteKindSchema } from './engagement';
import { dateTime, objectOf, successResponse } from './pieces';

/** Longest saved-search name, characters. */
export const MAX_SAVED_SEARCH_NAME = 60;

/** How a saved search alerts: instantly (batched, at most one mail per 15 minutes), daily at 18:00, or off. */
export const savedSearchAlertSchema = { type: 'string', enum: ['instant', 'daily', 'off'] } as const;

const name = { type: 'string', minLength: 1, maxLength: MAX_SAVED_SEARCH_NAME } as const;

/**
 * The list query a saved search keeps: the products or services list's own query string fields
 * (search, category, minPrice, maxPrice, condition, university, verifiedOnly, sort, ...), checked
 * by that list route's schema.
 */
export const savedSearchFiltersSchema = {
  type: 'object',
  additionalProperties: true,
  description: "The list's query string as an object, e.g. {search: 'fridge', maxPrice: 15000}",
} as const;

/** One saved search. */
export const savedSearchSchema = objectOf({
  _id: { type: 'string', format: 'uuid' },
  name,
  kind: favouriteKindSchema,
  filters: savedSearchFiltersSchema,
  alert: savedSearchAlertSchema,
  newMatches: { type: 'integer', description: 'Live listings matched since lastSeenAt' },
  listUrl: { type: 'string', description: 'The list page of this search, e.g. /products?search=fridge' },
  lastSeenAt: dateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** `POST /saved-searches` body. */
export const saveSearchBodySchema = {
  type: 'object',
  required: ['name', 'kind', 'filters'],
  additionalProperties: false,
  properties: {
    name,
    kind: favouriteKindSchema,
    filters: savedSearchFiltersSchema,
    alert: { ...savedSearchAlertSchema, default: 'instant' },
  },
} as const;

/** `PATCH /saved-searches/{id}` body: rename, change the alert, `seen: true` to restart the new count. */
export const editSavedSearchBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { name, alert: savedSearchAlertSchema, seen: { type: 'boolean' } },
} as const;

/** `GET /saved-searches` answer. */
export const savedSearchesAnswerSchema = successResponse(
  objectOf({ savedSearches: { type: 'array', items: savedSearchSchema } }),
);

/** The answer of a save or an edit. */
export const savedSearchAnswerSchema = successResponse(objectOf({ savedSearch: savedSearchSchema }));
