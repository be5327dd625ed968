/**
 * What API processes share through Redis (docs/product.md §22.1): the response cache's tag versions
 * (`RedisTagVersions`) and the list totals (`RedisCountCache`). Two instances stand for two
 * processes; each test run uses its own key prefix in REDIS_URL's database and deletes its keys
 * after. Skipped (with the reason) when REDIS_URL is unset.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { RedisCountCache } from '../src/catalog/count-cache.ts';
import { RedisTagVersions, ResponseCache } from '../src/catalog/response-cache.ts';
import { deleteKeys, json, testConfig } from './helper.ts';

const REDIS_URL = process.env.REDIS_URL;
const skip = !REDIS_URL && 'REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379/11)';

describe('shared through Redis', { skip }, () => {
  let redis: Redis;
  const prefix = `campus-test-${randomBytes(4).toString('hex')}:`;
  before(() => {
    redis = new Redis(REDIS_URL as string);
  });
  after(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('a write invalidated on one process drops the cached answer of another at once', async () => {
    const a = new ResponseCache({ versions: new RedisTagVersions(redis, prefix) });
    const b = new ResponseCache({ versions: new RedisTagVersions(redis, prefix) });
    let rows = 1;
    const load = async () => `rows:${rows}`;
    assert.equal(await a.get('products:list', ['products', 'users'], load), 'rows:1');
    rows = 2;
    assert.equal(await a.get('products:list', ['products', 'users'], load), 'rows:1', 'fresh entry answered');
    await b.invalidate('products');
    assert.equal(await a.get('products:list', ['products', 'users'], load), 'rows:2');
    await b.invalidate('shops');
    rows = 3;
    assert.equal(await a.get('products:list', ['products', 'users'], load), 'rows:2', 'other tags keep it');
    assert.deepEqual(a.stats, { hits: 2, stale: 0, misses: 2, loads: 2, bypassed: 0 });
  });

  it('never stores a load that began before another process invalidated its tag', async () => {
    const a = new ResponseCache({ versions: new RedisTagVersions(redis, prefix) });
    const b = new ResponseCache({ versions: new RedisTagVersions(redis, prefix) });
    let release!: () => void;
    const slow = a.get(
      'shops:count',
      ['shops'],
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('old');
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await b.invalidate('shops');
    release();
    assert.equal(await slow, 'old');
    assert.equal(await a.get('shops:count', ['shops'], async () => 'new'), 'new');
  });

  it('loads without the cache when Redis cannot be read', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    broken.on('error', () => {});
    const errors: unknown[] = [];
    const cache = new ResponseCache({
      versions: new RedisTagVersions(broken, prefix),
      onError: (e) => errors.push(e),
    });
    assert.equal(await cache.get('k', ['products'], async () => 'loaded'), 'loaded');
    assert.equal(await cache.get('k', ['products'], async () => 'again'), 'again');
    assert.equal(cache.stats.bypassed, 2);
    assert.equal(errors.length, 2);
    broken.disconnect();
  });

  it('list totals are shared, expire, and an invalidation on one process hides them from all', async () => {
    const a = new RedisCountCache<number>(redis, prefix, 'products', { ttlMs: 300 });
    const b = new RedisCountCache<number>(redis, prefix, 'products', { ttlMs: 300 });
    const first = await a.lookup('filter');
    assert.equal(first.value, undefined);
    await a.set('filter', 42, first.version);
    assert.equal((await b.lookup('filter')).value, 42);
    const stale = await b.lookup('other');
    await a.invalidate();
    assert.equal((await b.lookup('filter')).value, undefined);
    await b.set('other', 7, stale.version); // computed before the write: unreachable
    assert.equal((await a.lookup('other')).value, undefined);
    const fresh = await a.lookup('filter');
    await a.set('filter', 43, fresh.version);
    assert.equal((await b.lookup('filter')).value, 43);
    await new Promise((resolve) => setTimeout(resolve, 350));
    assert.equal((await b.lookup('filter')).value, undefined, 'expired');
  });

  describe('an app with REDIS_URL', () => {
    let app: FastifyInstance;
    let dataDir: string;
    const appPrefix = `${prefix}app:`;
    before(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-redis-'));
      app = await buildApp(testConfig(dataDir, { REDIS_URL: REDIS_URL as string }), {
        logger: false,
        redisKeyPrefix: appPrefix,
      });
      await app.ready();
    });
    after(async () => {
      await app?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('reports Redis in the readiness check and keeps cache versions and totals there', async () => {
      const ready = await app.inject({ url: '/api/v1/health/ready' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(json(ready).checks, { database: 'ok', redis: 'ok' });
      assert.equal((await app.inject({ url: '/api/v1/products?search=laptop' })).statusCode, 200);
      await app.products.invalidate();
      const keys = await redis.keys(`${appPrefix}*`);
      assert.ok(keys.includes(`${appPrefix}cache:version:products`), keys.join());
      assert.ok(keys.includes(`${appPrefix}totals:products:version`), keys.join());
    });
  });
});
