/**
 * The list totals (ADR 0037): a page read in index order counts exactly up to
 * EXACT_COUNT_LIMIT (1 000) matches; above it the planner's estimate, flagged `totalIsEstimate`
 * ("about N" on the page), with a whole `totalPages`, corrected by what the page proves (a short
 * page is the last one; a full page has a next one). A search by relevance counts exactly in its
 * page query. The real limit's boundary on the API (1 000 vs 1 001 rows, inserted in one
 * statement), a lowered limit through the service's option, and the pieces as units.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { EXACT_COUNT_LIMIT, pageTotal } from '../src/catalog/listing.ts';
import { planRows } from '../src/catalog/repository.ts';
import { productsRepository } from '../src/products/repository.ts';
import { productsService } from '../src/products/service.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';

interface ListData {
  products: { title: string }[];
  totalProducts: number;
  totalPages: number;
  currentPage: number;
  /** Present (true) only for an estimate. */
  totalIsEstimate?: true;
}

const BULK = 'Fitness Equipment';
const FEW = 'Kitchen Appliances';

forEachEngine('list counts', (ctx) => {
  before(async () => {
    const db = ctx.app.db;
    const seller = await insertUser(db, { email: 'counts@example.ac.ke', first_name: 'Wanjiru' });
    // Exactly EXACT_COUNT_LIMIT listed products in one category, in one statement.
    await sql`
      INSERT INTO products (seller_id, title, description, price, category, created_at, updated_at)
      SELECT ${seller.id}, 'Skipping rope ' || n, 'Bulk', 100 + n, ${BULK},
             now() - n * interval '1 minute', now() - n * interval '1 minute'
      FROM generate_series(1, ${EXACT_COUNT_LIMIT}) AS n`.execute(db);
    // A sold one in the same category is never counted.
    await insertProduct(db, { seller_id: seller.id, title: 'Sold rope', category: BULK, status: 'sold' });
    for (let i = 1; i <= 3; i++) {
      await insertProduct(db, { seller_id: seller.id, title: `Kettle ${i}`, category: FEW, minutesAgo: i });
    }
  });

  const list = async (query: string): Promise<ListData> => {
    const response = await ctx.app.inject(`/api/v1/products?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return json(response).data as ListData;
  };

  it(`counts exactly up to ${EXACT_COUNT_LIMIT} matches`, async () => {
    const data = await list(`category=${encodeURIComponent(BULK)}`);
    assert.equal(data.totalProducts, EXACT_COUNT_LIMIT);
    assert.equal(data.totalIsEstimate, undefined);
    assert.equal(data.totalPages, EXACT_COUNT_LIMIT / 20);
    const few = await list(`category=${encodeURIComponent(FEW)}`);
    assert.deepEqual([few.totalProducts, few.totalPages, few.totalIsEstimate], [3, 1, undefined]);
    const none = await list('search=zzzqqq');
    assert.deepEqual([none.totalProducts, none.totalPages, none.totalIsEstimate], [0, 0, undefined]);
  });

  it(`estimates above ${EXACT_COUNT_LIMIT} matches, with whole totalPages`, async () => {
    const seller = await insertUser(ctx.app.db, { email: 'counts-2@example.ac.ke' });
    await insertProduct(ctx.app.db, { seller_id: seller.id, title: 'Skipping rope 1001', category: BULK });
    await ctx.app.products.invalidate();
    const data = await list(`category=${encodeURIComponent(BULK)}`);
    assert.equal(data.totalIsEstimate, true);
    assert.ok(data.totalProducts > EXACT_COUNT_LIMIT, `estimate ${data.totalProducts}`);
    assert.ok(Number.isInteger(data.totalProducts));
    assert.equal(data.totalPages, Math.ceil(data.totalProducts / 20));
    assert.equal(data.products.length, 20);
    // The last page is short: it proves the exact total.
    const last = await list(`category=${encodeURIComponent(BULK)}&page=51`);
    assert.deepEqual(
      [last.products.length, last.totalProducts, last.totalPages, last.totalIsEstimate],
      [1, EXACT_COUNT_LIMIT + 1, 51, undefined],
    );
  });
});

forEachEngine('list counts with a lowered exact-count limit', (ctx) => {
  let service: ReturnType<typeof productsService>;
  before(async () => {
    const db = ctx.app.db;
    const seller = await insertUser(db, { email: 'counts-low@example.ac.ke' });
    for (let i = 1; i <= 5; i++) {
      await insertProduct(db, { seller_id: seller.id, title: `Thermos ${i}`, category: FEW, minutesAgo: i });
    }
    service = productsService(productsRepository(db), { exactCountLimit: 4 });
  });
  // Newest first, read in index order: counted with countUpTo, estimated above the limit.
  const query = (page: number, limit: number) => service.list({ page, limit, category: FEW });

  it('keeps a total at the limit exact', async () => {
    const exact = await productsService(productsRepository(ctx.app.db), { exactCountLimit: 5 }).list({
      page: 1,
      limit: 2,
      category: FEW,
    });
    assert.deepEqual([exact.totalProducts, exact.totalPages, exact.totalIsEstimate], [5, 3, undefined]);
  });

  it('flags a total above the limit as an estimate, at least the limit + 1', async () => {
    const first = await query(1, 2);
    assert.equal(first.totalIsEstimate, true);
    assert.ok(first.totalProducts >= 5, `estimate ${first.totalProducts}`);
    assert.equal(first.totalPages, Math.ceil(first.totalProducts / 2));
    assert.equal(first.products.length, 2);
  });

  it('turns the estimate exact on the short last page, and into more pages on a full one', async () => {
    const last = await query(3, 2);
    assert.deepEqual([last.products.length, last.totalProducts, last.totalIsEstimate], [1, 5, undefined]);
    const whole = await query(1, 5);
    assert.equal(whole.products.length, 5);
    assert.ok(whole.totalPages >= 2, 'a full page offers the next one');
  });

  it('counts a search by relevance exactly in its page query, above the limit too', async () => {
    const page = await service.list({ page: 1, limit: 2, category: FEW, search: 'thermos' });
    assert.deepEqual([page.products.length, page.totalProducts, page.totalPages], [2, 5, 3]);
    assert.equal(page.totalIsEstimate, undefined);
    const past = await service.list({ page: 9, limit: 2, search: 'thermos' });
    assert.equal(past.products.length, 0);
    assert.equal(past.totalIsEstimate, true, 'past the end: countUpTo, above the limit');
    const none = await service.list({ page: 1, limit: 2, search: 'zzzqqq' });
    assert.deepEqual([none.totalProducts, none.totalPages, none.totalIsEstimate], [0, 0, undefined]);
  });
});

describe('pageTotal', () => {
  it('keeps exact totals', () => {
    assert.deepEqual(pageTotal(42, false, 20, 20, 20), { total: 42, estimate: false });
  });
  it('makes an estimate exact on a short page or an empty first page', () => {
    assert.deepEqual(pageTotal(5000, true, 40, 20, 7), { total: 47, estimate: false });
    assert.deepEqual(pageTotal(5000, true, 0, 20, 0), { total: 0, estimate: false });
  });
  it('raises an estimate below a full page, so the next page is offered', () => {
    assert.deepEqual(pageTotal(1001, true, 1000, 20, 20), { total: 1021, estimate: true });
    assert.deepEqual(pageTotal(5000, true, 0, 20, 20), { total: 5000, estimate: true });
  });
  it('keeps the estimate past the end (an empty later page)', () => {
    assert.deepEqual(pageTotal(5000, true, 6000, 20, 0), { total: 5000, estimate: true });
  });
});

describe('planRows', () => {
  it('reads the top plan node of EXPLAIN (FORMAT JSON), parsed or as text', () => {
    const plan = [{ Plan: { 'Node Type': 'Seq Scan', 'Plan Rows': 95076.4 } }];
    assert.equal(planRows(plan), 95076);
    assert.equal(planRows(JSON.stringify(plan)), 95076);
    assert.equal(planRows(undefined), 0);
    assert.equal(planRows([{}]), 0);
  });
});
