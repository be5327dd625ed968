/**
 * `WithoutTrustLookups` (bench:api's "without signals" baseline, ADR 0034): the same stored rating
 * and scam signal are shown by the default app and left out by an app whose database is wrapped
 * with the plugin (as `api-server.ts` builds `api-without-trust`), whose answers still validate
 * (200, empty `safetySignals`, no `rating`). PGlite in memory, from the API tests' migrated template.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import { insertProduct, insertUser } from '../../api/test/fixtures.ts';
import { openMigratedTestDatabase, testConfig } from '../../api/test/helper.ts';
import { WithoutTrustLookups } from './without-trust-lookups.ts';

/** An app on a fresh migrated PGlite, its queries rewritten by the plugin when `withPlugin`. */
async function app(withPlugin: boolean): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-bench-test-'));
  const handle = await openMigratedTestDatabase('pglite');
  const database = withPlugin ? { ...handle, db: handle.db.withPlugin(new WithoutTrustLookups()) } : handle;
  const built = await buildApp(testConfig(dataDir), { database, logger: false });
  built.addHook('onClose', async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  await built.ready();
  return built;
}

/** A seller with a stored rating (4 reviews, 18 stars) and a product with a stored signal. */
async function flaggedProduct(built: FastifyInstance): Promise<string> {
  const seller = await insertUser(built.db, {
    email_verified_at: new Date(),
    rating_count: 4,
    rating_sum: 18,
  });
  const product = await insertProduct(built.db, { seller_id: seller.id, title: 'Flagged phone' });
  await built.db
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

/** The item answer's product and the product's card on the first list page. */
async function answers(built: FastifyInstance, id: string) {
  const item = await built.inject({ method: 'GET', url: `/api/v1/products/${id}` });
  assert.equal(item.statusCode, 200, item.body);
  const list = await built.inject({ method: 'GET', url: '/api/v1/products?limit=50' });
  assert.equal(list.statusCode, 200, list.body);
  const card = list.json().data.products.find((p: { _id: string }) => p._id === id);
  assert.ok(card, 'the product is on the first list page');
  return { detail: item.json().data.product, card };
}

describe('WithoutTrustLookups', () => {
  let plain: FastifyInstance;
  let without: FastifyInstance;
  before(async () => {
    [plain, without] = await Promise.all([app(false), app(true)]);
  });
  after(async () => {
    await Promise.all([plain?.close(), without?.close()]);
  });

  it('the default app: item answers carry the signal and the rating; cards the rating', async () => {
    const { detail, card } = await answers(plain, await flaggedProduct(plain));
    assert.deepEqual(detail.safetySignals, [
      { kind: 'advance_payment', message: 'The description asks for money before you meet.' },
    ]);
    assert.deepEqual(detail.seller.rating, { average: 4.5, count: 4 });
    assert.deepEqual(card.seller.rating, { average: 4.5, count: 4 });
  });

  it('with the plugin: item answers and cards leave out the signals and the rating', async () => {
    const { detail, card } = await answers(without, await flaggedProduct(without));
    assert.deepEqual(detail.safetySignals, []);
    assert.equal(detail.seller.rating, undefined);
    assert.equal(card.seller.rating, undefined);
  });

  it('drops only the aliased trust selections, in subqueries too', () => {
    const query = without.db
      .selectFrom((eb) => eb.selectFrom('users').select(['id', 'rating_sum as owner_rating_sum']).as('s'))
      .innerJoin('users as u', 'u.id', 's.id')
      .select(['u.id', 'u.rating_count as owner_rating_count', 'u.rating_sum as owner_rating_sum'])
      .compile();
    assert.doesNotMatch(query.sql, /rating_count|rating_sum|owner_rating/);
    assert.match(query.sql, /^select "u"\."id" from \(select "id" from "users"\) as "s"/);
  });
});
