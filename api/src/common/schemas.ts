/**
 * JSON-schema pieces shared by the route schemas (`<resource>/schemas.ts`). Fastify validates
 * requests with them (Ajv, types coerced from the query string) and serializes responses with
 * them (fast-json-stringify: only listed properties are sent); @fastify/swagger documents them
 * at /api/docs. The entities' schemas (products, services, shops, users, events, the list query,
 * the error body) are the contract's, in `@campus/shared/contract`; these are the route-level ones.
 */
import { Stream } from 'node:stream';
import { countAnswerSchema, errorSchema } from '@campus/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

export type { ListQuery } from '@campus/shared/contract';
// The contract's pieces (`@campus/shared/contract`, docs/decisions/0018-one-contract.md), for
// the route schemas that import them from here.
export {
  dateTime,
  errorSchema,
  idParams,
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

/** OpenAPI security of routes that need a signed-in user (`Authorization: Bearer <jwt>`). */
export const bearerSecurity = [{ bearerAuth: [] }];

/** `{status: "success", results: N}` of the count routes (docs/product.md §3 "Stats"). */
export const countResponse = { 200: countAnswerSchema, ...errorResponses } as const;

/**
 * Characters no text value may hold (docs/decisions/0031): NUL (U+0000, which PostgreSQL's `text`
 * refuses: the query fails) and lone UTF-16 surrogates (U+D800-U+DFFF without their pair: they
 * have no UTF-8 form, so the driver would silently store U+FFFD instead of what was sent). Every
 * other character, control characters included, is stored and escaped on the page as usual.
 */
export const UNSTORABLE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The 400 message for a field holding an `UNSTORABLE_TEXT` character. */
export const unstorableTextMessage = (field: string) =>
  `${field} contains a character that cannot be stored (a NUL byte or a broken Unicode character)`;

/**
 * Dotted path of the first string (value or object key) in `value` holding an `UNSTORABLE_TEXT`
 * character, or undefined. Walks parsed data of any depth without recursion (a deeply nested body
 * cannot overflow the stack), each object once; a body left as a stream or as bytes by its
 * content-type parser is not text and is skipped (a stream's object graph has cycles).
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (UNSTORABLE_TEXT.test(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    if (current instanceof Stream || ArrayBuffer.isView(current) || current instanceof ArrayBuffer) continue;
    seen.add(current);
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (UNSTORABLE_TEXT.test(key)) return childPath;
      stack.push([child, childPath]);
    }
  }
  return undefined;
}

/**
 * App-wide preValidation hook (before the route schemas run, so before any handler or SQL):
 * refuses a request whose path parameters, query or parsed body hold an `UNSTORABLE_TEXT`
 * character anywhere. Multipart text fields, read from the stream by `readForm` after
 * validation, are checked there with `findUnstorableText`.
 * Synchronous (callback style: no promise per request, docs/decisions/0044).
 * @throws HttpError 400 '<field> contains a character that cannot be stored (...)', the field in
 *   `errors` (given to `done`)
 */
export function rejectUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  for (const part of [request.params, request.query, request.body]) {
    const field = findUnstorableText(part, '');
    if (field !== undefined) {
      const name = field || 'body';
      const message = unstorableTextMessage(name);
      done(new HttpError(400, message, { [name]: message }));
      return;
    }
  }
  done();
}
