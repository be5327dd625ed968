/**
 * GET /api/v1/products, /products/:id and /products/get-products-count on real rows, on each
 * engine (docs/product.md §3 "Product", docs/product.md §7, §9).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { MIN_GT_MAX_MESSAGE } from '../src/catalog/listing.ts';
import type { ProductRow, ShopRow, UserRow } from '../src/db/schema.ts';
import { insertProduct, insertShop, insertUser } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';

forEachEngine('products', (ctx) => {
  let alice: UserRow;
  let bob: UserRow;
  let carol: UserRow;
  let aliceShop: ShopRow;
  let carolShop: ShopRow;
  const p: Record<string, ProductRow> = {};

  const list = async (query = '') => {
    const response = await ctx.app.inject(`/api/v1/products${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return json(response).data as {
      products: { _id: string; title: string }[];
      totalPages: number;
      totalProducts: number;
      currentPage: number;
    };
  };
  const titles = async (query = '') => (await list(query)).products.map((product) => product.title);
  const fail = async (query: string) => {
    const response = await ctx.app.inject(`/api/v1/products${query}`);
    assert.equal(response.statusCode, 400, response.body);
    const body = json(response);
    assert.equal(body.status, 'fail');
    return body as { message: string; errors: Record<string, string> };
  };

  before(async () => {
    const db = ctx.app.db;
    alice = await insertUser(db, { first_name: 'Alice', last_name: 'Wambui', whatsapp: '254700000001' });
    bob = await insertUser(db, { first_name: 'Bob', last_name: 'Otieno', whatsapp: '254700000002' });
    carol = await insertUser(db, {
      first_name: 'Carol',
      last_name: 'Chebet',
      whatsapp: '254700000003',
      photo: '/uploads/avatars/c-400.webp',
    });
    aliceShop = await insertShop(db, { owner_id: alice.id, name: 'Alice Books', phone: '254711000001' });
    carolShop = await insertShop(db, { owner_id: carol.id, name: 'Carol Corner', phone: null });
    p.calculus = await insertProduct(db, {
      seller_id: alice.id,
      shop_id: aliceShop.id,
      title: 'Calculus Textbooks bundle',
      description: 'Two books for first years',
      price: 1500.5,
      category: 'Textbooks and Study Materials',
      cover_image: '/uploads/products/a-1200.webp',
      cover_thumbnail: '/uploads/products/a-400.webp',
      minutesAgo: 1,
    });
    p.hp = await insertProduct(db, {
      seller_id: bob.id,
      title: 'HP laptop EliteBook 840',
      description: 'Core i5, 8GB RAM',
      price: 38000,
      category: 'Electronics',
      minutesAgo: 2,
    });
    p.calculator = await insertProduct(db, {
      seller_id: bob.id,
      title: 'Scientific calculator Casio fx-991',
      price: 1200,
      category: 'School Supplies',
      minutesAgo: 3,
    });
    p.lamp = await insertProduct(db, {
      seller_id: carol.id,
      shop_id: carolShop.id,
      title: 'Dorm lamp',
      description: 'Bright LED lamp, good for reading textbooks at night',
      price: 800,
      category: 'Dorm Room Essentials',
      minutesAgo: 4,
    });
    p.sold = await insertProduct(db, {
      seller_id: alice.id,
      shop_id: aliceShop.id,
      title: 'Old textbook (sold)',
      price: 500,
      category: 'Textbooks and Study Materials',
      status: 'sold',
      minutesAgo: 0,
    });
    p.chemistry = await insertProduct(db, {
      seller_id: alice.id,
      shop_id: aliceShop.id,
      title: 'Organic chemistry textbook',
      description: 'Clean copy',
      price: 2000,
      category: 'Textbooks and Study Materials',
      photos: ['/uploads/products/x-1200.webp', '/uploads/products/y-1200.webp'],
      minutesAgo: 5,
    });
  });

  it('lists available products newest first with the documented shape', async () => {
    const data = await list();
    assert.deepEqual(
      data.products.map((product) => product.title),
      [p.calculus!.title, p.hp!.title, p.calculator!.title, p.lamp!.title, p.chemistry!.title],
    );
    assert.equal(data.totalProducts, 5);
    assert.equal(data.totalPages, 1);
    assert.equal(data.currentPage, 1);
    assert.deepEqual(data.products[0], {
      _id: p.calculus!.id,
      title: 'Calculus Textbooks bundle',
      description: 'Two books for first years',
      price: 1500.5,
      category: 'Textbooks and Study Materials',
      coverImage: '/uploads/products/a-1200.webp',
      coverThumbnail: '/uploads/products/a-400.webp',
      views: 0,
      status: 'available',
      condition: null,
      negotiable: false,
      createdAt: p.calculus!.created_at.toISOString(),
      shop: { _id: aliceShop.id, name: 'Alice Books', whatsApp: '254711000001' },
      seller: {
        _id: alice.id,
        firstName: 'Alice',
        whatsApp: '254700000001',
        university: 'University of Nairobi',
        verifiedStudent: false,
        rating: { average: null, count: 0 },
      },
      courseCodes: [],
    });
    const [, hp, , lamp] = data.products as unknown as {
      shop: unknown;
      coverImage: unknown;
      seller: unknown;
    }[];
    assert.equal(hp!.shop, null, 'a product without a shop has shop null');
    assert.equal(hp!.coverImage, null);
    assert.deepEqual(
      lamp!.shop,
      { _id: carolShop.id, name: 'Carol Corner', whatsApp: '254700000003' },
      "a shop without a phone answers with the owner's WhatsApp",
    );
  });

  it('pages with exact totals', async () => {
    const page2 = await list('?limit=2&page=2');
    assert.deepEqual(
      page2.products.map((product) => product.title),
      [p.calculator!.title, p.lamp!.title],
    );
    assert.deepEqual([page2.totalProducts, page2.totalPages, page2.currentPage], [5, 3, 2]);
    const beyond = await list('?limit=2&page=4');
    assert.deepEqual(
      [beyond.products.length, beyond.totalProducts, beyond.totalPages, beyond.currentPage],
      [0, 5, 3, 4],
    );
  });

  it('filters by category and by price range (inclusive, KES)', async () => {
    assert.deepEqual(await titles('?category=Textbooks%20and%20Study%20Materials'), [
      p.calculus!.title,
      p.chemistry!.title,
    ]);
    assert.deepEqual(await titles('?minPrice=1200&maxPrice=2000'), [
      p.calculus!.title,
      p.calculator!.title,
      p.chemistry!.title,
    ]);
    assert.deepEqual(await titles('?minPrice=30000'), [p.hp!.title]);
    assert.deepEqual(await titles('?maxPrice=800'), [p.lamp!.title]);
    assert.deepEqual(await titles('?minPrice=1500.5&maxPrice=1500.5'), [p.calculus!.title]);
  });

  it('ignores empty query values', async () => {
    const data = await list('?category=&search=%20%20&minPrice=&maxPrice=&page=&limit=');
    assert.equal(data.totalProducts, 5);
  });

  it('searches by word prefix: title matches (A) rank above description matches (B)', async () => {
    const data = await list('?search=text');
    const found = data.products.map((product) => product.title);
    // The two title matches (in either order: equal rank) come before the description match.
    assert.deepEqual(found.slice(0, 2).sort(), [p.calculus!.title, p.chemistry!.title].sort());
    assert.equal(found[2], p.lamp!.title);
    assert.deepEqual([data.totalProducts, data.totalPages], [3, 1]);
    assert.deepEqual(await titles('?search=TEXTBOOK'), found);
  });

  it('pages a ranked search in the same order as one long page (full text and trigram)', async () => {
    for (const search of ['text', 'textbok']) {
      const whole = await titles(`?search=${search}`);
      assert.ok(whole.length >= 2, search);
      const paged: string[] = [];
      for (let page = 1; page <= whole.length; page++)
        paged.push(...(await titles(`?search=${search}&limit=1&page=${page}`)));
      assert.deepEqual(paged, whole, search);
    }
  });

  it('finds two-letter terms and multi-word prefixes', async () => {
    assert.deepEqual(await titles('?search=hp'), [p.hp!.title]);
    assert.deepEqual(await titles('?search=hp%20lap'), [p.hp!.title]);
    assert.deepEqual(await titles('?search=laptop%20hp'), [p.hp!.title]);
    // Words are ANDed: no product has both words (then the typo fallback finds nothing close either).
    assert.deepEqual(await titles('?search=hp%20zzqq'), []);
  });

  it('falls back to trigram similarity for typos', async () => {
    assert.deepEqual(await titles('?search=calculater'), [p.calculator!.title]);
    const textbok = await titles('?search=textbok');
    assert.deepEqual(textbok.sort(), [p.calculus!.title, p.chemistry!.title].sort());
  });

  it('returns an empty page with zero totals when nothing matches', async () => {
    for (const search of ['zzqqxxyy', 'qx']) {
      const data = await list(`?search=${search}`);
      assert.deepEqual(data, { products: [], totalPages: 0, totalProducts: 0, currentPage: 1 });
    }
  });

  it('treats tsquery operators in the search as plain text', async () => {
    assert.deepEqual(
      await titles(`?search=${encodeURIComponent("text & | ! :* ( ) <-> ' \\")}`),
      await titles('?search=text'),
    );
    assert.equal((await list(`?search=${encodeURIComponent('&&& !!!')}`)).totalProducts, 5);
  });

  it('combines search with category and price filters', async () => {
    assert.deepEqual(
      await titles('?search=text&category=Textbooks%20and%20Study%20Materials&maxPrice=1600'),
      [p.calculus!.title],
    );
  });

  it('rejects invalid queries with 400 and a message naming the field', async () => {
    assert.equal((await fail('?page=0')).message, 'page must be >= 1');
    assert.equal((await fail('?page=abc')).message, 'page must be an integer');
    assert.equal((await fail('?limit=1000')).message, 'limit must be <= 50');
    assert.equal((await fail('?limit=0')).message, 'limit must be >= 1');
    const abc = await fail('?minPrice=abc');
    assert.equal(abc.message, 'minPrice must be a number');
    assert.deepEqual(abc.errors, { minPrice: 'minPrice must be a number' });
    assert.equal((await fail('?maxPrice=-1')).message, 'maxPrice must be >= 0');
    const range = await fail('?minPrice=500&maxPrice=100');
    assert.equal(range.message, MIN_GT_MAX_MESSAGE);
    assert.equal(range.message, 'minPrice must not be greater than maxPrice');
    const category = await fail('?category=Cars');
    assert.match(category.message, /^category must be one of: Textbooks and Study Materials, Electronics, /);
    assert.equal(
      (await fail('?category=Art')).errors.category?.startsWith('category must be one of'),
      true,
      'a service category is not a product category',
    );
    assert.equal(
      (await fail(`?search=${'a'.repeat(101)}`)).message,
      'search must be at most 100 characters long',
    );
  });

  it('accepts a 100-character search', async () => {
    assert.equal((await list(`?search=${'a'.repeat(100)}`)).totalProducts, 0);
  });

  it('shows a product with photos, seller details and shop, counting each visitor’s view', async () => {
    // One visitor (here: one address without a visitor cookie) counts once a day (ADR 0031).
    const visit = (n: number) =>
      ctx.app.inject({ url: `/api/v1/products/${p.chemistry!.id}`, remoteAddress: `10.8.0.${n}` });
    const first = await visit(1);
    assert.equal(first.statusCode, 200);
    const { product } = json(first).data;
    assert.deepEqual(product, {
      _id: p.chemistry!.id,
      title: 'Organic chemistry textbook',
      description: 'Clean copy',
      price: 2000,
      category: 'Textbooks and Study Materials',
      coverImage: null,
      coverThumbnail: null,
      photos: ['/uploads/products/x-1200.webp', '/uploads/products/y-1200.webp'],
      views: 1,
      status: 'available',
      condition: null,
      negotiable: false,
      createdAt: p.chemistry!.created_at.toISOString(),
      updatedAt: p.chemistry!.updated_at.toISOString(),
      shop: { _id: aliceShop.id, name: 'Alice Books', whatsApp: '254711000001' },
      seller: {
        _id: alice.id,
        firstName: 'Alice',
        lastName: 'Wambui',
        whatsApp: '254700000001',
        university: 'University of Nairobi',
        photo: null,
        verifiedStudent: false,
        rating: { average: null, count: 0 },
      },
      moderation: 'visible',
      moderationReason: null,
      courseCodes: [],
      safetySignals: [],
    });
    const again = json(await visit(1));
    assert.equal(again.data.product.views, 1, 'the same visitor again');
    const second = json(await visit(2));
    assert.equal(second.data.product.views, 2);
    await Promise.all(Array.from({ length: 10 }, (_, i) => visit(10 + i)));
    // Views are counted in memory and written in batches (docs/product.md §20.10): write them now.
    await ctx.app.engagement.counters.flush();
    const row = await ctx.app.db
      .selectFrom('products')
      .select('views')
      .where('id', '=', p.chemistry!.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.views, 12);
    const listed = (await list('?search=organic')).products[0] as unknown as { views: number };
    assert.equal(listed.views, 12);
  });

  it('still shows a sold product by id', async () => {
    const response = await ctx.app.inject(`/api/v1/products/${p.sold!.id}`);
    assert.equal(response.statusCode, 200);
    assert.equal(json(response).data.product.status, 'sold');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7c0d5e36-3c9f-4a5e-9d7e-0a1b2c3d4e5f', 'abc', '1']) {
      const response = await ctx.app.inject(`/api/v1/products/${id}`);
      assert.equal(response.statusCode, 404);
      assert.deepEqual(json(response), { status: 'fail', message: 'Product not found' });
    }
  });

  it('counts available products', async () => {
    const response = await ctx.app.inject('/api/v1/products/get-products-count');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(json(response), { status: 'success', results: 5 });
  });

  it('sends a short public Cache-Control and an ETag, and 304 on a matching If-None-Match', async () => {
    const first = await ctx.app.inject('/api/v1/products?limit=3');
    assert.equal(first.headers['cache-control'], 'public, max-age=10, stale-while-revalidate=60');
    const etag = first.headers.etag;
    assert.ok(etag);
    const again = await ctx.app.inject({
      url: '/api/v1/products?limit=3',
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const failed = await ctx.app.inject('/api/v1/products?page=0');
    assert.equal(failed.headers['cache-control'], 'no-store');
  });

  it('caches totals per filter until invalidate() is called (write routes call it)', async () => {
    await list('?category=Electronics');
    await insertProduct(ctx.app.db, { seller_id: bob.id, title: 'Dell monitor', category: 'Electronics' });
    assert.equal((await list('?category=Electronics')).totalProducts, 1, 'cached total');
    ctx.app.products.invalidate();
    const fresh = await list('?category=Electronics');
    assert.equal(fresh.totalProducts, 2);
    assert.deepEqual(
      fresh.products.map((product) => product.title),
      ['Dell monitor', p.hp!.title],
    );
  });
});
