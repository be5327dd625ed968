/**
 * Units of the response cache (`catalog/response-cache.ts`): single flight, TTL with
 * stale-while-revalidate, invalidation by tag (also of loads in flight), errors never cached,
 * LRU bound, list keys.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listRequest, listKey as requestKey } from '../src/catalog/listing.ts';
import { ResponseCache } from '../src/catalog/response-cache.ts';
import type { ListQuery } from '../src/common/schemas.ts';

/** A promise to resolve by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A load that counts its calls and answers `value-<n>`. */
function counter() {
  let calls = 0;
  const load = async () => {
    calls += 1;
    return `value-${calls}`;
  };
  return { load, calls: () => calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ResponseCache', () => {
  it('answers from the entry while it is fresh', async () => {
    const cache = new ResponseCache();
    const { load, calls } = counter();
    assert.equal(await cache.get('k', ['products'], load), 'value-1');
    assert.equal(await cache.get('k', ['products'], load), 'value-1');
    assert.equal(calls(), 1);
    assert.deepEqual(cache.stats, { hits: 1, stale: 0, misses: 1, loads: 1, bypassed: 0 });
  });

  it('runs one load for concurrent misses of a key; they all get its value', async () => {
    const cache = new ResponseCache();
    const gate = deferred<string>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return gate.promise;
    };
    const waiting = Array.from({ length: 50 }, () => cache.get('k', ['products'], load));
    const other = cache.get('other', ['products'], async () => 'other');
    gate.resolve('shared');
    assert.deepEqual(new Set(await Promise.all(waiting)), new Set(['shared']));
    assert.equal(await other, 'other');
    assert.equal(calls, 1);
    assert.equal(cache.stats.loads, 2);
  });

  it('after the TTL answers the stale value at once and refreshes it in one background load', async () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1000, staleMs: 500, now: () => now });
    await cache.get('k', ['products'], async () => 'first');
    now = 1200;
    const refresh = deferred<string>();
    let refreshes = 0;
    const slow = () => {
      refreshes += 1;
      return refresh.promise;
    };
    assert.equal(await cache.get('k', ['products'], slow), 'first', 'stale');
    assert.equal(await cache.get('k', ['products'], slow), 'first', 'stale, refresh in flight');
    assert.equal(refreshes, 1, 'one refresh');
    refresh.resolve('second');
    await settle();
    assert.equal(await cache.get('k', ['products'], slow), 'second', 'refreshed');
    now = 1200 + 1500;
    const { load, calls } = counter();
    assert.equal(await cache.get('k', ['products'], load), 'value-1', 'too old: loaded while waiting');
    assert.equal(calls(), 1);
    assert.deepEqual(cache.stats, { hits: 1, stale: 2, misses: 2, loads: 3, bypassed: 0 });
  });

  it('keeps the stale value when a background refresh fails, and reports the error', async () => {
    let now = 0;
    const errors: unknown[] = [];
    const cache = new ResponseCache({ ttlMs: 1000, now: () => now, onError: (error) => errors.push(error) });
    await cache.get('k', ['products'], async () => 'old');
    now = 1500;
    const failing = async () => {
      throw new Error('database down');
    };
    assert.equal(await cache.get('k', ['products'], failing), 'old');
    await settle();
    assert.equal((errors[0] as Error).message, 'database down');
    assert.equal(await cache.get('k', ['products'], async () => 'new'), 'old', 'stale until refreshed');
    await settle();
    assert.equal(await cache.get('k', ['products'], failing), 'new');
  });

  it('drops the entries of an invalidated tag at once and keeps the others', async () => {
    const cache = new ResponseCache();
    await cache.get('products', ['products', 'shops'], async () => 'p1');
    await cache.get('services', ['services'], async () => 's1');
    cache.invalidate('shops');
    assert.equal(cache.size, 1);
    assert.equal(await cache.get('products', ['products', 'shops'], async () => 'p2'), 'p2');
    assert.equal(await cache.get('services', ['services'], async () => 's2'), 's1');
  });

  it('never stores nor shares a load that began before an invalidation', async () => {
    const cache = new ResponseCache();
    const before = deferred<string>();
    const early = cache.get('k', ['products'], () => before.promise);
    cache.invalidate('products');
    // A request after the write starts its own load instead of joining the old one.
    const late = cache.get('k', ['products'], async () => 'after the write');
    before.resolve('before the write');
    assert.equal(await early, 'before the write');
    assert.equal(await late, 'after the write');
    assert.equal(await cache.get('k', ['products'], async () => 'unused'), 'after the write');
    assert.equal(cache.stats.loads, 2);
  });

  it('never caches an error: every waiter gets it, the next call loads again', async () => {
    const cache = new ResponseCache();
    const gate = deferred<string>();
    const waiting = [1, 2, 3].map(() => cache.get('k', ['products'], () => gate.promise));
    gate.reject(new Error('boom'));
    for (const one of waiting) await assert.rejects(one, /boom/);
    const thrown = () => {
      throw new Error('at once');
    };
    await assert.rejects(cache.get('k', ['products'], thrown), /at once/);
    assert.equal(await cache.get('k', ['products'], async () => 'ok'), 'ok');
    assert.equal(cache.size, 1);
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await cache.get('a', ['products'], async () => 'a');
    await cache.get('b', ['products'], async () => 'b');
    await cache.get('a', ['products'], async () => 'unused');
    await cache.get('c', ['products'], async () => 'c');
    assert.equal(cache.size, 2);
    assert.equal(await cache.get('a', ['products'], async () => 'a2'), 'a', 'recently used: kept');
    assert.equal(await cache.get('b', ['products'], async () => 'b2'), 'b2', 'least recently used: dropped');
  });

  it('loads every time with ttlMs 0 (off)', async () => {
    const cache = new ResponseCache({ ttlMs: 0 });
    const { load, calls } = counter();
    await cache.get('k', ['products'], load);
    await cache.get('k', ['products'], load);
    assert.equal(calls(), 2);
    assert.equal(cache.size, 0);
  });
});

describe('listKey', () => {
  it('is the same for every spelling of one query and differs otherwise', () => {
    // The key of a query as the service computes it: normalized once by listRequest.
    const listKey = (query: ListQuery) => requestKey(listRequest(query));
    const base = { page: 1, limit: 20 };
    assert.equal(listKey({ ...base, search: 'HP  laptop' }), listKey({ ...base, search: 'hp laptop!' }));
    assert.notEqual(listKey({ ...base, search: 'hp' }), listKey({ ...base, search: 'hp laptop' }));
    assert.notEqual(listKey(base), listKey({ ...base, page: 2 }));
    assert.notEqual(listKey(base), listKey({ ...base, limit: 10 }));
    assert.notEqual(listKey(base), listKey({ ...base, minPrice: 0 }));
    assert.notEqual(listKey({ ...base, minPrice: 5 }), listKey({ ...base, maxPrice: 5 }));
    assert.notEqual(listKey(base), listKey({ ...base, category: 'Electronics' }));
  });
});
