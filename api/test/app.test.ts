/**
 * Platform behaviour of the app on each engine: health, the error format (ARCHITECTURE "API
 * conventions"), security headers, OpenAPI docs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { badRequest, INTERNAL_ERROR_MESSAGE } from '../src/errors.ts';
import { BOOT_SCRIPT_CSP_SOURCE } from '../src/plugins/app/boot-script.ts';
import { cspDirectives } from '../src/plugins/external/helmet.ts';
import { buildTestApp, ENGINES, forEachEngine, json } from './helper.ts';

forEachEngine(
  'app',
  (ctx) => {
    it('GET /api/v1/health answers {status: "ok"} when the database answers', async () => {
      const response = await ctx.app.inject('/api/v1/health');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(json(response), { status: 'ok' });
      assert.equal(response.headers['cache-control'], 'no-store');
    });

    it('answers 404 {status: "fail", message: "Route not found"} for unknown routes', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/nope'],
        ['POST', '/api/v1/products/x/y'],
        ['DELETE', '/api/v1/health'],
        ['GET', '/not-an-api-route'],
      ] as const) {
        const response = await ctx.app.inject({ method, url });
        assert.equal(response.statusCode, 404, `${method} ${url}`);
        assert.deepEqual(json(response), { status: 'fail', message: 'Route not found' });
      }
    });

    it('answers 400 "Malformed JSON body" for a broken JSON body, never 500', async () => {
      for (const payload of ['{"name": ', '{name: 1}', 'nope']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/test/echo',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        assert.equal(response.statusCode, 400, payload);
        assert.deepEqual(json(response), { status: 'fail', message: 'Malformed JSON body' });
      }
    });

    it('answers 400 with a message naming the field for an invalid body', async () => {
      const wrongType = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test/echo',
        payload: { name: { first: 'Wanjiru' } },
      });
      assert.equal(wrongType.statusCode, 400);
      assert.deepEqual(json(wrongType), {
        status: 'fail',
        message: 'name must be a string',
        errors: { name: 'name must be a string' },
      });
      const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/test/echo', payload: {} });
      assert.deepEqual(json(missing), {
        status: 'fail',
        message: 'name is required',
        errors: { name: 'name is required' },
      });
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test/echo',
        payload: { name: 'Wanjiru' },
      });
      assert.deepEqual(json(ok), { status: 'success', data: { name: 'Wanjiru' } });
    });

    it('passes an HttpError through with its per-field messages', async () => {
      const response = await ctx.app.inject('/api/v1/test/bad-request');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response), {
        status: 'fail',
        message: 'Price is too high',
        errors: { price: 'Price is too high' },
      });
    });

    it('answers 500 {status: "error"} with a generic message: no stack, no SQL', async () => {
      const response = await ctx.app.inject('/api/v1/test/crash');
      assert.equal(response.statusCode, 500);
      assert.deepEqual(json(response), { status: 'error', message: INTERNAL_ERROR_MESSAGE });
      assert.doesNotMatch(response.body, /secret|SELECT|at /);
      const sqlError = await ctx.app.inject('/api/v1/test/sql-error');
      assert.equal(sqlError.statusCode, 500);
      assert.deepEqual(json(sqlError), { status: 'error', message: INTERNAL_ERROR_MESSAGE });
    });

    it('sends security headers with a CSP that allows no inline script but the boot script', async () => {
      const response = await ctx.app.inject('/api/v1/health');
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/);
      assert.ok(csp.includes(`script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE};`), csp);
      assert.doesNotMatch(csp, /script-src [^;]*unsafe-inline/);
      assert.match(csp, /script-src-attr 'none'/);
      assert.match(csp, /img-src 'self' data: blob:/);
      assert.match(csp, /object-src 'none'/);
      assert.doesNotMatch(csp, /upgrade-insecure-requests/, 'plain-http PUBLIC_URL');
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['strict-transport-security'], undefined);
    });
  },
  {
    beforeReady(app) {
      app.post(
        '/api/v1/test/echo',
        {
          schema: {
            body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          },
        },
        async (request) => ({ status: 'success', data: request.body }),
      );
      app.get('/api/v1/test/bad-request', async () => {
        throw badRequest('Price is too high', { price: 'Price is too high' });
      });
      app.get('/api/v1/test/crash', async () => {
        throw new Error('SELECT * FROM secret_table failed');
      });
      app.get('/api/v1/test/sql-error', async () => {
        await app.db
          .selectFrom('no_such_table' as 'users')
          .selectAll()
          .execute();
      });
    },
  },
);

describe('health when the database is gone', () => {
  it('answers 503 {status: "error"}', async () => {
    const app = await buildTestApp(ENGINES[0]!);
    try {
      await app.database.destroy();
      const response = await app.inject('/api/v1/health');
      assert.equal(response.statusCode, 503);
      assert.deepEqual(json(response), { status: 'error', message: 'Database unavailable' });
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI docs', () => {
  it('documents every catalog route with request and response schemas at /api/docs', async () => {
    const app = await buildTestApp('pglite');
    try {
      const page = await app.inject('/api/docs/');
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /text\/html/);
      const doc = json(await app.inject('/api/docs/json'));
      const expected = [
        '/api/v1/health',
        '/api/v1/products',
        '/api/v1/products/get-products-count',
        '/api/v1/products/{id}',
        '/api/v1/services',
        '/api/v1/services/get-services-count',
        '/api/v1/services/{id}',
        '/api/v1/shops/{id}',
        '/api/v1/shops/{id}/products',
        '/api/v1/sellers/{id}',
        '/api/v1/users/usersCount',
      ];
      for (const path of expected) {
        const operation = doc.paths[path]?.get;
        assert.ok(operation, `${path} is documented`);
        assert.ok(
          operation.responses['200']?.content?.['application/json']?.schema,
          `${path} has a 200 schema`,
        );
        assert.ok(operation.responses['4XX'] ?? operation.responses['4xx'], `${path} documents 4xx`);
      }
      const listParams = doc.paths['/api/v1/products'].get.parameters.map(
        (parameter: { name: string }) => parameter.name,
      );
      assert.deepEqual(listParams.sort(), [
        'category',
        'condition',
        'course',
        'limit',
        'maxPrice',
        'minPrice',
        'page',
        'search',
        'sort',
        'university',
        'verifiedOnly',
      ]);
      assert.ok(
        doc.paths['/api/v1/products/{id}'].get.parameters.some(
          (parameter: { in: string }) => parameter.in === 'path',
        ),
      );
    } finally {
      await app.close();
    }
  });
});

describe('CSP directives', () => {
  it('adds the origins of absolute remote URLs to script, style and connect sources', () => {
    const directives = cspDirectives({
      publicUrl: 'https://soko.example.ac.ke',
      remotes: {
        catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
        auth: '/remotes/auth/mf-manifest.json',
        dashboard: 'https://cdn.example.com/dashboard/remoteEntry.js',
      },
    });
    assert.deepEqual(directives.scriptSrc, ["'self'", BOOT_SCRIPT_CSP_SOURCE, 'https://cdn.example.com']);
    assert.match(BOOT_SCRIPT_CSP_SOURCE, /^'sha256-[A-Za-z0-9+/]{43}='$/);
    assert.deepEqual(directives.connectSrc, ["'self'", 'https://cdn.example.com']);
    assert.ok(directives.styleSrc.includes('https://cdn.example.com'));
    assert.ok(!directives.scriptSrc.includes("'unsafe-inline'"));
    assert.deepEqual(directives.upgradeInsecureRequests, [], 'https public URL upgrades requests');
  });
});
