/**
 * A small in-process cache of list totals (`totalProducts`, `totalServices`).
 *
 * Why: the spec needs exact totals on every list page (docs/product.md §3 "Product list response"), and
 * the count query dominates the route's cost (docs/stack-notes.md "Listing queries": with an exact count PostgreSQL
 * served ~2 % of a static route's requests/s). Totals change only when listings are written.
 *
 * How: entries are keyed by the normalized filter (search words, category, price bounds) and
 * stamped with a version; `invalidate()` bumps the version (call it after any insert, update
 * of price/category/status/title/description, or delete), which drops every entry at once.
 * Entries also expire after `ttlMs` (default 30 s), which bounds staleness when another process
 * writes (a second API instance on PostgreSQL, the seed CLI). At most `maxEntries` keys are kept
 * (least recently used dropped first; `lru-cache`, as in `response-cache.ts`). Views counting is
 * not a write that changes totals.
 *
 * One cache per app instance (never module-global), so apps on different databases in one
 * process (the tests) never share totals.
 *
 * With REDIS_URL (docs/product.md §22), `RedisCountCache` keeps the totals and their version in Redis
 * instead, so every API process shares them and a write on one drops them for all at once.
 * Both implement `TotalsCache`, which `listPage` uses.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** What `listPage` needs from a totals cache (in-process `CountCache`, or `RedisCountCache`). */
export interface TotalsCache<T> {
  /**
   * The cached value for `key` (undefined when absent, expired or invalidated) and the version
   * to pass to `set` if you compute it now.
   */
  lookup(
    key: string,
  ): { value: T | undefined; version: number } | Promise<{ value: T | undefined; version: number }>;
  /** Stores `value` unless the cache was invalidated since `version` was read. */
  set(key: string, value: T, version: number): void | Promise<void>;
  /** Drops every entry: call after any write that can change a total. */
  invalidate(): void | Promise<void>;
}

export interface CountCacheOptions {
  /** Lifetime of an entry in ms (default 30 000). */
  ttlMs?: number;
  /** Most keys kept (default 1000). */
  maxEntries?: number;
  /** Clock in ms, for tests (default Date.now). */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  version: number;
  expiresAt: number;
}

/** Versioned, expiring totals per normalized filter (see the module comment). */
export class CountCache<T = number> implements TotalsCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private version = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: CountCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, Entry<T>>({ max: options.maxEntries ?? 1000 });
  }

  /** The cached value for `key`, or undefined when absent, expired or from an older version. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.version || entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores `value` for `key` unless the cache was invalidated since `version` was read (a write
   * that happened while the count query ran must not leave a stale total behind).
   * @param version the value of `currentVersion()` read before the count query started
   */
  set(key: string, value: T, version: number): void {
    if (version !== this.version) return;
    this.entries.set(key, { value, version, expiresAt: this.now() + this.ttlMs });
  }

  /** `get` and `currentVersion` together (the `TotalsCache` form). */
  lookup(key: string): { value: T | undefined; version: number } {
    return { value: this.get(key), version: this.version };
  }

  /** The version to pass to `set` (read it before running the query whose result you cache). */
  currentVersion(): number {
    return this.version;
  }

  /** Drops every entry: call after any write that can change a total. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
  }

  /** Number of entries held (expired ones included until read). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Totals shared through Redis: the version is `<prefix>totals:<name>:version` (INCR on
 * `invalidate`) and each total `<prefix>totals:<name>:<version>:<key>` (JSON, expiring after
 * `ttlMs`), so a write on any process makes every older total unreachable at once, and a total
 * computed while a write happened lands under the old version, unread. Old versions' keys expire.
 */
export class RedisCountCache<T> implements TotalsCache<T> {
  private readonly base: string;
  private readonly ttlMs: number;

  /**
   * @param name what is counted ('products', 'services'), part of the keys
   * @param options.ttlMs lifetime of a total, ms (default 30 000, as `CountCache`)
   */
  constructor(
    private readonly redis: Redis,
    prefix: string,
    name: string,
    options: { ttlMs?: number } = {},
  ) {
    this.base = `${prefix}totals:${name}:`;
    this.ttlMs = options.ttlMs ?? 30_000;
  }

  async lookup(key: string): Promise<{ value: T | undefined; version: number }> {
    const version = Number((await this.redis.get(`${this.base}version`)) ?? 0);
    const raw = await this.redis.get(`${this.base}${version}:${key}`);
    return { value: raw === null ? undefined : (JSON.parse(raw) as T), version };
  }

  async set(key: string, value: T, version: number): Promise<void> {
    await this.redis.set(`${this.base}${version}:${key}`, JSON.stringify(value), 'PX', this.ttlMs);
  }

  async invalidate(): Promise<void> {
    await this.redis.incr(`${this.base}version`);
  }
}
