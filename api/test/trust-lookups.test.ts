/**
 * `BuildOverrides.trustLookups` (ADR 0034): the same stored rating and scam signal are shown by
 * the default app and left out by an app built with `trustLookups: false`, the baseline of
 * bench:api's "without signals" scenarios, whose answers still validate (200, empty
 * `safetySignals`, no `rating`).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { insertProduct } from './fixtures.ts';
import { type EngineContext, forEachEngine, json } from './helper.ts';
import { account } from './selling-helpers.ts';

/** A seller with a stored rating (4 reviews, 18 stars) and a product with a stored signal. */
async function flaggedProduct(ctx: EngineContext): Promise<string> {
  const seller = await account(ctx.app, { rating_count: 4, rating_sum: 18 });
  const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Flagged phone' });
  await ctx.app.db
    .insertInto('listing_signals')
    .values({
      listing_type: 'products',
      listing_id: product.id,
      kind: 'advance_payment',
      message: 'The description asks for money before you meet.',
      evidence: '{}',
      expires_at: null,
    })
    .execute();
  return product.id;
}

async function answers(ctx: EngineContext, id: string) {
  const item = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
  assert.equal(item.statusCode, 200, item.body);
  const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' });
  assert.equal(list.statusCode, 200, list.body);
  const card = json(list).data.products.find((p: { _id: string }) => p._id === id);
  return { detail: json(item).data.product, card };
}

forEachEngine('trust lookups on (the default)', (ctx) => {
  it('item answers carry the signal and the rating; cards the rating', async () => {
    const { detail, card } = await answers(ctx, await flaggedProduct(ctx));
    assert.deepEqual(detail.safetySignals, [
      { kind: 'advance_payment', message: 'The description asks for money before you meet.' },
    ]);
    assert.deepEqual(detail.seller.rating, { average: 4.5, count: 4 });
    assert.deepEqual(card.seller.rating, { average: 4.5, count: 4 });
  });
});

forEachEngine(
  'trust lookups off (bench:api baseline)',
  (ctx) => {
    it('item answers and cards leave out the signals and the rating', async () => {
      const { detail, card } = await answers(ctx, await flaggedProduct(ctx));
      assert.deepEqual(detail.safetySignals, []);
      assert.equal(detail.seller.rating, undefined);
      assert.equal(card.seller.rating, undefined);
    });
  },
  { trustLookups: false },
);
