/**
 * NUL bytes and lone UTF-16 surrogates (docs/decisions/0031) are refused with a 400 before any
 * handler or SQL sees them: in JSON bodies (login, signup, reports), query strings, path
 * parameters, and multipart text fields (a product form, the profile form). PostgreSQL's `text`
 * cannot hold NUL (the query failed: 500), and a lone surrogate has no UTF-8 form.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { findUnstorableText } from '../src/common/schemas.ts';
import { signupBody } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { account, jpeg, sendForm } from './selling-helpers.ts';

const NUL = 'a\u0000b';

forEachEngine('unstorable text is a 400', (ctx) => {
  it('login with "a\\u0000b@x.ke" answers 400 naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\u0000b@x.ke","password":"whatever-1234"}',
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(json(response).status, 'fail');
    assert.match(json(response).errors.email, /cannot be stored/);
  });

  it('a lone surrogate in a JSON body answers 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\ud800@x.ke","password":"whatever-1234"}',
    });
    assert.equal(response.statusCode, 400, response.body);
  });

  it('forgot-password and signup with NUL answer 400, nothing written', async () => {
    for (const [url, payload] of [
      ['/api/v1/auth/forgot-password', { email: `x${NUL}@x.ke` }],
      ['/api/v1/auth/signup', signupBody('nul-signup@x.ke', { firstName: NUL })],
      ['/api/v1/auth/signup', signupBody('nul-signup@x.ke', { university: `Kenyatta University${NUL}` })],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url, payload });
      assert.equal(response.statusCode, 400, `${url} ${response.body}`);
    }
    const rows = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nul-signup@x.ke')
      .execute();
    assert.equal(rows.length, 0);
  });

  // A URL or a multipart body cannot carry a lone surrogate: their bytes are UTF-8, decoded to U+FFFD.
  it('query strings and path parameters with NUL answer 400', async () => {
    for (const url of [
      '/api/v1/products?q=a%00b',
      '/api/v1/products?category=a%00b',
      '/api/v1/services?q=x%00',
      '/api/v1/products/a%00b',
      '/api/v1/sellers/a%00b',
      '/api/v1/events?university=a%00b',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 400, `${url} ${response.body}`);
    }
  });

  it('multipart text fields with NUL answer 400: product create and profile update', async () => {
    const seller = await account(ctx.app);
    const cover = await jpeg(64, 48);
    const created = await sendForm(
      ctx.app,
      'POST',
      '/products',
      {
        title: `Calculator ${NUL}`,
        description: 'ok',
        price: '100',
        category: 'Electronics',
        coverImage: cover,
      },
      seller,
    );
    assert.equal(created.statusCode, 400, created.body);
    assert.match(json(created).errors.title, /cannot be stored/);
    const products = await ctx.app.db
      .selectFrom('products')
      .select('id')
      .where('seller_id', '=', seller.user.id)
      .execute();
    assert.equal(products.length, 0);

    const profile = await sendForm(ctx.app, 'PATCH', '/users/updateMe', { firstName: NUL }, seller);
    assert.equal(profile.statusCode, 400, profile.body);
  });
});

describe('findUnstorableText', () => {
  it('skips a body left as a stream or bytes (the release upload) and walks each object once', () => {
    const stream = Readable.from(['\u0000']) as Readable & { self?: unknown };
    stream.self = stream;
    assert.equal(findUnstorableText(stream, ''), undefined);
    assert.equal(findUnstorableText(Buffer.from([0, 1, 2]), ''), undefined);
    const looped: Record<string, unknown> = { name: 'ok' };
    looped.again = looped;
    looped.list = [{ bad: 'a\u0000b' }];
    assert.equal(findUnstorableText(looped, ''), 'list.0.bad');
  });
});
