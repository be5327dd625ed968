/**
 * Small HTTP helpers shared by the routes: query cleaning, id checks, public caching.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

/**
 * `Cache-Control` of public GET answers (ARCHITECTURE "Pages: conventions"): browsers and a
 * CDN may reuse an answer for 10 s and serve it stale for 60 s more while revalidating with the
 * ETag. Routes opt in with `config: { publicCache: true }`; every other API answer is `no-store`.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
export const NO_STORE = 'no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Send PUBLIC_CACHE_CONTROL on 2xx answers of this GET route. */
    publicCache?: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (any version). */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * preValidation hook of the list routes: trims string values and drops empty ones, so a client
 * sending `?category=&maxPrice=` gets no filter rather than a 400 or a `maxPrice` of 0
 * (Ajv would coerce '' to 0).
 */
export async function cleanListQuery(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  cleanQuery(request.query as Record<string, unknown>);
}

/**
 * Trims the string values of `query` and drops the empty ones, in place (what `cleanListQuery`
 * does to a list route's query; the server renderer's reads do the same, `common/route.ts`).
 * @returns `query`
 */
export function cleanQuery(query: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') delete query[key];
    else query[key] = trimmed;
  }
  return query;
}

/**
 * onSend hook of the API scope: sets Cache-Control unless the route already did. Synchronous
 * (callback style: no promise per request, docs/decisions/0044).
 */
export function cacheControlHook(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  if (!reply.hasHeader('cache-control')) {
    const cacheable =
      request.routeOptions.config?.publicCache === true &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      ((reply.statusCode >= 200 && reply.statusCode < 300) || reply.statusCode === 304);
    reply.header('cache-control', cacheable ? PUBLIC_CACHE_CONTROL : NO_STORE);
  }
  done(null, payload);
}

/** Dotted path of the first non-finite number (NaN, ±Infinity) in `value` (4 levels deep), or undefined. */
function findNonFinite(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (depth >= 4 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findNonFinite(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * App-wide preHandler (runs after schema validation): refuses a query, path or body value that
 * became a non-finite number, e.g. `?page=1e400` or `?limit=Infinity` (Ajv coerces them to
 * Infinity and then skips `minimum`/`maximum`), so Infinity never reaches SQL (ADR 0012).
 * Synchronous (callback style: no promise per request, docs/decisions/0044).
 * @throws HttpError 400 '<field> must be a finite number', with the field in `errors` (given to `done`)
 */
export function rejectNonFiniteNumbers(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  try {
    for (const part of [request.query, request.params, request.body]) assertFinite(part);
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}

/**
 * Refuses a value holding a non-finite number (see `rejectNonFiniteNumbers`).
 * @throws HttpError 400 '<field> must be a finite number', with the field in `errors`
 */
export function assertFinite(value: unknown): void {
  const field = findNonFinite(value, '');
  if (field !== undefined) {
    const message = `${field || 'body'} must be a finite number`;
    throw new HttpError(400, message, { [field || 'body']: message });
  }
}
