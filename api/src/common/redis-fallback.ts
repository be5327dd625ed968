/**
 * Redis down, the API up (docs/decisions/0030-overload-and-degraded-dependencies.md): a circuit
 * breaker around the shared Redis connection and the in-process fallbacks of everything kept
 * there.
 *
 * - `RedisBreaker`: opens when the connection closes or a command fails (ioredis is set up to fail
 *   a command at once while disconnected and after `REDIS_COMMAND_TIMEOUT_MS` when Redis does not
 *   answer: plugins/app/redis.ts). While open, callers use their fallback without touching Redis.
 *   It closes when ioredis has reconnected (its `ready` event), or when a trial command succeeds
 *   (one per `retryMs` while the connection looks ready). Opening and closing are logged once
 *   each, never per request; on closing, `onRecover` hooks run (see below).
 * - Fallbacks, per process while open: the response cache's tag versions (`FallbackTagVersions`),
 *   the list totals (`FallbackTotalsCache`), the day's visitor salt (`fallbackSalts`: the database
 *   table) and the rate-limit counters (`fallbackRateLimitStore`: @fastify/rate-limit's memory
 *   store, so every limit still holds per process: fail safe, never open).
 * - Consistency: versions read in fallback are negative (the in-process counter `v` reads as
 *   `-1 - v`), so an entry stored in one mode is never taken for current in the other. On
 *   recovery every tag version and totals version in Redis is bumped once, so an answer another
 *   process cached before a write made here during the outage is dropped. During the outage a
 *   write on one process is seen by the others after at most the caches' lifetimes (20 s for
 *   answers, 30 s for totals).
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { CountCache, type RedisCountCache, type TotalsCache } from '../catalog/count-cache.ts';
import {
  type CacheTag,
  LocalTagVersions,
  type RedisTagVersions,
  type TagVersions,
} from '../catalog/response-cache.ts';
import type { SaltStore } from '../engagement/visitor.ts';

/** Log line when the breaker opens. */
export const REDIS_DOWN_LOG =
  'Redis unavailable: rate limits, cache versions, list totals and the visitor salt fall back to this process until it answers again';
/** Log line when it closes. */
export const REDIS_BACK_LOG = 'Redis answers again: rate limits, cache versions and totals are shared again';

/** Options of a RedisBreaker: where it logs the outage and the recovery, its trial interval, its clock. */
export interface RedisBreakerOptions {
  log: FastifyBaseLogger;
  /** While open on a connection that looks ready, one trial command per this many ms (default 1000). */
  retryMs?: number;
  /** Clock in ms (default Date.now). */
  now?: () => number;
}

/** Circuit breaker around the shared Redis connection (see the module comment). */
export class RedisBreaker {
  private open = false;
  private closing = false;
  private lastTrialAt = 0;
  private readonly recoverHooks: (() => Promise<unknown>)[] = [];
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisBreakerOptions,
  ) {
    this.retryMs = options.retryMs ?? 1_000;
    this.now = options.now ?? Date.now;
    redis.on('error', (error: Error) => this.fail(error));
    redis.on('close', () => this.fail(new Error('Redis connection closed')));
    redis.on('ready', () => this.succeed());
  }

  /** True while the breaker is open (Redis considered down). */
  get isOpen(): boolean {
    return this.open;
  }

  /** Stops reacting to the connection (the app is closing it on purpose). */
  shutdown(): void {
    this.closing = true;
  }

  /** Registers work to do in Redis once it answers again (e.g. bump versions); errors reopen. */
  onRecover(hook: () => Promise<unknown>): void {
    this.recoverHooks.push(hook);
  }

  /**
   * `command()` against Redis, or `fallback()` while the breaker is open or when the command fails
   * (which opens it). Never rejects with a Redis error; `fallback`'s own errors pass through.
   */
  async run<T>(command: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (this.open && !this.trialDue()) return fallback();
    let value: T;
    try {
      value = await command();
    } catch (error) {
      this.fail(error);
      return fallback();
    }
    this.succeed();
    return value;
  }

  /** While open: true once per `retryMs` when the connection looks ready (a trial command). */
  private trialDue(): boolean {
    if (this.redis.status !== 'ready') return false;
    const now = this.now();
    if (now - this.lastTrialAt < this.retryMs) return false;
    this.lastTrialAt = now;
    return true;
  }

  private fail(error: unknown): void {
    if (this.open || this.closing) return;
    this.open = true;
    this.lastTrialAt = this.now();
    this.options.log.warn({ err: error }, REDIS_DOWN_LOG);
  }

  private succeed(): void {
    if (!this.open || this.closing) return;
    this.open = false;
    this.options.log.info(REDIS_BACK_LOG);
    for (const hook of this.recoverHooks) hook().catch((error: unknown) => this.fail(error));
  }
}

/** Every cache tag (bumped on recovery). */
const ALL_TAGS: readonly CacheTag[] = ['products', 'services', 'shops', 'users', 'accounts'];

/** Response-cache tag versions in Redis, in this process while the breaker is open. */
export class FallbackTagVersions implements TagVersions {
  private readonly local = new LocalTagVersions();
  constructor(
    private readonly shared: RedisTagVersions,
    private readonly breaker: RedisBreaker,
  ) {
    breaker.onRecover(() => shared.bump(ALL_TAGS));
  }
  read(tags: readonly CacheTag[]): Promise<number[]> {
    return this.breaker.run(
      () => this.shared.read(tags),
      () => this.local.read(tags).map((version) => -1 - version),
    );
  }
  async bump(tags: readonly CacheTag[]): Promise<void> {
    // This process sees its own write in either mode.
    this.local.bump(tags);
    await this.breaker.run(
      () => this.shared.bump(tags),
      () => undefined,
    );
  }
}

/** List totals in Redis, in this process while the breaker is open. */
export class FallbackTotalsCache<T> implements TotalsCache<T> {
  private readonly local = new CountCache<T>();
  constructor(
    private readonly shared: RedisCountCache<T>,
    private readonly breaker: RedisBreaker,
  ) {
    breaker.onRecover(() => shared.invalidate());
  }
  lookup(key: string): Promise<{ value: T | undefined; version: number }> {
    return this.breaker.run(
      () => this.shared.lookup(key),
      () => {
        const found = this.local.lookup(key);
        return { value: found.value, version: -1 - found.version };
      },
    );
  }
  async set(key: string, value: T, version: number): Promise<void> {
    if (version < 0) {
      this.local.set(key, value, -1 - version);
      return;
    }
    await this.breaker.run(
      () => this.shared.set(key, value, version),
      () => undefined,
    );
  }
  async invalidate(): Promise<void> {
    this.local.invalidate();
    await this.breaker.run(
      () => this.shared.invalidate(),
      () => undefined,
    );
  }
}

/** The day's visitor salt from `shared` (Redis), from `fallback` (the database) while the breaker is open. */
export function fallbackSalts(shared: SaltStore, fallback: SaltStore, breaker: RedisBreaker): SaltStore {
  return {
    get: (day, candidate) =>
      breaker.run(
        () => shared.get(day, candidate),
        () => fallback.get(day, candidate),
      ),
  };
}

/** The callback shape of @fastify/rate-limit's stores. */
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RateLimitStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateLimitStore;
}
type RedisStoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => RateLimitStore;
type LocalStoreClass = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => RateLimitStore;

// @fastify/rate-limit's own stores (CommonJS, no types for these paths).
const requireStore = createRequire(import.meta.url);
const RedisStore = requireStore('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;
const LocalStore = requireStore('@fastify/rate-limit/store/LocalStore.js') as LocalStoreClass;

/**
 * A @fastify/rate-limit `store` class (its `store` option): counts in Redis under `nameSpace`,
 * and in this process's memory (its LocalStore) while the breaker is open, so every limit keeps
 * holding per process.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string, breaker: RedisBreaker) {
  return class FallbackRateLimitStore implements RateLimitStore {
    private readonly shared: RateLimitStore;
    private readonly local: RateLimitStore;
    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number } | null,
      stores?: { shared: RateLimitStore; local: RateLimitStore },
    ) {
      const continueExceeding = params?.continueExceeding ?? false;
      const exponentialBackoff = params?.exponentialBackoff ?? false;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff, params?.cache);
    }
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.call('incr', key, callback, timeWindow, max);
    }
    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.call('read', key, callback, timeWindow, max);
    }
    child(routeOptions: object): RateLimitStore {
      return new FallbackRateLimitStore(null, {
        shared: this.shared.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
    private call(
      method: 'incr' | 'read',
      key: string,
      callback: StoreCallback,
      timeWindow: number,
      max: number,
    ): void {
      const viaStore = (store: RateLimitStore) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) => {
          store[method](
            key,
            (error, result) => (error || !result ? reject(error) : resolve(result)),
            timeWindow,
            max,
          );
        });
      breaker
        .run(
          () => viaStore(this.shared),
          () => viaStore(this.local),
        )
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }
  };
}
