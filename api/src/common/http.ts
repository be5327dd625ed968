/**
 * Small HTTP helpers shared by the routes: query cleaning, id checks, public caching.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

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
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') delete query[key];
    else query[key] = trimmed;
  }
}

/** onSend hook of the API scope: sets Cache-Control unless the route already did. */
export async function cacheControlHook(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) {
    const cacheable =
      request.routeOptions.config?.publicCache === true &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      ((reply.statusCode >= 200 && reply.statusCode < 300) || reply.statusCode === 304);
    reply.header('cache-control', cacheable ? PUBLIC_CACHE_CONTROL : NO_STORE);
  }
  return payload;
}
