/**
 * Route-level docs of the saved-searches routes (docs/product.md §30): tags, summaries, security
 * and error answers. The owner routes' params, bodies and answers are the entries of the table of
 * endpoints (`@campus/shared/contract`, docs/decisions/0038); the unsubscribe routes (HTML pages,
 * not in the table) keep their whole schema here, with the unsubscribe token.
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

const tags = ['saved-searches'];

export const listSavedSearchesSchema = {
  tags,
  summary: 'My saved searches, oldest first, each with its number of new matches',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const saveSearchSchema = {
  tags,
  summary: 'Save a products or services search (at most 20 per student)',
  description:
    "`filters` is the list route's query string as an object (GET /products or GET /services), checked by that route's own schema: bad filters get its 400 messages. 409 at 20 saved searches.",
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const editSavedSearchSchema = {
  tags,
  summary: 'Rename a saved search, change its alert, or mark its matches seen (`seen: true`)',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const deleteSavedSearchSchema = {
  tags,
  summary: 'Delete a saved search',
  security: bearerSecurity,
  response: errorResponses,
} as const;

/** `?token=` of the unsubscribe link (signed, no login). */
export const unsubscribeQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 4000 } },
} as const;

export const unsubscribePageSchema = {
  tags,
  summary: 'The unsubscribe link of an alert mail: a page with one button (no login)',
  querystring: unsubscribeQuery,
} as const;

export const unsubscribeSchema = {
  tags,
  summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post): turns off the alerts of the mail',
  querystring: unsubscribeQuery,
} as const;
