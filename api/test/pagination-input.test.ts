/**
 * Paging input (ADR 0012): on EVERY route whose OpenAPI document lists a `page` or `limit`
 * query parameter (found in /api/docs/json, so lists added later are covered too), a value that is
 * not a finite whole number (`1e400`, `Infinity`, `-Infinity`, `1.5`, `NaN`) answers 400
 * `{status: "fail", message}` naming the parameter, never a 500; and other numeric query values
 * (`minPrice=1e400`) are refused the same way. Sent with a verified admin's token so routes that
 * need a session (or an admin, e.g. /admin/reports) are reached too.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { forEachEngine, json } from './helper.ts';
import { type Account, account } from './selling-helpers.ts';

const BAD_VALUES = ['1e400', 'Infinity', '-Infinity', '1.5', 'NaN', '1e308e', '-1e400'];

interface Operation {
  parameters?: { in: string; name: string }[];
}

forEachEngine('paging input', (ctx) => {
  let user: Account;
  let lists: { url: string; params: string[] }[];

  before(async () => {
    // An admin reaches every list, the moderation ones included.
    user = await account(ctx.app, { role: 'admin' });
    const doc = json<{ paths: Record<string, Record<string, Operation>> }>(
      await ctx.app.inject('/api/docs/json'),
    );
    lists = Object.entries(doc.paths).flatMap(([url, methods]) => {
      const params = (methods.get?.parameters ?? [])
        .filter((param) => param.in === 'query' && (param.name === 'page' || param.name === 'limit'))
        .map((param) => param.name);
      return params.length > 0 && !url.includes('{') ? [{ url, params }] : [];
    });
  });

  it('finds the paged lists in the OpenAPI document (products, services, events at least)', () => {
    const urls = lists.map((list) => list.url);
    for (const expected of ['/api/v1/products', '/api/v1/services', '/api/v1/events']) {
      assert.ok(urls.includes(expected), `${expected} in ${urls.join(', ')}`);
    }
  });

  it('a non-finite or non-integer page/limit answers 400 with a message on every list', async () => {
    for (const { url, params } of lists) {
      for (const param of params) {
        for (const value of BAD_VALUES) {
          const response = await ctx.app.inject({
            url: `${url}?${param}=${encodeURIComponent(value)}`,
            headers: user.auth,
          });
          assert.equal(response.statusCode, 400, `${url}?${param}=${value}: ${response.body}`);
          const body = json(response);
          assert.equal(body.status, 'fail');
          assert.match(body.message, new RegExp(`^${param} `), `${url}?${param}=${value}: ${body.message}`);
        }
      }
    }
  });

  it('other numbers in a query (minPrice, maxPrice) are refused when not finite', async () => {
    for (const url of ['/api/v1/products', '/api/v1/services']) {
      for (const param of ['minPrice', 'maxPrice']) {
        const response = await ctx.app.inject({ url: `${url}?${param}=1e400` });
        assert.equal(response.statusCode, 400, `${url}?${param}=1e400: ${response.body}`);
        assert.equal(json(response).message, `${param} must be a finite number`);
      }
    }
  });

  it('good values still work', async () => {
    for (const { url } of lists) {
      const response = await ctx.app.inject({ url: `${url}?page=2&limit=5`, headers: user.auth });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    }
  });
});
