/**
 * The server renderer's reads (`plugins/app/server-api.ts`, docs/product.md §23.3) go through the
 * same door as the `/api/v1` routes (docs/decisions/0038): the same query cleaning and schema
 * validation (a query the route refuses is the same 400, a query it cleans gives the same list),
 * and the same answer JSON.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { serverApi } from '../src/plugins/app/server-api.ts';
import { buildTestApp, json } from './helper.ts';

let app: FastifyInstance;

before(async () => {
  app = await buildTestApp('pglite', {
    beforeReady: (instance) => {
      // Test-only: one server-API read per request, its answer or its error as JSON.
      instance.get<{ Querystring: { read: string; arg: string } }>(
        '/test/server-api',
        async (request, reply) => {
          const api = serverApi(instance, reply);
          const arg = JSON.parse(request.query.arg) as never;
          try {
            const read = request.query.read as 'listProducts' | 'listServices' | 'getProduct';
            return { ok: await api[read](arg) };
          } catch (error) {
            const { statusCode, message } = error as { statusCode?: number; message: string };
            return { error: { statusCode, message } };
          }
        },
      );
    },
  });
});
after(() => app.close());

/** One server-API read with `arg` (JSON). */
async function read(name: string, arg: unknown) {
  const query = new URLSearchParams({ read: name, arg: JSON.stringify(arg) });
  return json<{ ok?: unknown; error?: { statusCode: number; message: string } }>(
    await app.inject(`/test/server-api?${query}`),
  );
}

it('refuses a query the list route refuses, with the route’s 400 message', async () => {
  const route = await app.inject('/api/v1/products?limit=1000');
  assert.equal(route.statusCode, 400);
  const server = await read('listProducts', { page: 1, limit: 1000 });
  assert.equal(server.error?.statusCode, 400);
  assert.equal(server.error?.message, json(route).message);

  const badSort = await read('listServices', { page: 1, limit: 20, sort: 'cheapest' });
  assert.equal(badSort.error?.statusCode, 400);
  assert.equal(badSort.error?.message, json(await app.inject('/api/v1/services?sort=cheapest')).message);
});

it('cleans and completes a query as the route does, and answers the route’s JSON', async () => {
  // Empty and padded values as a form or an address bar sends them; page and limit defaulted.
  const server = await read('listProducts', { search: '  ', category: '', minPrice: ' 0 ' });
  const route = json(await app.inject('/api/v1/products?search=%20%20&category=&minPrice=%200%20'));
  assert.deepEqual(server.ok, route.data);
});

it('reads an item with an id the route refuses as missing (null), like an unknown id', async () => {
  assert.equal((await read('getProduct', 'x'.repeat(101))).ok, null);
  assert.equal((await read('getProduct', '00000000-0000-4000-8000-000000000000')).ok, null);
});
