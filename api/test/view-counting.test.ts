/**
 * Views and chat clicks count once per visitor per listing per day, the visitor being its signed
 * visitor cookie or its address (a salted daily hash), not its user agent, and bursts from one
 * address are not counted (docs/decisions/0031): 1 000 anonymous GETs of an item add 1 view,
 * 200 chat redirects with 200 user agents from one address add 1 chat click, and at most
 * `MAX_VISITORS_PER_ADDRESS` distinct visitors of one address count per listing and day.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { EngagementCounters, MAX_VISITORS_PER_ADDRESS } from '../src/engagement/counters.ts';
import type { EngagementRepository } from '../src/engagement/repository.ts';
import { VISITOR_COOKIE } from '../src/engagement/visitor.ts';
import { insertProduct } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { account } from './selling-helpers.ts';

forEachEngine('views and chat clicks cannot be inflated', (ctx) => {
  it('1 000 anonymous GETs of an item from one address add 1 view', async () => {
    const seller = await account(ctx.app);
    const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Popular lamp' });
    const other = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Quiet lamp' });
    for (let i = 0; i < 1000; i += 1) {
      const response = await ctx.app.inject({
        url: `/api/v1/products/${product.id}`,
        remoteAddress: '10.7.0.1',
        headers: { 'user-agent': `bot ${i}` },
      });
      assert.equal(response.statusCode, 200);
    }
    // A real visitor elsewhere still counts, once.
    await ctx.app.inject({ url: `/api/v1/products/${other.id}`, remoteAddress: '10.7.0.2' });
    await ctx.app.inject({ url: `/api/v1/products/${other.id}`, remoteAddress: '10.7.0.2' });
    await ctx.app.engagement.counters.flush();
    const views = async (id: string) =>
      (await ctx.app.db.selectFrom('products').select('views').where('id', '=', id).executeTakeFirstOrThrow())
        .views;
    assert.equal(await views(product.id), 1);
    assert.equal(await views(other.id), 1);
    const list = await ctx.app.inject('/api/v1/products?sort=most_viewed');
    assert.equal(list.statusCode, 200);
  });

  it("a read whose visitor is unknown (the day's salt unreadable) counts no view", async () => {
    const seller = await account(ctx.app);
    const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Unseen lamp' });
    for (let i = 0; i < 5; i += 1) await ctx.app.products.getAndCountView(product.id, undefined);
    await ctx.app.engagement.counters.flush();
    const row = await ctx.app.db
      .selectFrom('products')
      .select('views')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.views, 0);
  });

  it('the first answer sets a signed visitor cookie; sending it back is the same visitor', async () => {
    const seller = await account(ctx.app);
    const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id });
    const first = await ctx.app.inject({ url: `/api/v1/products/${product.id}`, remoteAddress: '10.7.1.1' });
    const setCookie = String(first.headers['set-cookie']);
    assert.match(setCookie, new RegExp(`^${VISITOR_COOKIE}=`));
    assert.match(setCookie, /HttpOnly/);
    assert.match(String(first.headers['cache-control']), /private/);
    const cookie = setCookie.split(';')[0] as string;
    const again = await ctx.app.inject({
      url: `/api/v1/products/${product.id}`,
      remoteAddress: '10.7.1.1',
      headers: { cookie },
    });
    assert.equal(again.headers['set-cookie'], undefined);
    assert.equal(json(again).data.product.views, 1);
    // A forged cookie is no visitor of its own.
    const forged = await ctx.app.inject({
      url: `/api/v1/products/${product.id}`,
      remoteAddress: '10.7.1.1',
      headers: { cookie: `${cookie.slice(0, -4)}AAAA` },
    });
    assert.equal(json(forged).data.product.views, 1);
  });

  it('200 chat redirects with 200 user agents from one address add 1 chat click', async () => {
    const seller = await account(ctx.app, { whatsapp: '254711000999' });
    const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id });
    for (let i = 0; i < 200; i += 1) {
      const response = await ctx.app.inject({
        url: `/api/v1/products/${product.id}/chat`,
        remoteAddress: '10.7.2.1',
        headers: { 'user-agent': `Mozilla/5.0 agent ${i}` },
      });
      assert.equal(response.statusCode, 302);
    }
    await ctx.app.engagement.counters.flush();
    const rows = await ctx.app.db
      .selectFrom('listing_daily_stats')
      .select('chat_clicks')
      .where('listing_id', '=', product.id)
      .execute();
    assert.deepEqual(
      rows.map((row) => row.chat_clicks),
      [1],
    );
  });

  it(`at most ${MAX_VISITORS_PER_ADDRESS} distinct visitors of one address count per listing and day`, () => {
    const counters = new EngagementCounters({ repository: {} as EngagementRepository });
    let counted = 0;
    for (let i = 0; i < 100; i += 1) {
      if (counters.view('products', 'listing-1', { visitor: `cookie-${i}`, address: 'one-address' }))
        counted += 1;
    }
    assert.equal(counted, MAX_VISITORS_PER_ADDRESS);
    // Another address, another listing: their own allowance; a counted visitor does not count twice.
    assert.equal(counters.view('products', 'listing-1', { visitor: 'cookie-0', address: 'another' }), false);
    assert.equal(counters.view('products', 'listing-1', { visitor: 'cookie-x', address: 'another' }), true);
    assert.equal(
      counters.view('products', 'listing-2', { visitor: 'cookie-0', address: 'one-address' }),
      true,
    );
  });
});
