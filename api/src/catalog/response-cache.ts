/**
 * A short-lived in-process cache of the public catalog answers (`GET /products`, `/services`,
 * `/shops/:id/products` and the count routes), so a campus rush costs the database one query per
 * distinct request every few seconds instead of one per request (docs/product.md §23.9; bench/results/api.md).
 *
 * - Key: the normalized, validated request (the caller builds it: `?page=1&limit=20` and
 *   `?limit=20` give one key). Value: the answer's `data` (its JSON and ETag made once per entry,
 *   see below; a 304 comes from the ETag, without a query).
 * - Fresh for `ttlMs` (10 s, the `max-age` the routes send). For `staleMs` more (10 s) the old
 *   value is still answered at once while one background load refreshes it
 *   (stale-while-revalidate); older entries are loaded while the caller waits.
 * - Single flight: concurrent misses (and refreshes) of a key share one load, so 50 connections
 *   asking for the same page run one query.
 * - Tags: each entry names the tables its answer is read from (`products`, `shops`, …) and
 *   records each tag's version when its load began; `invalidate(tag)` bumps the tag's version,
 *   which makes every entry and every load in flight that uses it unusable at once, so a write is
 *   visible to the next request (a load that started before the write is never stored nor
 *   joined). Writes through the API call it (via `app.products.invalidate()` and friends).
 * - Where the versions live (`TagVersions`): in this process (`LocalTagVersions`, the default),
 *   or in Redis (`RedisTagVersions`, when REDIS_URL is set; docs/product.md §22): then every lookup reads the
 *   versions (one MGET) and a write on one API process is seen by the next request on any other
 *   at once. If Redis fails, the answer is loaded without the cache (never a stale one). A write
 *   from outside the API (the seed CLI) shows after at most `ttlMs + staleMs`.
 * - At most `maxEntries` keys (least recently used dropped first; `lru-cache`).
 * - Values are shared by every request that reads them and must never be mutated: each loaded
 *   value is marked (`markShared`), so its JSON and ETag are computed once (docs/decisions/0044).
 * - Errors are never cached: waiters of a failed load get its error; a failed background
 *   refresh is reported to `onError` and the stale value stays until it expires.
 *
 * One cache per app instance (never module-global), shared by the resources' services.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { markShared } from '../common/shared-answers.ts';

/**
 * What an answer is read from; a write to it must call `invalidate` with it. `users`: the profile
 * fields lists show (names, WhatsApp, photo); `accounts`: how many accounts exist (signups);
 * `synonyms`: the search synonym groups (docs/product.md §31; the synonym map's own version).
 */
export type CacheTag = 'products' | 'services' | 'shops' | 'users' | 'accounts' | 'synonyms';

/** The version counters of the cache tags (in-process or shared through Redis). */
export interface TagVersions {
  /** The current version of each of `tags`, in order (0 for a tag never bumped). */
  read(tags: readonly CacheTag[]): number[] | Promise<number[]>;
  /** Adds 1 to the version of each of `tags`; resolves once the new versions are visible to every reader. */
  bump(tags: readonly CacheTag[]): void | Promise<void>;
}

/** Tag versions in this process only (one API process; the default). */
export class LocalTagVersions implements TagVersions {
  private readonly versions = new Map<CacheTag, number>();
  read(tags: readonly CacheTag[]): number[] {
    return tags.map((tag) => this.versions.get(tag) ?? 0);
  }
  bump(tags: readonly CacheTag[]): void {
    for (const tag of tags) this.versions.set(tag, (this.versions.get(tag) ?? 0) + 1);
  }
}

/**
 * Tag versions in Redis (`<prefix>cache:version:<tag>`), shared by every API process on that
 * Redis: `read` is one MGET, `bump` one INCR per tag in a MULTI.
 */
export class RedisTagVersions implements TagVersions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  private key(tag: CacheTag): string {
    return `${this.prefix}cache:version:${tag}`;
  }
  async read(tags: readonly CacheTag[]): Promise<number[]> {
    if (tags.length === 0) return [];
    const values = await this.redis.mget(...tags.map((tag) => this.key(tag)));
    return values.map((value) => Number(value ?? 0));
  }
  async bump(tags: readonly CacheTag[]): Promise<void> {
    const multi = this.redis.multi();
    for (const tag of tags) multi.incr(this.key(tag));
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }
}

export interface ResponseCacheOptions {
  /** How long an entry is fresh, ms (default 10 000). 0 turns the cache off (every call loads). */
  ttlMs?: number;
  /** How long after that an entry is still answered while it is refreshed, ms (default 10 000). */
  staleMs?: number;
  /** Most keys kept (default 1000). */
  maxEntries?: number;
  /** Clock in ms, for tests (default Date.now). */
  now?: () => number;
  /** Told about a failed background refresh or a failed version read (default: ignored). */
  onError?: (error: unknown, key: string) => void;
  /** Where the tag versions live (default: in this process). */
  versions?: TagVersions;
}

interface Stamp {
  tags: readonly CacheTag[];
  /** The tags' versions when the load started. */
  versions: number[];
}

interface Entry extends Stamp {
  value: unknown;
  storedAt: number;
}

interface Flight extends Stamp {
  promise: Promise<unknown>;
}

/** Counters, for tests, diagnostics and `/metrics`. */
export interface ResponseCacheStats {
  /** Answered from a fresh entry. */
  hits: number;
  /** Answered from a stale entry (a refresh was started or already running). */
  stale: number;
  /** Waited for a load (started one, or joined one in flight). */
  misses: number;
  /** Loads started. */
  loads: number;
  /** Loaded without the cache because the tag versions could not be read (Redis down). */
  bypassed: number;
}

const sameVersions = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** The cache of the module comment: `get(key, tags, load)` answers from it or loads once; `invalidate(tag)` on writes. */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly flights = new Map<string, Flight>();
  private readonly versions: TagVersions;
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown, key: string) => void;
  readonly stats: ResponseCacheStats = { hits: 0, stale: 0, misses: 0, loads: 0, bypassed: 0 };

  constructor(options: ResponseCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.staleMs = options.staleMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.versions = options.versions ?? new LocalTagVersions();
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
    let versions: number[];
    try {
      versions = await this.versions.read(tags);
    } catch (error) {
      this.onError(error, key);
      this.stats.bypassed += 1;
      return load();
    }
    const entry = this.entries.get(key);
    if (entry && sameVersions(entry.versions, versions)) {
      const age = this.now() - entry.storedAt;
      if (age < this.ttlMs) {
        this.stats.hits += 1;
        return entry.value as T;
      }
      if (age < this.ttlMs + this.staleMs) {
        this.stats.stale += 1;
        this.flight(key, tags, versions, load).catch((error: unknown) => this.onError(error, key));
        return entry.value as T;
      }
    }
    if (entry) this.entries.delete(key);
    this.stats.misses += 1;
    return this.flight(key, tags, versions, load) as Promise<T>;
  }

  /**
   * Drops every entry (and detaches every load in flight) that reads one of `tags`, in every
   * process sharing the versions. Await it before answering the write that called it.
   * @throws the version store's error (Redis unreachable): the write must not claim success silently
   */
  async invalidate(...tags: CacheTag[]): Promise<void> {
    const bumped = this.versions.bump(tags);
    if (this.versions instanceof LocalTagVersions) this.dropInvalid(this.versions);
    await bumped;
  }

  /** Number of entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** Frees the entries and loads an in-process invalidation made unusable (memory only). */
  private dropInvalid(local: LocalTagVersions): void {
    const invalid = (stamp: Stamp) => !sameVersions(stamp.versions, local.read(stamp.tags));
    for (const [key, entry] of [...this.entries.entries()]) if (invalid(entry)) this.entries.delete(key);
    for (const [key, flight] of [...this.flights]) if (invalid(flight)) this.flights.delete(key);
  }

  /**
   * The load in flight for `key` begun at the same `versions`, or a new one that stores its
   * result if the versions have not moved meanwhile.
   */
  private flight(
    key: string,
    tags: readonly CacheTag[],
    versions: number[],
    load: () => Promise<unknown>,
  ): Promise<unknown> {
    const current = this.flights.get(key);
    if (current && sameVersions(current.versions, versions)) return current.promise;
    this.stats.loads += 1;
    const flight: Flight = { tags, versions, promise: Promise.resolve() };
    // Registered before `load` runs, so a load that throws at once is cleaned up too.
    this.flights.set(key, flight);
    flight.promise = (async () => {
      try {
        const value = await load();
        markShared(value);
        const after = await Promise.resolve(this.versions.read(tags)).catch(() => null);
        if (after && sameVersions(after, versions)) {
          this.entries.set(key, { value, tags, versions, storedAt: this.now() });
        }
        return value;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    return flight.promise;
  }
}
