/**
 * Redis plugin (docs/product.md §22.1; docs/decisions/0014-scale-out.md): when REDIS_URL is set, opens
 * one ioredis connection and decorates the app with `redis` (else `null`) and `redisKeyPrefix`
 * (every key this app writes starts with it: `campus:` by default, a random one per test app).
 *
 * What the API keeps there, so several processes act as one site: the rate-limit counters
 * (@fastify/rate-limit's Redis store), the response cache's tag versions, and the list totals.
 * Nothing there is precious: a flushed Redis only costs cache misses and resets rate limits.
 *
 * Start-up fails (with a message naming REDIS_URL) when Redis does not answer a PING within
 * `REDIS_CONNECT_TIMEOUT_MS`. While running, Redis going away does not stop the API
 * (docs/decisions/0030): a command fails at once while disconnected (no offline queue) and after
 * `REDIS_COMMAND_TIMEOUT_MS` without an answer; `app.redisBreaker` (common/redis-fallback.ts)
 * then sends every user of Redis to its in-process fallback, logs that once, and switches back
 * when ioredis has reconnected by itself. `/api/v1/health/ready` reports `redis: "down"`
 * meanwhile, with 200: the process still serves.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RedisBreaker } from '../../common/redis-fallback.ts';
import type { AppConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection, or null when REDIS_URL is unset (everything in-process). */
    redis: Redis | null;
    /** The circuit breaker around `redis` (null without it): users fall back to the process while it is open. */
    redisBreaker: RedisBreaker | null;
    /** Prefix of every key the app writes to Redis (ends with ':'). */
    redisKeyPrefix: string;
  }
}

/** Default key prefix in Redis. */
export const REDIS_KEY_PREFIX = 'campus:';
/** How long start-up waits for Redis's first answer, ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a command may wait for Redis's answer, ms: past it the caller falls back to the
 * process (a Redis on the same network answers in about 1 ms; ADR 0030 allows 200).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 200;

export interface RedisPluginOptions {
  config: AppConfig;
  /** Key prefix (default `campus:`); tests give each app its own. */
  keyPrefix?: string;
}

/**
 * Opens a Redis connection for `url` with the API's settings: connect timeout; no offline queue
 * (a command fails at once while disconnected instead of waiting for the reconnection); a
 * command timeout of `REDIS_COMMAND_TIMEOUT_MS`; reconnection by ioredis, forever (its default
 * backoff, at most 2 s apart).
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
}

/**
 * Resolves when `redis` answers PING within `timeoutMs`; rejects otherwise.
 * @throws Error 'Redis did not answer within N ms' or the connection's error
 */
export async function pingRedis(redis: Redis, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export default fp<RedisPluginOptions>(
  async (app: FastifyInstance, { config, keyPrefix }) => {
    app.decorate('redisKeyPrefix', keyPrefix ?? REDIS_KEY_PREFIX);
    if (!config.redisUrl) {
      app.decorate('redis', null);
      app.decorate('redisBreaker', null);
      return;
    }
    const redis = connectRedis(config.redisUrl);
    // Start-up errors are thrown below; later ones open the breaker (logged once, not thrown).
    redis.on('error', () => {});
    try {
      await redis.connect();
      await pingRedis(redis, REDIS_CONNECT_TIMEOUT_MS);
    } catch (error) {
      redis.disconnect();
      throw new Error(`Redis at REDIS_URL did not answer: ${(error as Error).message}`, { cause: error });
    }
    const breaker = new RedisBreaker(redis, { log: app.log.child({ module: 'redis' }) });
    app.decorate('redis', redis);
    app.decorate('redisBreaker', breaker);
    app.addHook('onClose', async () => {
      breaker.shutdown();
      await redis.quit().catch(() => redis.disconnect());
    });
    app.log.info(
      { keyPrefix: app.redisKeyPrefix },
      'Redis connected: rate limits, cache versions and totals are shared',
    );
  },
  { name: 'redis' },
);
