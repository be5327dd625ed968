/**
 * Route options shared by the selling routes (issue 5): a verified, signed-in user (401 without
 * a session, 403 unverified; checked on request, before a multipart body is read) and a per-user
 * rate limit on the writes (picture processing is the costliest thing the API does).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Writes per user (bearer token, else IP) per minute, times RATE_LIMIT_FACTOR. */
export const SELLING_WRITES_PER_MINUTE = 60;

/** `onRequest` hooks of every selling route: signed in and verified. */
export function sellerOnly(app: FastifyInstance) {
  return [app.authenticate, app.requireVerified];
}

/** `config` of a selling write route: the per-user rate limit. */
export function writeLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: Math.max(1, Math.round(SELLING_WRITES_PER_MINUTE * app.config.rateLimitFactor)),
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
    },
  };
}
