/**
 * GET /api/v1/services, /services/:id, /services/get-services-count, /shops/:id,
 * /shops/:id/products and /users/usersCount on real rows, on each engine (docs/product.md §3, §7).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ServiceRow, ShopRow, UserRow } from '../src/db/schema.ts';
import { insertProduct, insertService, insertShop, insertUser } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';

forEachEngine('services and shops', (ctx) => {
  let dj: UserRow;
  let tutor: UserRow;
  let owner: UserRow;
  let shop: ShopRow;
  const s: Record<string, ServiceRow> = {};

  before(async () => {
    const db = ctx.app.db;
    dj = await insertUser(db, { first_name: 'Kevin', last_name: 'Mutua', whatsapp: '254700000011' });
    tutor = await insertUser(db, {
      first_name: 'Faith',
      last_name: 'Njeri',
      whatsapp: '254700000012',
      university: 'Kenyatta University',
      photo: '/uploads/avatars/f-400.webp',
    });
    owner = await insertUser(db, {
      first_name: 'Brian',
      last_name: 'Kiprop',
      whatsapp: '254700000013',
      photo: null,
    });
    s.dj = await insertService(db, {
      provider_id: dj.id,
      name: 'DJ for hostel parties',
      description: 'Sound system included',
      price: 5000,
      category: 'Event Planning and DJ Services',
      cover_image: '/uploads/services/d-1200.webp',
      cover_thumbnail: '/uploads/services/d-400.webp',
      minutesAgo: 1,
    });
    s.calculus = await insertService(db, {
      provider_id: tutor.id,
      name: 'Calculus tutoring',
      description: 'One-on-one sessions before the CAT',
      price: 750.25,
      category: 'Tutoring and Academic Support',
      photos: ['/uploads/services/p-1200.webp'],
      minutesAgo: 2,
    });
    s.repair = await insertService(db, {
      provider_id: dj.id,
      name: 'Laptop repair',
      description: 'Screens, keyboards and HP chargers',
      price: 1500,
      category: 'Tech Repair and IT Support',
      minutesAgo: 3,
    });
    shop = await insertShop(db, {
      owner_id: owner.id,
      name: 'Brian Electronics',
      description: 'Chargers and cables',
      address: 'Juja, Gate C',
      phone: '254711000013',
      cover_image: '/uploads/shops/s-1200.webp',
      cover_thumbnail: '/uploads/shops/s-400.webp',
    });
    await insertProduct(db, {
      seller_id: owner.id,
      shop_id: shop.id,
      title: 'USB-C charger',
      price: 950,
      minutesAgo: 3,
    });
    await insertProduct(db, {
      seller_id: owner.id,
      shop_id: shop.id,
      title: 'HDMI cable',
      price: 499.99,
      minutesAgo: 1,
    });
    await insertProduct(db, { seller_id: owner.id, shop_id: shop.id, title: 'Sold mouse', status: 'sold' });
    await insertProduct(db, { seller_id: owner.id, title: 'Not in the shop', minutesAgo: 2 });
  });

  describe('services', () => {
    it('lists services newest first with the documented shape', async () => {
      const response = await ctx.app.inject('/api/v1/services');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'public, max-age=10, stale-while-revalidate=60');
      const { data } = json(response);
      assert.deepEqual(
        data.services.map((service: { name: string }) => service.name),
        ['DJ for hostel parties', 'Calculus tutoring', 'Laptop repair'],
      );
      assert.deepEqual([data.totalServices, data.totalPages, data.currentPage], [3, 1, 1]);
      assert.deepEqual(data.services[0], {
        _id: s.dj!.id,
        name: 'DJ for hostel parties',
        description: 'Sound system included',
        price: 5000,
        category: 'Event Planning and DJ Services',
        coverImage: '/uploads/services/d-1200.webp',
        coverThumbnail: '/uploads/services/d-400.webp',
        views: 0,
        createdAt: s.dj!.created_at.toISOString(),
        provider: {
          _id: dj.id,
          firstName: 'Kevin',
          whatsApp: '254700000011',
          university: 'University of Nairobi',
          verifiedStudent: false,
          rating: { average: null, count: 0 },
        },
      });
    });

    it('pages, filters by service category and price, and searches name (A) and description (B)', async () => {
      const get = async (query: string) => json(await ctx.app.inject(`/api/v1/services${query}`)).data;
      const page2 = await get('?limit=2&page=2');
      assert.deepEqual([page2.services.length, page2.totalServices, page2.totalPages], [1, 3, 2]);
      const tutoring = await get('?category=Tutoring%20and%20Academic%20Support');
      assert.deepEqual(
        tutoring.services.map((service: { name: string }) => service.name),
        ['Calculus tutoring'],
      );
      const cheap = await get('?maxPrice=1500&minPrice=750.25');
      assert.deepEqual(
        cheap.services.map((service: { name: string }) => service.name),
        ['Calculus tutoring', 'Laptop repair'],
      );
      const hp = await get('?search=hp');
      assert.deepEqual(
        hp.services.map((service: { name: string }) => service.name),
        ['Laptop repair'],
      );
      const typo = await get('?search=tutorng');
      assert.deepEqual(
        typo.services.map((service: { name: string }) => service.name),
        ['Calculus tutoring'],
      );
      const none = await get('?search=zzqqxx');
      assert.deepEqual([none.services.length, none.totalServices, none.totalPages], [0, 0, 0]);
    });

    it('rejects invalid queries with 400 and a message', async () => {
      const cases: [string, string][] = [
        ['?page=0', 'page must be >= 1'],
        ['?limit=1000', 'limit must be <= 50'],
        ['?minPrice=abc', 'minPrice must be a number'],
        ['?minPrice=10&maxPrice=5', 'minPrice must not be greater than maxPrice'],
        [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters long'],
      ];
      for (const [query, message] of cases) {
        const response = await ctx.app.inject(`/api/v1/services${query}`);
        assert.equal(response.statusCode, 400, query);
        assert.equal(json(response).message, message);
      }
      const product = await ctx.app.inject('/api/v1/services?category=Electronics');
      assert.equal(product.statusCode, 400);
      assert.match(json(product).message, /^category must be one of: Art, Tutoring and Academic Support, /);
    });

    it('shows a service with photos and provider details, counting views', async () => {
      const first = await ctx.app.inject(`/api/v1/services/${s.calculus!.id}`);
      assert.equal(first.statusCode, 200);
      assert.deepEqual(json(first).data.service, {
        _id: s.calculus!.id,
        name: 'Calculus tutoring',
        description: 'One-on-one sessions before the CAT',
        price: 750.25,
        category: 'Tutoring and Academic Support',
        coverImage: null,
        coverThumbnail: null,
        photos: ['/uploads/services/p-1200.webp'],
        views: 1,
        createdAt: s.calculus!.created_at.toISOString(),
        updatedAt: s.calculus!.updated_at.toISOString(),
        provider: {
          _id: tutor.id,
          firstName: 'Faith',
          lastName: 'Njeri',
          whatsApp: '254700000012',
          university: 'Kenyatta University',
          photo: '/uploads/avatars/f-400.webp',
          verifiedStudent: false,
          rating: { average: null, count: 0 },
        },
        moderation: 'visible',
        moderationReason: null,
        safetySignals: [],
      });
      // Each visitor (here: each address without a visitor cookie) counts once a day (ADR 0031).
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          ctx.app.inject({ url: `/api/v1/services/${s.calculus!.id}`, remoteAddress: `10.9.0.${i}` }),
        ),
      );
      const last = json(
        await ctx.app.inject({ url: `/api/v1/services/${s.calculus!.id}`, remoteAddress: '10.9.1.1' }),
      );
      assert.equal(last.data.service.views, 7);
      const again = json(await ctx.app.inject(`/api/v1/services/${s.calculus!.id}`));
      assert.equal(again.data.service.views, 7, 'the first visitor again');
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await ctx.app.inject(`/api/v1/services/${id}`);
        assert.equal(response.statusCode, 404);
        assert.deepEqual(json(response), { status: 'fail', message: 'Service not found' });
      }
    });
  });

  describe('shops', () => {
    it('shows a shop with its owner under data', async () => {
      const response = await ctx.app.inject(`/api/v1/shops/${shop.id}`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'public, max-age=10, stale-while-revalidate=60');
      assert.deepEqual(json(response), {
        status: 'success',
        data: {
          _id: shop.id,
          name: 'Brian Electronics',
          description: 'Chargers and cables',
          coverImage: '/uploads/shops/s-1200.webp',
          coverThumbnail: '/uploads/shops/s-400.webp',
          address: 'Juja, Gate C',
          phone: '254711000013',
          owner: {
            _id: owner.id,
            firstName: 'Brian',
            lastName: 'Kiprop',
            photo: null,
            whatsApp: '254700000013',
            university: 'University of Nairobi',
            verifiedStudent: false,
          },
          moderation: 'visible',
          moderationReason: null,
        },
      });
    });

    it("lists the shop's available products, newest first", async () => {
      const response = await ctx.app.inject(`/api/v1/shops/${shop.id}/products`);
      assert.equal(response.statusCode, 200);
      const body = json(response);
      assert.equal(body.status, 'success');
      assert.deepEqual(
        body.data.products.map((product: { title: string }) => product.title),
        ['HDMI cable', 'USB-C charger'],
      );
      assert.deepEqual(Object.keys(body.data.products[0]).sort(), [
        '_id',
        'coverImage',
        'coverThumbnail',
        'description',
        'price',
        'status',
        'title',
      ]);
      assert.equal(body.data.products[0].price, 499.99);
      assert.equal(body.data.products[0].status, 'available');
    });

    it('answers 404 for an unknown or malformed shop id', async () => {
      for (const url of [
        '/api/v1/shops/00000000-0000-4000-8000-000000000000',
        '/api/v1/shops/00000000-0000-4000-8000-000000000000/products',
        '/api/v1/shops/nope',
        '/api/v1/shops/nope/products',
      ]) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 404, url);
        assert.deepEqual(json(response), { status: 'fail', message: 'Shop not found' });
      }
    });
  });

  describe('counts', () => {
    it('counts available products, all services and users', async () => {
      const get = async (url: string) => json(await ctx.app.inject(`/api/v1${url}`));
      assert.deepEqual(await get('/products/get-products-count'), { status: 'success', results: 3 });
      assert.deepEqual(await get('/services/get-services-count'), { status: 'success', results: 3 });
      assert.deepEqual(await get('/users/usersCount'), { status: 'success', results: 3 });
    });
  });
});
