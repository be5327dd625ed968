/**
 * Per-IP rate limiting (@fastify/rate-limit) with `global: false`: only routes that opt in with
 * `config: { rateLimit: { max, timeWindow } }` are limited (ARCHITECTURE "API conventions":
 * 429 when rate-limited). Over the limit the answer is
 * 429 `{status: "fail", message: "Too many requests, please try again in N seconds."}` with a
 * `Retry-After` header (seconds). Counters live in memory, per process.
 *
 * Register before the routes (it hooks `onRoute`). Keys are `request.ip`, which is the client's
 * address when `trustProxy` is set (production behind a proxy).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
      // Thrown, so the app's error handler sends it in the standard `{status: "fail"}` shape.
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, tooManyRequestsMessage(context.ttl / 1000)),
    });
  },
  { name: 'rate-limit' },
);
