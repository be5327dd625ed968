/**
 * Migration 0005: category words are searchable with the lowest weight, so `text` finds items of
 * 'Textbooks and Study Materials' whose title and description never say "text" — ranked after
 * title and description matches (docs/product.md §11 "e.g. `text` finds `Textbooks`").
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { insertProduct, insertUser } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';

forEachEngine('search by category', (ctx) => {
  before(async () => {
    const db = ctx.app.db;
    const seller = await insertUser(db, { email: 'search-cat@example.ac.ke', first_name: 'Njeri' });
    await insertProduct(db, {
      seller_id: seller.id,
      title: 'Engineering Mathematics by K.A. Stroud, 7th ed.',
      description: 'Clean copy, no highlights',
      price: 1200,
      category: 'Textbooks and Study Materials',
      minutesAgo: 1,
    });
    await insertProduct(db, {
      seller_id: seller.id,
      title: 'Textbook stand',
      description: 'Wooden reading stand',
      price: 650,
      category: 'Dorm Room Essentials',
      minutesAgo: 2,
    });
    await insertProduct(db, {
      seller_id: seller.id,
      title: 'Desk fan',
      description: 'Quiet, three speeds',
      price: 1500,
      category: 'Electronics',
      minutesAgo: 3,
    });
  });

  it('finds a textbook by its category and ranks the title match first', async () => {
    const response = await ctx.app.inject('/api/v1/products?search=text');
    const titles = (json(response).data as { products: { title: string }[] }).products.map((p) => p.title);
    assert.deepEqual(titles, ['Textbook stand', 'Engineering Mathematics by K.A. Stroud, 7th ed.']);
  });

  it('still finds nothing for words in no title, description or category', async () => {
    const response = await ctx.app.inject('/api/v1/products?search=electric%20guitar');
    assert.equal((json(response).data as { totalProducts: number }).totalProducts, 0);
  });
});
