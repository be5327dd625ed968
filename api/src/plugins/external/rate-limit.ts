/**
 * Per-IP rate limiting (@fastify/rate-limit) with `global: false`: only routes that opt in with
 * `config: { rateLimit: { max, timeWindow } }` are limited (ARCHITECTURE "API conventions":
 * 429 when rate-limited). Over the limit the answer is
 * 429 `{status: "fail", message: "Too many requests, please try again in N seconds."}` with a
 * `Retry-After` header (seconds). Counters live in memory, per process; with REDIS_URL in Redis
 * (@fastify/rate-limit's Redis store, keys `<prefix>rate-limit:…`), so every API process counts
 * against the same allowance (docs/product.md §22.1).
 *
 * Register before the routes (it hooks `onRoute`). Keys are `request.ip`: the socket's address,
 * or the address forwarded by a proxy that TRUST_PROXY trusts (`config.trustProxy`), so a client
 * cannot reset its counters with its own `X-Forwarded-For` (ADR 0012).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fallbackRateLimitStore } from '../../common/redis-fallback.ts';
import { HttpError } from '../../errors.ts';

/** The 429 message for a wait of `seconds`. */
export function tooManyRequestsMessage(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  return `Too many requests, please try again in ${wait} second${wait === 1 ? '' : 's'}.`;
}

export default fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      // With Redis: counted there, and per process while Redis is down (ADR 0030).
      ...(app.redis && app.redisBreaker
        ? { store: fallbackRateLimitStore(app.redis, `${app.redisKeyPrefix}rate-limit:`, app.redisBreaker) }
        : {}),
      // Thrown, so the app's error handler sends it in the standard `{status: "fail"}` shape.
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, tooManyRequestsMessage(context.ttl / 1000)),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
