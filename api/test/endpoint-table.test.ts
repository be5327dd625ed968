/**
 * The table of endpoints (`@campus/shared/contract`, docs/decisions/0038) and the API agree:
 * every entry is a registered route, documented at /api/docs with the entry's success status and
 * answer schema, and with its params, query and JSON body where the entry has them; and a path
 * parameter is filled and encoded by `fillPath` as the client sends it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  type EndpointEntry,
  type EndpointKey,
  endpointRoute,
  endpoints,
  fillPath,
} from '@campus/shared/contract';
import { forEachEngine, json } from './helper.ts';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};

forEachEngine('table of endpoints', (ctx) => {
  it('registers and documents every entry with its status, params, query and body', async () => {
    const doc = json<{ paths: Record<string, Record<string, Operation>> }>(
      await ctx.app.inject('/api/docs/json'),
    );
    for (const [key, entry] of Object.entries(endpoints) as [EndpointKey, EndpointEntry][]) {
      const { method, path } = endpointRoute(key);
      const operation = doc.paths[`/api/v1${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      assert.ok(operation, `${key} is registered`);
      assert.ok(operation.responses[String(entry.status)], `${key} documents its ${entry.status}`);
      const ins = new Set(operation.parameters?.map((parameter) => parameter.in));
      assert.equal(ins.has('path'), Boolean(entry.params), `${key} path params`);
      assert.equal(ins.has('query'), Boolean(entry.query), `${key} query`);
      if (entry.body) assert.ok(operation.requestBody?.content['application/json'], `${key} JSON body`);
    }
  });
});

it('fills a path from its params, URI-encoded, and refuses a missing one', () => {
  assert.equal(
    fillPath('/favourites/:kind/:id', { kind: 'products', id: 'a/b c' }),
    '/favourites/products/a%2Fb%20c',
  );
  assert.throws(() => fillPath('/events/:id', {}), /missing path parameter id/);
});
