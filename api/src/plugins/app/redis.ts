/**
 * Redis plugin (issue 15 item 1; docs/decisions/0014-scale-out.md): when REDIS_URL is set, opens
 * one ioredis connection and decorates the app with `redis` (else `null`) and `redisKeyPrefix`
 * (every key this app writes starts with it: `campus:` by default, a random one per test app).
 *
 * What the API keeps there, so several processes act as one site: the rate-limit counters
 * (@fastify/rate-limit's Redis store), the response cache's tag versions, and the list totals.
 * Nothing there is precious: a flushed Redis only costs cache misses and resets rate limits.
 *
 * Start-up fails (with a message naming REDIS_URL) when Redis does not answer a PING within
 * `REDIS_CONNECT_TIMEOUT_MS`. While running, a lost connection is retried by ioredis; commands
 * fail after `maxRetriesPerRequest` and `/api/v1/health/ready` answers 503 meanwhile.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection, or null when REDIS_URL is unset (everything in-process). */
    redis: Redis | null;
    /** Prefix of every key the app writes to Redis (ends with ':'). */
    redisKeyPrefix: string;
  }
}

/** Default key prefix in Redis. */
export const REDIS_KEY_PREFIX = 'campus:';
/** How long start-up waits for Redis's first answer, ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;

export interface RedisPluginOptions {
  config: AppConfig;
  /** Key prefix (default `campus:`); tests give each app its own. */
  keyPrefix?: string;
}

/**
 * Opens a Redis connection for `url` with the API's settings: connect timeout, a bounded number
 * of retries per command (so a request fails in seconds when Redis is gone, instead of hanging).
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
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
      return;
    }
    const redis = connectRedis(config.redisUrl);
    // Logged, not thrown: ioredis reconnects by itself; requests see the failure meanwhile.
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis connection error'));
    try {
      await redis.connect();
      await pingRedis(redis, REDIS_CONNECT_TIMEOUT_MS);
    } catch (error) {
      redis.disconnect();
      throw new Error(`Redis at REDIS_URL did not answer: ${(error as Error).message}`, { cause: error });
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    app.log.info(
      { keyPrefix: app.redisKeyPrefix },
      'Redis connected: rate limits, cache versions and totals are shared',
    );
  },
  { name: 'redis' },
);
