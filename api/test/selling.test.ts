/**
 * Selling API (docs/product.md §15): services, products and shops written by their owners, on each engine.
 * Covers every route (POST/PATCH/DELETE + GET mine), the owner-only rules (another user's
 * PATCH/DELETE → 403, an admin may delete, never edit), 401 without a session and 403 for an
 * unverified account, rejected uploads (a text file renamed .jpg, a file over 10 MB, 7 photos, a
 * truncated JPEG) leaving no row and no file, a create failing half-way removing its files, the
 * list totals cache being invalidated by writes, WebP pictures served under /uploads, and a
 * product marked sold leaving the catalog.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { NOT_OWNER_MESSAGE } from '../src/selling/ownership.ts';
import { insertProduct } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import {
  type Account,
  account,
  type FormValues,
  fakeJpeg,
  jpeg,
  oversized,
  png,
  sendForm,
  truncatedJpeg,
  uploadedFiles,
} from './selling-helpers.ts';

const serviceForm = async (overrides: FormValues = {}): Promise<FormValues> => ({
  name: 'Calculus tutoring',
  description: 'One-on-one sessions before the CAT, evenings at the library.',
  price: '750.50',
  category: 'Tutoring and Academic Support',
  coverImage: await jpeg(1600, 1200),
  ...overrides,
});

const productForm = async (overrides: FormValues = {}) => ({
  title: 'Casio fx-991ES calculator',
  description: 'Barely used scientific calculator, comes with its cover.',
  price: '1800',
  category: 'Electronics',
  coverImage: await jpeg(),
  ...overrides,
});

forEachEngine('selling', (ctx) => {
  let seller: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;

  const rows = async (table: 'services' | 'products' | 'shops') => {
    const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(ctx.app.db);
    return Number(row.rows[0]?.n);
  };
  const get = (url: string, who?: Account) =>
    ctx.app.inject({ url: `/api/v1${url}`, headers: who?.auth ?? {} });
  const del = (url: string, who?: Account) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: who?.auth ?? {} });
  const patchJson = (url: string, payload: object, who?: Account) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/v1${url}`, payload, headers: who?.auth ?? {} });

  before(async () => {
    seller = await account(ctx.app, { first_name: 'Wanjiru', whatsapp: '254711111111' });
    other = await account(ctx.app, { first_name: 'Otieno' });
    admin = await account(ctx.app, { first_name: 'Admin', role: 'admin' });
    unverified = await account(ctx.app, { verified: false });
  });

  describe('POST /services (§7)', () => {
    it('401 without a session and 403 for an unverified account; nothing is stored', async () => {
      const form = await serviceForm();
      const anonymous = await sendForm(ctx.app, 'POST', '/services', form);
      assert.equal(anonymous.statusCode, 401);
      assert.equal(json(anonymous).message, 'Please log in to continue');
      const notVerified = await sendForm(ctx.app, 'POST', '/services', form, unverified);
      assert.equal(notVerified.statusCode, 403);
      assert.equal(json(notVerified).message, 'Please verify your email address to continue.');
      assert.equal(await rows('services'), 0);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
    });

    it('names every missing field with a message the form can show', async () => {
      const response = await sendForm(ctx.app, 'POST', '/services', { name: '  ' }, seller);
      assert.equal(response.statusCode, 400);
      const body = json(response);
      assert.equal(body.status, 'fail');
      assert.equal(body.message, 'Title is required');
      assert.deepEqual(body.errors, {
        name: 'Title is required',
        description: 'Description is required',
        price: 'Price is required',
        category: 'Category is required',
        coverImage: 'Cover image is required',
      });
    });

    it('checks lengths, price format and category', async () => {
      const response = await sendForm(
        ctx.app,
        'POST',
        '/services',
        await serviceForm({ name: 'ab', description: 'short', price: '10.123', category: 'Plumbing' }),
        seller,
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response).errors, {
        name: 'Title must be at least 3 characters long',
        description: 'Description must be at least 10 characters long',
        price: 'Price can have at most 2 decimals',
        category: 'Please choose a category from the list',
      });
      const more = await sendForm(
        ctx.app,
        'POST',
        '/services',
        await serviceForm({ name: 'x'.repeat(121), price: '-5' }),
        seller,
      );
      assert.deepEqual(json(more).errors, {
        name: 'Title must be at most 120 characters long',
        price: 'Price must not be negative',
      });
      const tooDear = await sendForm(
        ctx.app,
        'POST',
        '/services',
        await serviceForm({ price: '10000000.01' }),
        seller,
      );
      assert.equal(json(tooDear).errors.price, 'Price must be at most 10,000,000 KES');
      const notNumber = await sendForm(
        ctx.app,
        'POST',
        '/services',
        await serviceForm({ price: 'free' }),
        seller,
      );
      assert.equal(json(notNumber).errors.price, 'Price must be a number');
      assert.equal(await rows('services'), 0);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
    });

    it('refuses a JSON body (pictures travel as multipart)', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/services',
        payload: { name: 'Calculus tutoring' },
        headers: seller.auth,
      });
      assert.equal(response.statusCode, 415);
      assert.equal(json(response).message, 'Send the form as multipart/form-data');
    });

    const rejected: [string, () => Promise<FormValues>, number, RegExp][] = [
      ['a text file renamed .jpg', async () => ({ coverImage: fakeJpeg() }), 400, /^Unsupported image type/],
      ['a cover over 10 MB', async () => ({ coverImage: oversized() }), 413, /^Image is larger than 10 MB$/],
      [
        '7 photos',
        async () => ({ photos: await Promise.all(Array.from({ length: 7 }, () => jpeg(64, 64))) }),
        400,
        /^You can upload at most 6 photos$/,
      ],
      [
        'a truncated JPEG',
        async () => ({ photos: [await jpeg(), await truncatedJpeg()] }),
        400,
        /^The image file is damaged/,
      ],
    ];
    for (const [what, overrides, status, message] of rejected) {
      it(`rejects ${what} with ${status}, leaving no row and no file`, async () => {
        const response = await sendForm(
          ctx.app,
          'POST',
          '/services',
          await serviceForm(await overrides()),
          seller,
        );
        assert.equal(response.statusCode, status, response.body);
        assert.match(json(response).message, message);
        assert.equal(json(response).status, 'fail');
        assert.equal(await rows('services'), 0);
        assert.deepEqual(await uploadedFiles(ctx.app), []);
      });
    }

    it('removes the stored pictures when the insert fails half-way', async () => {
      const form = await serviceForm({ photos: [await jpeg(100, 100)] });
      const ghost = { ...seller.user, id: '00000000-0000-4000-8000-000000000001' };
      await assert.rejects(
        ctx.app.services.create(
          {
            id: ghost.id,
            email: ghost.email,
            firstName: 'Ghost',
            lastName: 'User',
            whatsApp: ghost.whatsapp,
            university: ghost.university,
            photo: null,
            role: 'user',
            emailVerified: true,
          },
          {
            multipart: true,
            fields: {
              name: form.name,
              description: form.description,
              price: form.price,
              category: form.category,
            },
            files: {
              coverImage: [(form.coverImage as { data: Buffer }).data],
              photos: [(form.photos as { data: Buffer }[])[0]!.data],
            },
          },
        ),
        /foreign key|violates/i,
      );
      assert.equal(await rows('services'), 0);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
    });
  });

  describe('a service from create to delete', () => {
    let id: string;
    let cover: string;

    it('creates it (201), with WebP pictures served under /uploads', async () => {
      const listed = json(await get('/services'));
      assert.equal(listed.data.totalServices, 0); // caches the total
      const response = await sendForm(
        ctx.app,
        'POST',
        '/services',
        await serviceForm({ photos: [await png(), await jpeg(300, 300)] }),
        seller,
      );
      assert.equal(response.statusCode, 201, response.body);
      const { status, data } = json(response);
      assert.equal(status, 'success');
      const service = data.service;
      id = service._id;
      cover = service.coverImage;
      assert.equal(service.name, 'Calculus tutoring');
      assert.equal(service.price, 750.5);
      assert.equal(service.category, 'Tutoring and Academic Support');
      assert.equal(service.provider._id, seller.user.id);
      assert.match(cover, /^\/uploads\/services\/[0-9a-f-]+-1200\.webp$/);
      assert.match(service.coverThumbnail, /^\/uploads\/services\/[0-9a-f-]+-400\.webp$/);
      assert.equal(service.photos.length, 2);
      // 3 pictures x 4 variants (1200, 800, 400, 200 px).
      assert.equal((await uploadedFiles(ctx.app)).length, 12);

      const picture = await ctx.app.inject(cover);
      assert.equal(picture.statusCode, 200);
      assert.equal(picture.headers['content-type'], 'image/webp');
      assert.equal(picture.rawPayload.subarray(8, 12).toString('ascii'), 'WEBP');
      assert.match(String(picture.headers['cache-control']), /immutable/);
    });

    it('shows it in GET /services at once (the cached total was invalidated) and in GET /services/mine', async () => {
      const { data } = json(await get('/services'));
      assert.equal(data.totalServices, 1);
      assert.equal(data.services[0]._id, id);
      assert.equal(data.services[0].coverImage, cover);
      assert.equal(json(await get('/services/get-services-count')).results, 1);
      const mine = await get('/services/mine', seller);
      assert.equal(mine.statusCode, 200);
      assert.deepEqual(
        json(mine).data.services.map((s: { _id: string }) => s._id),
        [id],
      );
      assert.deepEqual(json(await get('/services/mine', other)).data.services, []);
      assert.equal((await get('/services/mine')).statusCode, 401);
    });

    it("refuses another user's edit and delete, and an admin's edit (403)", async () => {
      const edit = await sendForm(ctx.app, 'PATCH', `/services/${id}`, { name: 'Stolen' }, other);
      assert.equal(edit.statusCode, 403);
      assert.equal(json(edit).message, NOT_OWNER_MESSAGE);
      assert.equal((await patchJson(`/services/${id}`, { name: 'Moderated' }, admin)).statusCode, 403);
      const remove = await del(`/services/${id}`, other);
      assert.equal(remove.statusCode, 403);
      assert.equal(json(remove).message, NOT_OWNER_MESSAGE);
      assert.equal(
        (await sendForm(ctx.app, 'PATCH', `/services/${id}`, { name: 'x' }, unverified)).statusCode,
        403,
      );
      assert.equal((await sendForm(ctx.app, 'PATCH', `/services/${id}`, { name: 'x' })).statusCode, 401);
    });

    it('lets the provider edit fields and replace the cover; the old files are deleted', async () => {
      const before = await uploadedFiles(ctx.app);
      const response = await sendForm(
        ctx.app,
        'PATCH',
        `/services/${id}`,
        {
          name: 'Calculus and statistics tutoring',
          price: '900',
          coverImage: await png(800, 600),
          clearPhotos: 'true',
        },
        seller,
      );
      assert.equal(response.statusCode, 200, response.body);
      const service = json(response).data.service;
      assert.equal(service.name, 'Calculus and statistics tutoring');
      assert.equal(service.price, 900);
      assert.notEqual(service.coverImage, cover);
      assert.deepEqual(service.photos, []);
      const after = await uploadedFiles(ctx.app);
      assert.equal(after.length, 4, 'the new cover’s 4 variants; every old file deleted');
      assert.ok(!after.some((file) => before.includes(file)));
      assert.equal((await ctx.app.inject(cover)).statusCode, 404);
      cover = service.coverImage;
      const { data } = json(await get(`/services?search=statistics`));
      assert.equal(data.totalServices, 1);
    });

    it('answers 400 for an edit that changes nothing or breaks a rule, 404 for an unknown id', async () => {
      const nothing = await patchJson(`/services/${id}`, {}, seller);
      assert.equal(nothing.statusCode, 400);
      assert.equal(json(nothing).message, 'Nothing to update: change at least one field or picture');
      const bad = await patchJson(`/services/${id}`, { description: 'short' }, seller);
      assert.deepEqual(json(bad).errors, { description: 'Description must be at least 10 characters long' });
      const fake = await sendForm(ctx.app, 'PATCH', `/services/${id}`, { coverImage: fakeJpeg() }, seller);
      assert.equal(fake.statusCode, 400);
      assert.equal((await uploadedFiles(ctx.app)).length, 4);
      const unknown = await patchJson(
        '/services/00000000-0000-4000-8000-000000000000',
        { name: 'Hello there' },
        seller,
      );
      assert.equal(unknown.statusCode, 404);
      assert.equal(json(unknown).message, 'Service not found');
      assert.equal((await del('/services/not-a-uuid', seller)).statusCode, 404);
    });

    it('lets the provider delete it: gone from the list and the count, files removed', async () => {
      const response = await del(`/services/${id}`, seller);
      assert.equal(response.statusCode, 204);
      assert.equal(json(await get('/services')).data.totalServices, 0);
      assert.equal((await get(`/services/${id}`)).statusCode, 404);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
    });

    it("lets an admin delete anyone's service (moderation)", async () => {
      const created = await sendForm(ctx.app, 'POST', '/services', await serviceForm(), other);
      assert.equal(created.statusCode, 201);
      const response = await del(`/services/${json(created).data.service._id}`, admin);
      assert.equal(response.statusCode, 204);
      assert.equal(await rows('services'), 0);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
    });
  });

  describe('shops and products', () => {
    let shopId: string;
    let productId: string;
    let earlierId: string;

    it('puts a product listed before the shop existed into the new shop', async () => {
      const earlier = await sendForm(
        ctx.app,
        'POST',
        '/products',
        await productForm({ title: 'Desk lamp' }),
        seller,
      );
      assert.equal(earlier.statusCode, 201, earlier.body);
      earlierId = json(earlier).data.product._id;
      assert.equal(json(earlier).data.product.shop, null);

      assert.deepEqual(json(await get('/shops/mine', seller)).data, { shop: null });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/shops',
        payload: {
          name: 'Wanjiru Electronics',
          description: 'Chargers and calculators',
          address: 'Hall 6',
          phone: '',
        },
        headers: seller.auth,
      });
      assert.equal(response.statusCode, 201, response.body);
      const shop = json(response).data.shop;
      shopId = shop._id;
      assert.equal(shop.name, 'Wanjiru Electronics');
      assert.equal(shop.phone, null);
      assert.equal(shop.owner._id, seller.user.id);
      assert.equal(json(await get('/shops/mine', seller)).data.shop._id, shopId);
      const products = json(await get(`/shops/${shopId}/products`)).data.products;
      assert.deepEqual(
        products.map((p: { _id: string }) => p._id),
        [earlierId],
      );
    });

    it('allows one shop per user (409) and checks the fields', async () => {
      const again = await sendForm(ctx.app, 'POST', '/shops', { name: 'Second shop' }, seller);
      assert.equal(again.statusCode, 409);
      assert.equal(json(again).message, 'You already have a shop: edit it instead');
      const invalid = await sendForm(ctx.app, 'POST', '/shops', { name: 'ab', phone: '0712345678' }, other);
      assert.equal(invalid.statusCode, 400);
      assert.deepEqual(json(invalid).errors, {
        name: 'Shop name must be at least 3 characters long',
        phone: 'Please enter a valid WhatsApp number (e.g., 254 followed by 9 digits)',
      });
      assert.equal(await rows('shops'), 1);
    });

    it('lets only the owner edit the shop; a new cover replaces the old files', async () => {
      const forbidden = await sendForm(ctx.app, 'PATCH', `/shops/${shopId}`, { name: 'Mine now' }, other);
      assert.equal(forbidden.statusCode, 403);
      assert.equal(json(forbidden).message, NOT_OWNER_MESSAGE);
      const first = await sendForm(
        ctx.app,
        'PATCH',
        `/shops/${shopId}`,
        { coverImage: await jpeg() },
        seller,
      );
      assert.equal(first.statusCode, 200, first.body);
      const oldCover = json(first).data.shop.coverImage;
      assert.match(oldCover, /^\/uploads\/shops\//);
      const second = await sendForm(
        ctx.app,
        'PATCH',
        `/shops/${shopId}`,
        { coverImage: await png(), phone: '254722000111' },
        seller,
      );
      assert.equal(json(second).data.shop.phone, '254722000111');
      assert.equal((await ctx.app.inject(oldCover)).statusCode, 404);
      assert.equal((await uploadedFiles(ctx.app)).filter((file) => file.startsWith('shops/')).length, 4);
    });

    it('lists a product in the seller shop; it shows in /products, the shop and GET /products/mine', async () => {
      const count = json(await get('/products/get-products-count')).results;
      const totals = json(await get('/products')).data.totalProducts;
      const response = await sendForm(
        ctx.app,
        'POST',
        '/products',
        await productForm({ photos: [await jpeg(200, 200), await jpeg(200, 200)] }),
        seller,
      );
      assert.equal(response.statusCode, 201, response.body);
      const product = json(response).data.product;
      productId = product._id;
      assert.equal(product.shop._id, shopId);
      assert.equal(product.status, 'available');
      assert.equal(product.photos.length, 2);
      assert.equal(json(await get('/products/get-products-count')).results, count + 1);
      const listed = json(await get('/products')).data;
      assert.equal(listed.totalProducts, totals + 1);
      assert.equal(listed.products[0]._id, productId);
      assert.equal(listed.products[0].shop.name, 'Wanjiru Electronics');
      const inShop = json(await get(`/shops/${shopId}/products`)).data.products;
      assert.ok(inShop.some((p: { _id: string }) => p._id === productId));
      const mine = json(await get('/products/mine', seller)).data.products;
      assert.deepEqual(
        mine.map((p: { _id: string }) => p._id),
        [productId, earlierId],
      );
    });

    it('rejects bad product uploads with nothing left behind', async () => {
      const before = await uploadedFiles(ctx.app);
      const count = await rows('products');
      for (const overrides of [
        { coverImage: fakeJpeg() },
        { photos: await Promise.all(Array.from({ length: 7 }, () => jpeg(32, 32))) },
        { coverImage: await truncatedJpeg() },
        { coverImage: oversized() },
        { category: 'Tutoring and Academic Support' },
      ]) {
        const response = await sendForm(ctx.app, 'POST', '/products', await productForm(overrides), seller);
        assert.ok([400, 413].includes(response.statusCode), response.body);
      }
      assert.equal(await rows('products'), count);
      assert.deepEqual(await uploadedFiles(ctx.app), before);
    });

    it('marks it sold: it leaves GET /products, the count and the shop page; then available again', async () => {
      const count = json(await get('/products/get-products-count')).results;
      const forbidden = await patchJson(`/products/${productId}`, { status: 'sold' }, other);
      assert.equal(forbidden.statusCode, 403);
      assert.equal(json(forbidden).message, NOT_OWNER_MESSAGE);
      const sold = await patchJson(`/products/${productId}`, { status: 'sold' }, seller);
      assert.equal(sold.statusCode, 200, sold.body);
      assert.equal(json(sold).data.product.status, 'sold');
      const listed = json(await get('/products')).data;
      assert.ok(!listed.products.some((p: { _id: string }) => p._id === productId));
      assert.equal(json(await get('/products/get-products-count')).results, count - 1);
      assert.ok(
        !json(await get(`/shops/${shopId}/products`)).data.products.some(
          (p: { _id: string }) => p._id === productId,
        ),
      );
      assert.equal(json(await get('/products/mine', seller)).data.products[0].status, 'sold');
      const wrong = await patchJson(`/products/${productId}`, { status: 'gone' }, seller);
      assert.equal(wrong.statusCode, 400);
      const again = await sendForm(
        ctx.app,
        'PATCH',
        `/products/${productId}`,
        { status: 'available' },
        seller,
      );
      assert.equal(json(again).data.product.status, 'available');
      assert.equal(json(await get('/products/get-products-count')).results, count);
    });

    it('edits product fields and photos (owner only); replaced photos are deleted', async () => {
      const before = json(await get(`/products/${productId}`)).data.product;
      const response = await sendForm(
        ctx.app,
        'PATCH',
        `/products/${productId}`,
        { title: 'Casio calculator (with manual)', price: '1500.5', photos: [await png(120, 120)] },
        seller,
      );
      assert.equal(response.statusCode, 200, response.body);
      const product = json(response).data.product;
      assert.equal(product.title, 'Casio calculator (with manual)');
      assert.equal(product.price, 1500.5);
      assert.equal(product.photos.length, 1);
      assert.equal(product.coverImage, before.coverImage);
      for (const old of before.photos) assert.equal((await ctx.app.inject(old)).statusCode, 404);
      assert.equal((await ctx.app.inject(product.photos[0])).statusCode, 200);
    });

    it('deletes products: 403 for others, 204 for the seller and for an admin; files removed', async () => {
      assert.equal((await del(`/products/${productId}`, other)).statusCode, 403);
      assert.equal((await del(`/products/${productId}`, seller)).statusCode, 204);
      assert.equal((await get(`/products/${productId}`)).statusCode, 404);
      assert.equal((await del(`/products/${earlierId}`, admin)).statusCode, 204);
      assert.deepEqual(
        (await uploadedFiles(ctx.app)).filter((file) => file.startsWith('products/')),
        [],
      );
      assert.equal((await del(`/products/${earlierId}`, seller)).statusCode, 404);
    });

    it('closes a shop: others 403; its products stay listed without a shop', async () => {
      const kept = await insertProduct(ctx.app.db, {
        seller_id: seller.user.id,
        shop_id: shopId,
        title: 'Kettle',
      });
      assert.equal((await del(`/shops/${shopId}`, other)).statusCode, 403);
      assert.equal((await del(`/shops/${shopId}`, seller)).statusCode, 204);
      assert.equal((await get(`/shops/${shopId}`)).statusCode, 404);
      assert.equal(json(await get(`/products/${kept.id}`)).data.product.shop, null);
      assert.deepEqual(
        (await uploadedFiles(ctx.app)).filter((file) => file.startsWith('shops/')),
        [],
      );
    });
  });

  describe('GET /dashboard/summary', () => {
    it("counts the user's listings and their views (a reserved product in the total only)", async () => {
      const me = await account(ctx.app);
      await insertProduct(ctx.app.db, { seller_id: me.user.id, views: 5 });
      await insertProduct(ctx.app.db, { seller_id: me.user.id, views: 2, status: 'sold' });
      await insertProduct(ctx.app.db, { seller_id: me.user.id, views: 0, status: 'reserved' });
      const response = await get('/dashboard/summary', me);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(json(response).data.summary, {
        products: 3,
        productsAvailable: 1,
        productsSold: 1,
        services: 0,
        events: 0,
        upcomingEvents: 0,
        views: 7,
      });
      assert.equal((await get('/dashboard/summary')).statusCode, 401);
    });
  });
});
