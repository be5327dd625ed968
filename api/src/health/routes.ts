/**
 * Health routes (ARCHITECTURE "Runtime contract"; docs/product.md §22.5), never cached, registered
 * from the table of endpoints (docs/decisions/0038):
 * - `GET /api/v1/health`: 200 `{status: "ok"}` when the database answers; 503
 *   `{status: "error", message}` when it does not (unchanged answer, used by `npm start` checks).
 * - `GET /api/v1/health/live`: 200 `{status: "ok"}` while the process runs and serves HTTP (a
 *   liveness probe: restart the process when it fails).
 * - `GET /api/v1/health/ready`: 200 `{status: "ok", checks}` when the database answers within
 *   `READY_TIMEOUT_MS`; else 503 `{status: "error", message, checks}` (a readiness probe: the
 *   load balancer stops sending traffic until it passes). `checks` is `{database: "ok"|"down",
 *   redis: "ok"|"down"|"off"}`: Redis down is reported but keeps the 200, since the process
 *   serves on without it (per-process limits and caches; docs/decisions/0030) and taking every
 *   replica out of rotation at once would stop the site.
 */
import { healthChecksSchema } from '@campus/shared/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../common/route.ts';
import { errorResponses } from '../common/schemas.ts';
import { pingRedis } from '../plugins/app/redis.ts';
import { ping } from './repository.ts';

export const DATABASE_DOWN_MESSAGE = 'Database unavailable';
/** How long a readiness check waits for each dependency, ms. */
export const READY_TIMEOUT_MS = 2_000;

/** Resolves with `promise`, or rejects after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness probe's 503: the message and what was checked. */
const notReadySchema = {
  type: 'object',
  required: ['status', 'message', 'checks'],
  properties: {
    status: { type: 'string', const: 'error' },
    message: { type: 'string' },
    checks: healthChecksSchema,
  },
} as const;

export default async function healthRoutes(app: FastifyInstance) {
  route(app, 'GET /health', {
    schema: { tags: ['health'], summary: 'Liveness and database readiness', response: errorResponses },
  })(async (request, reply) => {
    try {
      await ping(app.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'error', message: DATABASE_DOWN_MESSAGE });
    }
  });

  route(app, 'GET /health/live', {
    schema: { tags: ['health'], summary: 'Liveness: the process serves HTTP' },
  })(async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  route(app, 'GET /health/ready', {
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database answers (Redis, when configured, is reported)',
      response: { 503: notReadySchema },
    },
  })(async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const redis = app.redis;
    const [database, cache] = await Promise.allSettled([
      within(ping(app.db), READY_TIMEOUT_MS, 'The database'),
      redis ? pingRedis(redis, READY_TIMEOUT_MS) : Promise.resolve(),
    ]);
    const checks = {
      database: database.status === 'fulfilled' ? 'ok' : 'down',
      redis: !redis ? 'off' : cache.status === 'fulfilled' ? 'ok' : 'down',
    } as const;
    // Redis down is logged once by its circuit breaker (plugins/app/redis.ts), not per probe.
    if (checks.database === 'ok') return { status: 'ok', checks };
    if (database.status === 'rejected') {
      request.log.error({ err: database.reason }, 'readiness check failed');
    }
    return reply.code(503).send({ status: 'error', message: DATABASE_DOWN_MESSAGE, checks });
  });
}
