/**
 * Many processes, one site (docs/product.md §22.3): two API processes — real child processes on two
 * ports, each with its own DATA_DIR — over one PostgreSQL database (a throwaway one), one Redis
 * database (REDIS_URL's; the servers' keys, under the default prefix, deleted before and after) and one object storage (a local s3rver). Proves that
 * - a session token from A works on B;
 * - a product created, edited and deleted on A shows in B's list and count at once (B had those
 *   answers cached just before);
 * - a picture uploaded on A is served by B;
 * - a rate limit exhausted on A holds on B;
 * - view counters add up across both;
 * - a release promoted on A is what B's `/remotes.json` names within 5 s, its files served by B
 *   from the bucket (ADR 0029).
 * Then `WEB_CONCURRENCY=2` on the same backing services: two workers behind one port answer,
 * and without Redis the server refuses to start with a message naming REDIS_URL.
 * Skipped, with the reason, when DATABASE_URL or REDIS_URL is unset.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hash } from '@node-rs/argon2';
import { Redis } from 'ioredis';
import { REPO_ROOT } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { REDIS_KEY_PREFIX } from '../src/plugins/app/redis.ts';
import { API_SERVER, type ApiProcess, startApi } from './api-process.ts';
import { insertUser } from './fixtures.ts';
import { capturedOutput, createThrowawayPostgres } from './helper.ts';
import { makeDist, packDist } from './release-fixtures.ts';
import { type S3Server, startS3Server } from './s3-server.ts';
import { jpeg, multipart } from './selling-helpers.ts';

const { DATABASE_URL, REDIS_URL } = process.env;
const skip =
  (!DATABASE_URL || !REDIS_URL) &&
  `needs DATABASE_URL and REDIS_URL (unset: ${[!DATABASE_URL && 'DATABASE_URL', !REDIS_URL && 'REDIS_URL']
    .filter(Boolean)
    .join(', ')}); e.g. REDIS_URL=redis://127.0.0.1:6379/5`;
if (skip) console.log(`# scale-out test skipped: ${skip}`);

const JWT_SECRET = 'scale-out-test-secret-0123456789-abcdefghij';
const CATALOG_TOKEN = 'scale-out-catalog-token-0123456789';
const PASSWORD = 'Correct-Horse-Battery-9';

/** Loosely typed JSON answer: the assertions check it field by field. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
type Body = any;

const getJson = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Body };
};

/**
 * Deletes the keys of the API processes (the default prefix `campus:`), never the whole database:
 * other test files running at the same time keep their own prefixed keys in it.
 */
async function deleteServerKeys(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_KEY_PREFIX}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

describe('two API processes over one PostgreSQL, Redis and bucket', { skip }, () => {
  let s3: S3Server;
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string;
  let redis: Redis;
  let a: ApiProcess;
  let b: ApiProcess;
  let email: string;
  let userId: string;

  before(async () => {
    s3 = await startS3Server();
    const throwaway = await createThrowawayPostgres();
    dropDatabase = throwaway.drop;
    databaseUrl = throwaway.url;
    redis = new Redis(REDIS_URL as string);
    await deleteServerKeys(redis);
    // Schema and one verified seller, written before the processes start.
    const handle = await createDatabase({ engine: 'postgres', url: databaseUrl }, { poolSize: 2 });
    try {
      await migrateToLatest(handle.db);
      email = `seller-${Date.now()}@students.uonbi.ac.ke`;
      const user = await insertUser(handle.db, {
        email,
        password_hash: await hash(PASSWORD),
        email_verified_at: new Date(),
      });
      userId = user.id;
    } finally {
      await handle.destroy();
    }
    const shared = {
      JWT_SECRET,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL as string,
      STORAGE_URL: s3.storageUrl('campus-scale-out'),
      // Views are counted in memory and written in batches (docs/product.md §20.10): often, here.
      ENGAGEMENT_FLUSH_MS: '100',
      // /remotes.json and release files (no page rendering: the gate's smoke render is skipped).
      SERVE_STATIC: '1',
      STATIC_ROOT: REPO_ROOT,
      SERVER_RENDERING: 'off',
      DEPLOY_TOKENS: `catalog:${CATALOG_TOKEN}`,
    };
    [a, b] = await Promise.all([startApi(shared), startApi(shared)]);
  });

  after(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    if (redis) await deleteServerKeys(redis);
    redis?.disconnect();
    await dropDatabase?.();
    await s3?.close();
    assert.deepEqual(codes, [0, 0], 'both processes stopped cleanly on SIGTERM');
  });

  it('a session token from A works on B', async () => {
    const login = await fetch(`${a.origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(login.status, 200, await login.clone().text());
    const { token } = (await login.json()) as { token: string };
    const me = await getJson(`${b.origin}/api/v1/users/me`, { authorization: `Bearer ${token}` });
    assert.equal(me.status, 200);
    assert.equal(me.body.data.user.email, email);
    (globalThis as { scaleToken?: string }).scaleToken = token;
  });

  it('writes on A show in B’s cached list and count at once; A’s upload is served by B; views add up', async () => {
    const token = (globalThis as { scaleToken?: string }).scaleToken as string;
    const auth = { authorization: `Bearer ${token}` };
    const list = () => getJson(`${b.origin}/api/v1/products`);
    const count = () => getJson(`${b.origin}/api/v1/products/get-products-count`);
    // B caches the empty answers first.
    assert.equal((await list()).body.data.totalProducts, 0);
    const before = await count();
    assert.equal(before.status, 200);

    const form = await multipart({
      title: 'HP EliteBook 840',
      description: 'Core i5, 8 GB RAM, charger included',
      price: 38000,
      category: 'Electronics',
      coverImage: await jpeg(),
    });
    const created = await fetch(`${a.origin}/api/v1/products`, {
      method: 'POST',
      headers: { ...form.headers, ...auth },
      body: form.payload,
    });
    assert.equal(created.status, 201, await created.clone().text());
    const product = ((await created.json()) as Body).data.product;

    const afterCreate = await list();
    assert.equal(afterCreate.body.data.totalProducts, 1);
    assert.deepEqual(
      afterCreate.body.data.products.map((item: { _id: string }) => item._id),
      [product._id],
    );
    assert.notDeepEqual((await count()).body, before.body);

    const picture = await fetch(`${b.origin}${product.coverImage}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/webp');
    assert.equal(
      Buffer.from(await picture.arrayBuffer())
        .subarray(8, 12)
        .toString(),
      'WEBP',
    );

    const edit = await multipart({ title: 'HP EliteBook 840 G5' });
    const edited = await fetch(`${a.origin}/api/v1/products/${product._id}`, {
      method: 'PATCH',
      headers: { ...edit.headers, ...auth },
      body: edit.payload,
    });
    assert.equal(edited.status, 200, await edited.clone().text());
    assert.equal((await list()).body.data.products[0].title, 'HP EliteBook 840 G5');

    // Five visitors (one a visitor counts once a day, ADR 0031): five loopback source addresses.
    const getFrom = (origin: string, path: string, localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(path, origin);
        http
          .get({ host: url.hostname, port: url.port, path: url.pathname, localAddress }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on('error', reject);
      });
    for (const [index, origin] of [a.origin, b.origin, a.origin, b.origin, a.origin].entries()) {
      assert.equal(await getFrom(origin, `/api/v1/products/${product._id}`, `127.0.0.${index + 2}`), 200);
    }
    const handle = await createDatabase({ engine: 'postgres', url: databaseUrl }, { poolSize: 1 });
    try {
      // Each process writes its views within ENGAGEMENT_FLUSH_MS (100 ms): wait up to 5 s.
      let views = 0;
      for (let waited = 0; waited < 5_000 && views < 5; waited += 100) {
        if (waited > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        const row = await handle.db
          .selectFrom('products')
          .select('views')
          .where('id', '=', product._id)
          .executeTakeFirstOrThrow();
        views = Number(row.views);
      }
      assert.equal(views, 5, 'three views on A and two on B');
    } finally {
      await handle.destroy();
    }

    const removed = await fetch(`${a.origin}/api/v1/products/${product._id}`, {
      method: 'DELETE',
      headers: auth,
    });
    assert.equal(removed.status, 204);
    assert.equal((await list()).body.data.totalProducts, 0);
    assert.deepEqual((await count()).body, before.body);
    assert.equal((await fetch(`${b.origin}${product.coverImage}`)).status, 404);
    assert.ok(userId);
  });

  it('a rate limit exhausted on A holds on B', async () => {
    const attempt = (origin: string) =>
      fetch(`${origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody-here@students.ku.ac.ke', password: 'Wrong-password-1' }),
      });
    let attempts = 0;
    let status = 0;
    while (status !== 429 && attempts < 200) {
      status = (await attempt(a.origin)).status;
      attempts += 1;
    }
    assert.equal(status, 429, `A never limited after ${attempts} attempts`);
    const onB = await attempt(b.origin);
    assert.equal(onB.status, 429);
    assert.ok(Number(onB.headers.get('retry-after')) > 0);
  });

  it('a release promoted on A is served by B within 5 s (its /remotes.json and the files from the bucket)', async () => {
    const dir = await makeDist({ marker: `scale-out-${Date.now()}` });
    const body = await packDist(dir).finally(() => rm(dir, { recursive: true, force: true }));
    const bearer = { authorization: `Bearer ${CATALOG_TOKEN}` };
    const upload = await fetch(`${a.origin}/api/v1/releases/catalog`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/gzip' },
      body,
    });
    assert.equal(upload.status, 201, await upload.clone().text());
    const { version } = ((await upload.json()) as Body).data.release;
    const versionOnB = async () =>
      (await getJson(`${b.origin}/remotes.json`, { cookie: 'soko_bucket=1' })).body.catalog.version as string;
    assert.notEqual(await versionOnB(), version, 'B serves the checkout build before the promote');
    const promote = await fetch(`${a.origin}/api/v1/releases/catalog/promote`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    });
    assert.equal(promote.status, 200, await promote.clone().text());
    const promotedAt = Date.now();
    let seen = await versionOnB();
    while (seen !== version && Date.now() - promotedAt < 5000) seen = await versionOnB();
    assert.equal(seen, version, 'B serves the promoted release within 5 s');
    const manifest = await fetch(`${b.origin}/releases/catalog/${version}/mf-manifest.json`);
    assert.equal(manifest.status, 200);
    assert.match(manifest.headers.get('cache-control') ?? '', /immutable/);
  });

  it('WEB_CONCURRENCY=2 serves from two workers behind one port; without Redis it refuses', async () => {
    const shared = {
      JWT_SECRET,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL as string,
      WEB_CONCURRENCY: '2',
    };
    const clustered = await startApi({ ...shared, LOG_LEVEL: 'info' });
    try {
      // Ready means one worker listens; wait for the second too.
      for (let waited = 0; (clustered.output().match(/Server listening/g) ?? []).length < 2; waited += 200) {
        assert.ok(waited < 60_000, `second worker not listening:\n${clustered.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${clustered.origin}/api/v1/health/live`).then((r) => r.status),
        ),
      );
      assert.deepEqual(new Set(answers), new Set([200]));
      const started = clustered.output().match(/"msg":"worker started"/g) ?? [];
      assert.equal(started.length, 2, clustered.output());
    } finally {
      assert.equal(await clustered.stop(), 0, clustered.output());
    }

    const refused = spawn(process.execPath, ['--import', 'tsx', API_SERVER], {
      cwd: path.join(REPO_ROOT, 'api'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        WEB_CONCURRENCY: '2',
        PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stderr = capturedOutput(refused, ['stderr']);
    const [code] = await once(refused, 'exit');
    assert.equal(code, 1);
    assert.match(stderr(), /WEB_CONCURRENCY=2 needs REDIS_URL/);
  });
});
