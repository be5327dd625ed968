/**
 * A short-lived in-process cache of the public catalog answers (`GET /products`, `/services`,
 * `/shops/:id/products` and the count routes), so a campus rush costs the database one query per
 * distinct request every few seconds instead of one per request (issue 7; bench/results/api.md).
 *
 * - Key: the normalized, validated request (the caller builds it: `?page=1&limit=20` and
 *   `?limit=20` give one key). Value: the answer's `data` (serialized per request by the route's
 *   schema; the ETag and a 304 come from that, without a query).
 * - Fresh for `ttlMs` (10 s, the `max-age` the routes send). For `staleMs` more (10 s) the old
 *   value is still answered at once while one background load refreshes it
 *   (stale-while-revalidate); older entries are loaded while the caller waits.
 * - Single flight: concurrent misses (and refreshes) of a key share one load, so 50 connections
 *   asking for the same page run one query.
 * - Tags: each entry names the tables its answer is read from (`products`, `shops`, …);
 *   `invalidate(tag)` makes every entry and every load in flight that uses it unusable at once, so
 *   a write is visible to the next request (a load that started before the write is never stored
 *   nor joined). Writes through the API call it (via `app.products.invalidate()` and friends); a
 *   write from another process (a second API instance, the seed CLI) shows after at most
 *   `ttlMs + staleMs` here, plus the totals cache's TTL for list totals (`count-cache.ts`).
 * - At most `maxEntries` keys (least recently used dropped first; `lru-cache`).
 * - Errors are never cached: waiters of a failed load get its error; a failed background
 *   refresh is reported to `onError` and the stale value stays until it expires.
 *
 * One cache per app instance (never module-global), shared by the resources' services.
 */
import { LRUCache } from 'lru-cache';

/**
 * What an answer is read from; a write to it must call `invalidate` with it. `users`: the profile
 * fields lists show (names, WhatsApp, photo); `accounts`: how many accounts exist (signups).
 */
export type CacheTag = 'products' | 'services' | 'shops' | 'users' | 'accounts';

export interface ResponseCacheOptions {
  /** How long an entry is fresh, ms (default 10 000). 0 turns the cache off (every call loads). */
  ttlMs?: number;
  /** How long after that an entry is still answered while it is refreshed, ms (default 10 000). */
  staleMs?: number;
  /** Most keys kept (default 1000). */
  maxEntries?: number;
  /** Clock in ms, for tests (default Date.now). */
  now?: () => number;
  /** Told about a failed background refresh (default: ignored). */
  onError?: (error: unknown, key: string) => void;
}

interface Stamp {
  tags: readonly CacheTag[];
  /** `generation` when the load started. */
  born: number;
}

interface Entry extends Stamp {
  value: unknown;
  storedAt: number;
}

interface Flight extends Stamp {
  promise: Promise<unknown>;
}

/** Counters, for tests and diagnostics. */
export interface ResponseCacheStats {
  /** Answered from a fresh entry. */
  hits: number;
  /** Answered from a stale entry (a refresh was started or already running). */
  stale: number;
  /** Waited for a load (started one, or joined one in flight). */
  misses: number;
  /** Loads started. */
  loads: number;
}

export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly flights = new Map<string, Flight>();
  /** Bumped by every `invalidate`. */
  private generation = 0;
  /** The generation of each tag's last invalidation. */
  private readonly invalidatedAt = new Map<CacheTag, number>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown, key: string) => void;
  readonly stats: ResponseCacheStats = { hits: 0, stale: 0, misses: 0, loads: 0 };

  constructor(options: ResponseCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.staleMs = options.staleMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.entries = new LRUCache({ max: options.maxEntries ?? 1000 });
  }

  /**
   * The cached answer for `key`, or the result of `load()` (run at most once at a time per key).
   * @param key the normalized request, unique across routes (e.g. `products:list:[…]`)
   * @param tags every table `load` reads, so writes to any of them drop the entry
   * @param load computes the answer; its rejection reaches the callers waiting for it, uncached
   */
  async get<T>(key: string, tags: readonly CacheTag[], load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && this.valid(entry)) {
      const age = this.now() - entry.storedAt;
      if (age < this.ttlMs) {
        this.stats.hits += 1;
        return entry.value as T;
      }
      if (age < this.ttlMs + this.staleMs) {
        this.stats.stale += 1;
        this.flight(key, tags, load).catch((error: unknown) => this.onError(error, key));
        return entry.value as T;
      }
    }
    if (entry) this.entries.delete(key);
    this.stats.misses += 1;
    return this.flight(key, tags, load) as Promise<T>;
  }

  /** Drops every entry (and detaches every load in flight) that reads one of `tags`. */
  invalidate(...tags: CacheTag[]): void {
    this.generation += 1;
    for (const tag of tags) this.invalidatedAt.set(tag, this.generation);
    const dropped = [...this.entries.entries()].filter(([, entry]) => !this.valid(entry));
    for (const [key] of dropped) this.entries.delete(key);
    for (const [key, flight] of this.flights) {
      if (!this.valid(flight)) this.flights.delete(key);
    }
  }

  /** Number of entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** False when one of the tags was invalidated after the load began. */
  private valid(stamp: Stamp): boolean {
    return stamp.tags.every((tag) => (this.invalidatedAt.get(tag) ?? 0) <= stamp.born);
  }

  /** The load in flight for `key` (if still valid), or a new one that stores its result. */
  private flight(key: string, tags: readonly CacheTag[], load: () => Promise<unknown>): Promise<unknown> {
    const current = this.flights.get(key);
    if (current && this.valid(current)) return current.promise;
    this.stats.loads += 1;
    const flight: Flight = { tags, born: this.generation, promise: Promise.resolve() };
    // Registered before `load` runs, so a load that throws at once is cleaned up too.
    this.flights.set(key, flight);
    flight.promise = (async () => {
      try {
        const value = await load();
        if (this.valid(flight)) {
          this.entries.set(key, { value, tags, born: flight.born, storedAt: this.now() });
        }
        return value;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    return flight.promise;
  }
}
