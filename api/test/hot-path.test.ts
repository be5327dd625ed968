/**
 * What every request passes through stays whole when it is made cheap (docs/decisions/0044):
 * helmet's full set of security headers on every kind of answer; a cached list answer's bytes and
 * ETag are the ones its route serializes, before and after a write, with 304, HEAD and
 * compression as before;
 * concurrent health checks share one database ping.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ping } from '../src/health/repository.ts';
import { allowOverrideOrigins } from '../src/plugins/app/remote-serving.ts';
import { helmetOptions, securityHeaders } from '../src/plugins/external/helmet.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';

/** The headers helmet sets by default (HSTS only behind https): none may go missing. */
const HELMET_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Cross-Origin-Resource-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'X-Content-Type-Options',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64')}"`;

forEachEngine(
  'hot path',
  (ctx) => {
    let sellerId: string;
    before(async () => {
      sellerId = (await insertUser(ctx.app.db)).id;
      await insertProduct(ctx.app.db, { seller_id: sellerId, title: 'Casio fx-991 calculator' });
      ctx.app.products.invalidate();
    });

    it('computes helmet’s whole header set once (HSTS behind https only)', () => {
      const plain = securityHeaders(helmetOptions(ctx.app.config));
      assert.deepEqual(
        plain.set.map(([name]) => name),
        HELMET_HEADERS,
      );
      assert.deepEqual(plain.removed, ['X-Powered-By']);
      const https = securityHeaders(helmetOptions({ ...ctx.app.config, publicUrl: 'https://soko.example' }));
      assert.ok(https.set.some(([name]) => name === 'Strict-Transport-Security'));
      assert.match(String(new Map(https.set).get('Content-Security-Policy')), /upgrade-insecure-requests/);
    });

    it('sends every security header on answers, cached answers, 304s, 400s and 404s', async () => {
      const expected = securityHeaders(helmetOptions(ctx.app.config)).set;
      const first = await ctx.app.inject('/api/v1/products');
      const answers = [
        await ctx.app.inject('/api/v1/health'),
        first,
        await ctx.app.inject('/api/v1/products'),
        await ctx.app.inject({
          url: '/api/v1/products',
          headers: { 'if-none-match': String(first.headers.etag) },
        }),
        await ctx.app.inject('/api/v1/products?page=0'),
        await ctx.app.inject('/api/v1/no-such-route'),
      ];
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200, 200, 304, 400, 404],
      );
      for (const answer of answers) {
        for (const [name, value] of expected) assert.equal(answer.headers[name.toLowerCase()], value, name);
        assert.equal(answer.headers['x-powered-by'], undefined);
      }
    });

    it('lets a route change a security header set before its handler (remote overrides widen the CSP)', async () => {
      const answer = await ctx.app.inject('/api/v1/test/override-csp');
      assert.equal(answer.statusCode, 200);
      const csp = String(answer.headers['content-security-policy']);
      assert.match(csp, /script-src 'self' [^;]* http:\/\/localhost:3001(;|$)/);
      assert.match(csp, /connect-src 'self' http:\/\/localhost:3001(;|$)/);
      assert.equal(answer.headers['x-frame-options'], 'SAMEORIGIN');
    });

    it('answers a cached list with the bytes and ETag its route serializes, and new ones after a write', async () => {
      const url = '/api/v1/products?search=casio';
      const hits = ctx.app.responseCache.stats.hits;
      const first = await ctx.app.inject(url);
      const second = await ctx.app.inject(url);
      assert.equal(ctx.app.responseCache.stats.hits, hits + 1, 'the second answer came from the cache');
      assert.equal(second.body, first.body);
      assert.equal(second.headers.etag, etagOf(second.body));
      assert.equal(second.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(second.headers['cache-control'], first.headers['cache-control']);
      assert.equal(json(second).data.products[0].title, 'Casio fx-991 calculator');
      assert.equal(json(second).data.totalProducts, 1);

      const head = await ctx.app.inject({ method: 'HEAD', url });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers.etag, second.headers.etag);
      assert.equal(head.body, '');
      const notModified = await ctx.app.inject({
        url,
        headers: { 'if-none-match': String(second.headers.etag) },
      });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.body, '');

      await insertProduct(ctx.app.db, { seller_id: sellerId, title: 'Casio fx-82 calculator' });
      ctx.app.products.invalidate();
      const after = await ctx.app.inject({ url, headers: { 'if-none-match': String(second.headers.etag) } });
      assert.equal(after.statusCode, 200);
      assert.equal(json(after).data.totalProducts, 2);
      assert.equal(after.headers.etag, etagOf(after.body));
      assert.notEqual(after.headers.etag, second.headers.etag);
      const again = await ctx.app.inject(url);
      assert.equal(again.body, after.body);
      assert.equal(again.headers.etag, after.headers.etag);
    });

    it('compresses a cached answer as @fastify/compress would, once, and never a 304', async () => {
      for (let i = 0; i < 25; i++) {
        await insertProduct(ctx.app.db, { seller_id: sellerId, title: `Scientific calculator ${i}` });
      }
      ctx.app.products.invalidate();
      const url = '/api/v1/products?search=calculator';
      const plain = await ctx.app.inject(url);
      assert.ok(plain.rawPayload.length >= 1024, 'above the compression threshold');
      for (const [accept, encoding, decode] of [
        ['br, gzip', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['*', 'gzip', gunzipSync],
      ] as const) {
        for (let i = 0; i < 2; i++) {
          const answer = await ctx.app.inject({ url, headers: { 'accept-encoding': accept } });
          assert.equal(answer.statusCode, 200);
          assert.equal(answer.headers['content-encoding'], encoding, accept);
          assert.equal(answer.headers.vary, 'accept-encoding');
          assert.equal(answer.headers.etag, plain.headers.etag);
          assert.equal(decode(answer.rawPayload).toString(), plain.body);
        }
      }
      const off = await ctx.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
      });
      assert.equal(off.headers['content-encoding'], undefined);
      assert.equal(off.body, plain.body);
      const identity = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      assert.equal(identity.headers['content-encoding'], undefined);
      const notModified = await ctx.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
      });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.headers['content-encoding'], undefined);
    });

    it('gives concurrent health checks one database ping, and the next check a new one', async () => {
      const one = ping(ctx.app.db);
      const two = ping(ctx.app.db);
      assert.equal(one, two);
      await one;
      const three = ping(ctx.app.db);
      assert.notEqual(three, one);
      await three;
      const answers = await Promise.all([1, 2, 3].map(() => ctx.app.inject('/api/v1/health')));
      assert.deepEqual(
        answers.map((answer) => [answer.statusCode, json(answer)]),
        [1, 2, 3].map(() => [200, { status: 'ok' }]),
      );
    });
  },
  {
    beforeReady(app) {
      app.get('/api/v1/test/override-csp', async (_request, reply) => {
        allowOverrideOrigins(reply, ['http://localhost:3001/mf-manifest.json']);
        return { ok: true };
      });
    },
  },
);
