/**
 * Response compression (plugins/external/compress.ts; docs/product.md §23: every kilobyte is the student's):
 * API JSON of 1 KB or more is brotli- or gzip-compressed by Accept-Encoding, the ETag is the
 * uncompressed answer's (a matching If-None-Match still gets an empty 304, compressed or not),
 * small answers and clients that accept no encoding get plain JSON.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { insertProduct, insertUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';

describe('response compression', () => {
  let app: FastifyInstance;

  before(async () => {
    app = await buildTestApp('pglite');
    const seller = await insertUser(app.db, { first_name: 'Otieno' });
    for (let i = 0; i < 12; i += 1) {
      await insertProduct(app.db, {
        seller_id: seller.id,
        title: `Scientific calculator number ${i}`,
        description: 'Casio fx-991ES, works well, battery included, meet at the library.',
        price: 1500 + i,
      });
    }
  });
  after(async () => {
    await app?.close();
  });

  const list = (headers: Record<string, string>) => app.inject({ url: '/api/v1/products', headers });

  it('compresses a product list with brotli or gzip, and the JSON reads the same', async () => {
    const plain = await list({});
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.rawPayload.length > 1024, `list is ${plain.rawPayload.length} bytes`);
    for (const [accepted, expected, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await list({ 'accept-encoding': accepted });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], expected);
      assert.match(String(response.headers.vary), /accept-encoding/i);
      assert.deepEqual(JSON.parse(decode(response.rawPayload).toString()), JSON.parse(plain.body));
      assert.ok(response.rawPayload.length * 3 < plain.rawPayload.length, `${expected} saves bytes`);
      assert.equal(response.headers.etag, plain.headers.etag, 'the ETag is the uncompressed answer’s');
    }
  });

  it('a matching If-None-Match still answers 304 without a body when compression is accepted', async () => {
    const first = await list({ 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    assert.ok(etag.length > 2);
    const again = await list({ 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });

  it('leaves small answers uncompressed', async () => {
    const health = await app.inject({ url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(health.statusCode, 200);
    assert.equal(health.headers['content-encoding'], undefined);
    assert.ok(health.rawPayload.length < 1024);
  });
});
