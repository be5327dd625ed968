/**
 * Route options shared by the selling routes (docs/product.md §15): a verified, signed-in user (401 without
 * a session, 403 unverified; checked on request, before a multipart body is read) and a per-user
 * rate limit on the writes (picture processing is the costliest thing the API does).
 *
 * The write limit runs in `preHandler`, after `app.authenticate` (onRequest) verified the token,
 * and is keyed on the verified user id (ADR 0011: keying on the raw Authorization header
 * let a client reset its allowance by varying the header's spelling, e.g. extra spaces). A
 * multipart body is not read before the handler asks for its parts, so nothing heavy runs first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Writes per signed-in user per minute, times RATE_LIMIT_FACTOR. */
export const SELLING_WRITES_PER_MINUTE = 60;

/** `onRequest` hooks of every selling route: signed in and verified. */
export function sellerOnly(app: FastifyInstance) {
  return [app.authenticate, app.requireVerified];
}

/**
 * `config` of a write route that may carry pictures (listings, shops, events, the profile photo,
 * ADR 0031): the per-user rate limit, keyed `selling-writes:<user id>`. With REDIS_URL every such
 * route counts against the same allowance (one key); in memory each route counts its own.
 */
export function writeLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: Math.max(1, Math.round(SELLING_WRITES_PER_MINUTE * app.config.rateLimitFactor)),
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      // Every selling write route authenticates on request, so `request.user` is set here.
      keyGenerator: (request: FastifyRequest) => `selling-writes:${request.user?.id ?? `ip:${request.ip}`}`,
    },
  };
}
