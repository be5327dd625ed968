/**
 * Object storage (docs/product.md §22.2) against a local S3-compatible server (s3rver, started here):
 * the driver itself (bucket created when missing, put / get / list / delete under a prefix), and
 * an app with STORAGE_URL: a listing's pictures go to the bucket, `/uploads/...` streams them
 * (or redirects to STORAGE_PUBLIC_URL), deleting the listing deletes them, and the orphan sweep
 * finds old unreferenced pictures in the bucket.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { parseStorageUrl } from '../src/config.ts';
import { referencedUploadUrls } from '../src/uploads/repository.ts';
import { S3Storage } from '../src/uploads/s3-storage.ts';
import { VARIANT_WIDTHS } from '../src/uploads/storage.ts';
import { sweepUploads } from '../src/uploads/sweep.ts';
import { json, testConfig } from './helper.ts';
import { type S3Server, startS3Server } from './s3-server.ts';
import { account, jpeg, sendForm } from './selling-helpers.ts';

let s3: S3Server;
before(async () => {
  s3 = await startS3Server();
});
after(async () => {
  await s3?.close();
});

describe('parseStorageUrl', () => {
  it('reads bucket, prefix, endpoint and region, path-style for custom endpoints', () => {
    assert.deepEqual(
      parseStorageUrl('s3://campus-uploads/site/pics?endpoint=http://minio:9000&region=eu-west-1'),
      {
        driver: 's3',
        bucket: 'campus-uploads',
        prefix: 'site/pics',
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        forcePathStyle: true,
      },
    );
    assert.deepEqual(parseStorageUrl('s3://campus-uploads', 'af-south-1'), {
      driver: 's3',
      bucket: 'campus-uploads',
      prefix: '',
      endpoint: null,
      region: 'af-south-1',
      forcePathStyle: false,
    });
    assert.throws(() => parseStorageUrl('s3://b?endpont=http://x'), /unknown parameter 'endpont'/);
  });
});

describe('S3Storage on s3rver', () => {
  it('creates a missing bucket, then puts, reads, lists and deletes under its prefix', async () => {
    const storage = new S3Storage(parseStorageUrl(s3.storageUrl('driver-test').replace('?', '/site?')));
    try {
      await storage.ensureBucket();
      await storage.ensureBucket(); // exists now: nothing to do
      const url = await storage.put('products/abc-400.webp', Buffer.from('webp bytes'), 'image/webp');
      assert.equal(url, '/uploads/products/abc-400.webp');
      assert.equal(storage.objectKey('products/abc-400.webp'), 'site/products/abc-400.webp');
      const object = await storage.get('products/abc-400.webp');
      assert.ok(object);
      assert.equal(object.contentType, 'image/webp');
      assert.equal(object.contentLength, 10);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
      assert.equal(Buffer.concat(chunks).toString(), 'webp bytes');
      const listed = await storage.list();
      assert.deepEqual(
        listed.map((file) => file.key),
        ['products/abc-400.webp'],
      );
      assert.ok(Math.abs((listed[0]?.mtimeMs ?? 0) - Date.now()) < 60_000);
      await storage.delete('products/abc-400.webp');
      await storage.delete('products/abc-400.webp'); // missing: fine
      assert.equal(await storage.get('products/abc-400.webp'), null);
      assert.throws(() => storage.objectKey('../etc/passwd'), /Invalid storage key/);
    } finally {
      storage.close();
    }
  });

  it('several processes starting at once over a missing bucket all start: losing the race to create it is fine', async () => {
    const url = s3.storageUrl('raced-bucket');
    const storages = Array.from({ length: 4 }, () => new S3Storage(parseStorageUrl(url)));
    try {
      const outcomes = await Promise.allSettled(storages.map((storage) => storage.ensureBucket()));
      assert.deepEqual(
        outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok')),
        ['ok', 'ok', 'ok', 'ok'],
      );
    } finally {
      for (const storage of storages) storage.close();
    }
  });
});

describe('an app with STORAGE_URL on s3rver', () => {
  let app: FastifyInstance;
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-s3-app-'));
    app = await buildApp(testConfig(dataDir, { STORAGE_URL: s3.storageUrl('campus-uploads') }), {
      logger: false,
    });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a listing’s pictures in the bucket, serves them at /uploads and deletes them with it', async () => {
    assert.equal(app.storage.driver, 's3');
    const seller = await account(app);
    const created = await sendForm(
      app,
      'POST',
      '/products',
      {
        title: 'Casio fx-991',
        description: 'Scientific calculator',
        price: 1500,
        category: 'Electronics',
        coverImage: await jpeg(),
      },
      seller,
    );
    assert.equal(created.statusCode, 201, created.body);
    const product = json(created).data.product;
    assert.match(product.coverImage, /^\/uploads\/products\/[0-9a-f-]+-1200\.webp$/);
    const keys = (await (app.storage as S3Storage).list()).map((file) => file.key).sort();
    assert.equal(keys.length, VARIANT_WIDTHS.length);
    assert.ok(keys.every((key) => key.startsWith('products/')));

    const picture = await app.inject({ url: product.coverImage });
    assert.equal(picture.statusCode, 200);
    assert.equal(picture.headers['content-type'], 'image/webp');
    assert.equal(picture.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(picture.rawPayload.subarray(8, 12).toString(), 'WEBP');
    const again = await app.inject({
      url: product.coverImage,
      headers: { 'if-none-match': String(picture.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    assert.equal((await app.inject({ url: '/uploads/products/missing-1200.webp' })).statusCode, 404);
    assert.equal((await app.inject({ url: '/uploads/products/x.webp.1.tmp' })).statusCode, 404);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product._id}`,
      headers: seller.auth,
    });
    assert.equal(removed.statusCode, 204, removed.body);
    assert.deepEqual(await (app.storage as S3Storage).list(), []);
    assert.equal((await app.inject({ url: product.coverImage })).statusCode, 404);
  });

  it('the sweep deletes old unreferenced pictures in the bucket and keeps referenced ones', async () => {
    const storage = app.storage as S3Storage;
    const seller = await account(app);
    const created = await sendForm(
      app,
      'POST',
      '/products',
      {
        title: 'Desk lamp',
        description: 'LED desk lamp, warm light',
        price: 800,
        category: 'Electronics',
        coverImage: await jpeg(),
      },
      seller,
    );
    assert.equal(created.statusCode, 201, created.body);
    await storage.put('products/orphan-1200.webp', Buffer.from('x'), 'image/webp');
    await storage.put('products/orphan-400.webp', Buffer.from('x'), 'image/webp');
    const result = await sweepUploads({
      uploadsDir: app.config.uploadsDir,
      tempDir: app.config.tempDir,
      stored: storage,
      referencedUrls: () => referencedUploadUrls(app.db),
      now: Date.now() + 2 * 3_600_000,
    });
    assert.deepEqual(result.orphans.sort(), ['products/orphan-1200.webp', 'products/orphan-400.webp']);
    assert.equal((await storage.list()).length, VARIANT_WIDTHS.length, 'the listing’s variants stay');
  });
});

describe('an app with STORAGE_URL and STORAGE_PUBLIC_URL', () => {
  let app: FastifyInstance;
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-s3-public-'));
    app = await buildApp(
      testConfig(dataDir, {
        STORAGE_URL: s3.storageUrl('campus-public').replace('?', '/pics?'),
        STORAGE_PUBLIC_URL: 'https://cdn.example.ac.ke/',
      }),
      { logger: false },
    );
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('redirects /uploads/<key> to the public URL of the object and allows its origin for images', async () => {
    const response = await app.inject({ url: '/uploads/products/abc-1200.webp' });
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, 'https://cdn.example.ac.ke/pics/products/abc-1200.webp');
    const csp = String((await app.inject({ url: '/api/v1/health' })).headers['content-security-policy']);
    assert.match(csp, /img-src [^;]*https:\/\/cdn\.example\.ac\.ke/);
  });
});
