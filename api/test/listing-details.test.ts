/**
 * docs/product.md §20 on each engine: the list orders (`sort`, item 2) and 400 for a bad one, the campus
 * (`university`, item 3) and `condition` (item 4) filters combined with search, category, price
 * and sort, condition and negotiable at create/edit (item 4), the reserved status moved by the
 * owner only, listed after available ones, sold ones gone (item 5; ADR 0019), the seller page
 * `GET /sellers/:id` (item 8), and the events' university filter and upcoming-only list (item 9).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { UNKNOWN_UNIVERSITY_MESSAGE } from '../src/catalog/listing.ts';
import type { ProductRow, ServiceRow } from '../src/db/schema.ts';
import { SELLER_NOT_FOUND } from '../src/sellers/service.ts';
import { NOT_OWNER_MESSAGE } from '../src/selling/ownership.ts';
import { insertProduct, insertService } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, jpeg, sendForm } from './selling-helpers.ts';

const KU = 'Kenyatta University';
const MASENO = 'Maseno University';
const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

forEachEngine('listing details (§20)', (ctx) => {
  let amina: Account;
  let brian: Account;
  let cate: Account;
  const p: Record<string, ProductRow> = {};
  const s: Record<string, ServiceRow> = {};

  const get = (url: string, who?: Account) =>
    ctx.app.inject({ url: `/api/v1${url}`, headers: who?.auth ?? {} });
  const list = async (resource: 'products' | 'services', query = '') => {
    const response = await get(`/${resource}${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return json(response).data;
  };
  /** Titles of `GET /products<query>`, in order. */
  const products = async (query = '') =>
    (await list('products', query)).products.map((product: { title: string }) => product.title);
  const services = async (query = '') =>
    (await list('services', query)).services.map((service: { name: string }) => service.name);
  const fail = async (url: string) => {
    const response = await get(url);
    assert.equal(response.statusCode, 400, response.body);
    return json(response) as { status: string; message: string; errors?: Record<string, string> };
  };
  const patchJson = (url: string, body: object, who?: Account) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/v1${url}`, payload: body, headers: who?.auth ?? {} });

  before(async () => {
    const db = ctx.app.db;
    amina = await account(ctx.app, { first_name: 'Amina', university: KU, verified_student: true });
    brian = await account(ctx.app, { first_name: 'Brian', university: MASENO });
    cate = await account(ctx.app, { first_name: 'Cate', university: KU });
    const product = (key: string, values: Parameters<typeof insertProduct>[1]) =>
      insertProduct(db, values).then((row) => {
        p[key] = row;
      });
    await product('k1', {
      seller_id: amina.user.id,
      title: 'Casio calculator',
      category: 'School Supplies',
      price: 1200,
      views: 5,
      condition: 'good',
      minutesAgo: 1,
    });
    await product('k2', {
      seller_id: amina.user.id,
      title: 'HP laptop',
      category: 'Electronics',
      price: 30000,
      views: 50,
      condition: 'like_new',
      negotiable: true,
      minutesAgo: 2,
    });
    await product('m1', {
      seller_id: brian.user.id,
      title: 'Desk lamp',
      category: 'Dorm Room Essentials',
      price: 800,
      views: 10,
      condition: 'new',
      minutesAgo: 3,
    });
    await product('m2', {
      seller_id: brian.user.id,
      title: 'Calculus textbook',
      category: 'Textbooks and Study Materials',
      price: 1500,
      minutesAgo: 4,
    });
    await product('c1', {
      seller_id: cate.user.id,
      title: 'Graphing calculator',
      category: 'School Supplies',
      price: 2500,
      views: 20,
      condition: 'good',
      minutesAgo: 5,
    });
    await product('mug', { seller_id: cate.user.id, title: 'Tea mug', price: 800, minutesAgo: 6 });
    // Newest, cheapest and most viewed, but reserved: last under every order.
    await product('k3', {
      seller_id: amina.user.id,
      title: 'Reserved calculator',
      category: 'School Supplies',
      price: 100,
      views: 999,
      condition: 'good',
      status: 'reserved',
      minutesAgo: 0,
    });
    await product('sold', {
      seller_id: amina.user.id,
      title: 'Sold kettle',
      price: 300,
      status: 'sold',
      minutesAgo: 0,
    });
    await product('hidden', {
      seller_id: amina.user.id,
      title: 'Hidden calculator',
      moderation: 'hidden',
      minutesAgo: 0,
    });
    s.tutoring = await insertService(db, {
      provider_id: amina.user.id,
      name: 'Maths tutoring',
      category: 'Tutoring and Academic Support',
      price: 500,
      views: 3,
      minutesAgo: 1,
    });
    s.photos = await insertService(db, {
      provider_id: brian.user.id,
      name: 'Graduation photos',
      category: 'Photography',
      price: 3000,
      views: 9,
      minutesAgo: 2,
    });
    s.art = await insertService(db, {
      provider_id: cate.user.id,
      name: 'Portrait drawing',
      category: 'Art',
      price: 1000,
      minutesAgo: 3,
    });
  });

  describe('sort (item 2)', () => {
    it('orders products newest first by default and for sort=newest, reserved after available', async () => {
      const newest = [
        'Casio calculator',
        'HP laptop',
        'Desk lamp',
        'Calculus textbook',
        'Graphing calculator',
      ];
      const expected = [...newest, 'Tea mug', 'Reserved calculator'];
      assert.deepEqual(await products(), expected);
      assert.deepEqual(await products('?sort=newest'), expected);
    });

    it('orders by price both ways and by views, ties newest first, reserved last', async () => {
      assert.deepEqual(await products('?sort=price_asc'), [
        'Desk lamp', // 800, 3 minutes old
        'Tea mug', // 800, 6 minutes old
        'Casio calculator',
        'Calculus textbook',
        'Graphing calculator',
        'HP laptop',
        'Reserved calculator',
      ]);
      assert.deepEqual(await products('?sort=price_desc'), [
        'HP laptop',
        'Graphing calculator',
        'Calculus textbook',
        'Casio calculator',
        'Desk lamp',
        'Tea mug',
        'Reserved calculator',
      ]);
      assert.deepEqual(await products('?sort=most_viewed'), [
        'HP laptop',
        'Graphing calculator',
        'Desk lamp',
        'Casio calculator',
        'Calculus textbook', // 0 views, newer
        'Tea mug', // 0 views
        'Reserved calculator',
      ]);
    });

    it('pages through a sorted list with exact totals', async () => {
      const first = await list('products', '?sort=price_asc&limit=3');
      assert.deepEqual(
        first.products.map((product: { title: string }) => product.title),
        ['Desk lamp', 'Tea mug', 'Casio calculator'],
      );
      assert.equal(first.totalProducts, 7);
      assert.equal(first.totalPages, 3);
      const last = await list('products', '?sort=price_asc&limit=3&page=3');
      assert.deepEqual(
        last.products.map((product: { title: string }) => product.title),
        ['Reserved calculator'],
      );
    });

    it('an explicit sort overrides search relevance; without one a search keeps relevance', async () => {
      const relevance = await products('?search=calculator');
      assert.equal(relevance.length, 3);
      assert.equal(relevance.at(-1), 'Reserved calculator', 'reserved after available in a search too');
      assert.deepEqual(new Set(relevance.slice(0, 2)), new Set(['Casio calculator', 'Graphing calculator']));
      assert.deepEqual(await products('?search=calculator&sort=price_desc'), [
        'Graphing calculator',
        'Casio calculator',
        'Reserved calculator',
      ]);
      assert.deepEqual(await products('?search=calculator&sort=price_asc'), [
        'Casio calculator',
        'Graphing calculator',
        'Reserved calculator',
      ]);
      // A typo goes through the trigram fallback; the sort still applies.
      assert.deepEqual(await products('?search=calculater&sort=most_viewed'), [
        'Graphing calculator',
        'Casio calculator',
        'Reserved calculator',
      ]);
    });

    it('sorts services too', async () => {
      assert.deepEqual(await services(), ['Maths tutoring', 'Graduation photos', 'Portrait drawing']);
      assert.deepEqual(await services('?sort=price_asc'), [
        'Maths tutoring',
        'Portrait drawing',
        'Graduation photos',
      ]);
      assert.deepEqual(await services('?sort=price_desc'), [
        'Graduation photos',
        'Portrait drawing',
        'Maths tutoring',
      ]);
      assert.deepEqual(await services('?sort=most_viewed'), [
        'Graduation photos',
        'Maths tutoring',
        'Portrait drawing',
      ]);
    });

    it('answers 400 with a clear message for any other sort', async () => {
      for (const resource of ['products', 'services']) {
        for (const sort of ['cheapest', 'PRICE_ASC', 'relevance']) {
          const body = await fail(`/${resource}?sort=${sort}`);
          assert.equal(body.status, 'fail');
          assert.equal(body.message, 'sort must be one of: newest, price_asc, price_desc, most_viewed');
          assert.equal(body.errors?.sort, body.message);
        }
      }
    });
  });

  describe('campus and condition filters (items 3 and 4)', () => {
    it("filters by the seller's and the provider's university", async () => {
      assert.deepEqual(await products(q({ university: KU })), [
        'Casio calculator',
        'HP laptop',
        'Graphing calculator',
        'Tea mug',
        'Reserved calculator',
      ]);
      assert.deepEqual(await products(q({ university: MASENO })), ['Desk lamp', 'Calculus textbook']);
      assert.deepEqual(await services(q({ university: MASENO })), ['Graduation photos']);
      assert.deepEqual(await services(q({ university: KU, sort: 'price_desc' })), [
        'Portrait drawing',
        'Maths tutoring',
      ]);
      // The list's own spelling is matched case-insensitively; no seller there → an empty page.
      assert.deepEqual(await products(q({ university: 'kenyatta university', category: 'Electronics' })), [
        'HP laptop',
      ]);
      const none = await list('products', q({ university: 'Moi University' }));
      assert.deepEqual(none.products, []);
      assert.equal(none.totalProducts, 0);
      const item = (await list('products', q({ university: MASENO }))).products[0];
      assert.equal(item.seller.university, MASENO);
    });

    it('combines the campus with search, category, price, sort and verifiedOnly', async () => {
      assert.deepEqual(await products(q({ university: KU, category: 'School Supplies' })), [
        'Casio calculator',
        'Graphing calculator',
        'Reserved calculator',
      ]);
      assert.deepEqual(
        await products(q({ university: KU, search: 'calculator', minPrice: '1000', maxPrice: '2000' })),
        ['Casio calculator'],
      );
      const page = await list('products', q({ university: KU, maxPrice: '3000', sort: 'price_desc' }));
      assert.deepEqual(
        page.products.map((product: { title: string }) => product.title),
        ['Graphing calculator', 'Casio calculator', 'Tea mug', 'Reserved calculator'],
      );
      assert.equal(page.totalProducts, 4);
      assert.deepEqual(await products(q({ university: KU, verifiedOnly: 'true' })), [
        'Casio calculator',
        'HP laptop',
        'Reserved calculator',
      ]);
    });

    it('filters products by condition, alone and combined', async () => {
      assert.deepEqual(await products('?condition=good'), [
        'Casio calculator',
        'Graphing calculator',
        'Reserved calculator',
      ]);
      assert.deepEqual(await products('?condition=like_new'), ['HP laptop']);
      assert.deepEqual(await products('?condition=fair'), []);
      assert.deepEqual(await products(q({ condition: 'new', university: MASENO })), ['Desk lamp']);
      assert.deepEqual(await products(q({ condition: 'good', university: MASENO })), []);
      assert.deepEqual(await products(q({ condition: 'good', search: 'calculator', sort: 'price_desc' })), [
        'Graphing calculator',
        'Casio calculator',
        'Reserved calculator',
      ]);
      const page = await list(
        'products',
        q({ condition: 'good', category: 'School Supplies', minPrice: '2000', university: KU }),
      );
      assert.deepEqual(
        page.products.map((product: { title: string }) => product.title),
        ['Graphing calculator'],
      );
      assert.equal(page.totalProducts, 1);
    });

    it('shows condition, negotiable and status on list items and the detail', async () => {
      const items = (await list('products', '?condition=like_new')).products;
      assert.equal(items[0].condition, 'like_new');
      assert.equal(items[0].negotiable, true);
      assert.equal(items[0].status, 'available');
      const none = (await list('products', '?search=lamp')).products[0];
      assert.equal(none.condition, 'new');
      assert.equal(none.negotiable, false);
      const detail = json(await get(`/products/${p.k3!.id}`)).data.product;
      assert.equal(detail.status, 'reserved');
      assert.equal(detail.condition, 'good');
      assert.equal(detail.negotiable, false);
      const textbook = json(await get(`/products/${p.m2!.id}`)).data.product;
      assert.equal(textbook.condition, null);
    });

    it('answers 400 for an unknown university or condition; services ignore condition', async () => {
      for (const url of [
        `/products${q({ university: 'Hogwarts' })}`,
        `/services${q({ university: 'University of Oxford' })}`,
        `/products${q({ university: 'Kenyatta' })}`,
      ]) {
        const body = await fail(url);
        assert.equal(body.message, UNKNOWN_UNIVERSITY_MESSAGE);
        assert.equal(body.errors?.university, UNKNOWN_UNIVERSITY_MESSAGE);
      }
      const condition = await fail('/products?condition=broken');
      assert.equal(condition.message, 'condition must be one of: new, like_new, good, fair');
      assert.equal(
        (await fail(`/products?university=${'x'.repeat(201)}`)).errors?.university !== undefined,
        true,
      );
      assert.deepEqual(await services('?condition=new'), [
        'Maths tutoring',
        'Graduation photos',
        'Portrait drawing',
      ]);
    });
  });

  describe('condition and negotiable at create and edit (item 4)', () => {
    let id: string;

    it('creates a product with them (multipart), defaults when not sent', async () => {
      const created = await sendForm(
        ctx.app,
        'POST',
        '/products',
        {
          title: 'Mountain bike',
          description: 'Barely used mountain bike',
          price: '12000',
          category: 'Bicycles and Scooters',
          condition: 'like_new',
          negotiable: 'true',
          coverImage: await jpeg(300, 200),
        },
        brian,
      );
      assert.equal(created.statusCode, 201, created.body);
      const product = json(created).data.product;
      id = product._id;
      assert.equal(product.condition, 'like_new');
      assert.equal(product.negotiable, true);
      assert.equal(product.status, 'available');

      const plain = await sendForm(
        ctx.app,
        'POST',
        '/products',
        {
          title: 'Plain chair',
          description: 'A chair for the desk',
          price: '900',
          category: 'Dorm Room Essentials',
          coverImage: await jpeg(300, 200),
        },
        brian,
      );
      assert.equal(plain.statusCode, 201, plain.body);
      assert.equal(json(plain).data.product.condition, null);
      assert.equal(json(plain).data.product.negotiable, false);
      assert.deepEqual((await products('?condition=like_new')).sort(), ['HP laptop', 'Mountain bike']);
    });

    it('names a bad condition or negotiable value', async () => {
      const bad = await sendForm(
        ctx.app,
        'POST',
        '/products',
        {
          title: 'Broken thing',
          description: 'Something with a bad condition',
          price: '10',
          category: 'other',
          condition: 'mint',
          negotiable: 'maybe',
          coverImage: await jpeg(300, 200),
        },
        brian,
      );
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(json(bad).errors, {
        condition: 'Please choose a condition from the list',
        negotiable: 'Negotiable must be true or false',
      });
      const badEdit = await patchJson(`/products/${id}`, { condition: 'mint' }, brian);
      assert.equal(badEdit.statusCode, 400);
      assert.equal(json(badEdit).errors.condition, 'Please choose a condition from the list');
    });

    it('edits them (multipart and JSON); an empty condition clears it', async () => {
      const edited = await sendForm(ctx.app, 'PATCH', `/products/${id}`, { condition: 'fair' }, brian);
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(json(edited).data.product.condition, 'fair');
      assert.equal(json(edited).data.product.negotiable, true, 'unsent fields keep their value');
      const cleared = await sendForm(
        ctx.app,
        'PATCH',
        `/products/${id}`,
        { condition: '', negotiable: 'false' },
        brian,
      );
      assert.equal(cleared.statusCode, 200, cleared.body);
      assert.equal(json(cleared).data.product.condition, null);
      assert.equal(json(cleared).data.product.negotiable, false);
      const viaJson = await patchJson(`/products/${id}`, { condition: 'good', negotiable: true }, brian);
      assert.equal(viaJson.statusCode, 200, viaJson.body);
      assert.equal(json(viaJson).data.product.condition, 'good');
      assert.equal(json(viaJson).data.product.negotiable, true);
      const other = await patchJson(`/products/${id}`, { negotiable: false }, cate);
      assert.equal(other.statusCode, 403);
    });
  });

  describe('reserved (item 5)', () => {
    let id: string;

    before(async () => {
      id = (
        await insertProduct(ctx.app.db, {
          seller_id: cate.user.id,
          title: 'Rice cooker',
          category: 'Kitchen Appliances',
          price: 2200,
          minutesAgo: 0.5,
        })
      ).id;
      // The row was written behind the services' back: drop the cached answers.
      await ctx.app.products.invalidate();
    });

    const kitchen = () => products('?category=Kitchen+Appliances');

    it('lets the owner move a product between available, reserved and sold in any order', async () => {
      const count = async () => json(await get('/products/get-products-count')).results as number;
      const listed = await count();
      assert.deepEqual(await kitchen(), ['Rice cooker']);
      for (const [status, visible] of [
        ['reserved', true],
        ['sold', false],
        ['reserved', true],
        ['available', true],
        ['sold', false],
        ['available', true],
      ] as const) {
        const response = await patchJson(`/products/${id}`, { status }, cate);
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(json(response).data.product.status, status);
        assert.deepEqual(await kitchen(), visible ? ['Rice cooker'] : [], status);
        assert.equal(await count(), visible ? listed : listed - 1, status);
        assert.equal(json(await get(`/products/${id}`)).data.product.status, status);
      }
      const multipart = await sendForm(ctx.app, 'PATCH', `/products/${id}`, { status: 'reserved' }, cate);
      assert.equal(multipart.statusCode, 200, multipart.body);
      assert.equal(json(multipart).data.product.status, 'reserved');
    });

    it('lists a reserved product after the available ones; sold ones leave the lists', async () => {
      const all = await products();
      assert.deepEqual(all.slice(-2), ['Reserved calculator', 'Rice cooker'], 'reserved, newest first');
      assert.ok(!all.includes('Sold kettle'));
      const cheapFirst = await products('?sort=price_asc');
      assert.deepEqual(cheapFirst.slice(-2), ['Reserved calculator', 'Rice cooker']);
      const mine = json(await get('/products/mine', amina)).data.products.map(
        (product: { title: string; status: string }) => `${product.title}:${product.status}`,
      );
      for (const entry of ['Sold kettle:sold', 'Reserved calculator:reserved', 'Casio calculator:available'])
        assert.ok(mine.includes(entry), entry);
    });

    it('only the owner changes the status; bad values get a field message', async () => {
      const other = await patchJson(`/products/${id}`, { status: 'available' }, amina);
      assert.equal(other.statusCode, 403);
      assert.equal(json(other).message, NOT_OWNER_MESSAGE);
      assert.equal((await patchJson(`/products/${id}`, { status: 'available' })).statusCode, 401);
      const bad = await sendForm(ctx.app, 'PATCH', `/products/${id}`, { status: 'gone' }, cate);
      assert.equal(bad.statusCode, 400);
      assert.equal(json(bad).errors.status, 'Please choose a status from the list');
      assert.equal((await patchJson(`/products/${id}`, { status: 'gone' }, cate)).statusCode, 400);
      assert.equal(json(await get(`/products/${id}`)).data.product.status, 'reserved');
    });
  });

  describe('GET /sellers/:id (item 8)', () => {
    it("answers the seller's public profile and listed products and services", async () => {
      const response = await get(`/sellers/${amina.user.id}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['cache-control']), /^public/);
      const { data } = json(response);
      assert.deepEqual(data.seller, {
        _id: amina.user.id,
        firstName: 'Amina',
        lastName: amina.user.last_name,
        photo: null,
        university: KU,
        verifiedStudent: true,
        memberSince: amina.user.created_at.toISOString(),
        rating: { average: null, count: 0 },
      });
      assert.ok(!response.body.includes(amina.user.email), 'no e-mail');
      // Not sold, not hidden; reserved after available; newest first.
      assert.deepEqual(
        data.products.map((product: { title: string }) => product.title),
        ['Casio calculator', 'HP laptop', 'Reserved calculator'],
      );
      assert.equal(data.products[1].negotiable, true);
      assert.equal(data.products[2].status, 'reserved');
      assert.deepEqual(
        data.services.map((service: { name: string }) => service.name),
        ['Maths tutoring'],
      );
      assert.equal(data.services[0].provider._id, amina.user.id);
    });

    it('answers a seller with nothing listed, and 404 for unknown, malformed or suspended ones', async () => {
      const quiet = await account(ctx.app, { first_name: 'Quiet' });
      const empty = json(await get(`/sellers/${quiet.user.id}`)).data;
      assert.deepEqual([empty.products, empty.services], [[], []]);
      const suspended = await account(ctx.app, { first_name: 'Gone' });
      await ctx.app.db
        .updateTable('users')
        .set({ suspended_at: new Date() })
        .where('id', '=', suspended.user.id)
        .execute();
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', suspended.user.id]) {
        const response = await get(`/sellers/${id}`);
        assert.equal(response.statusCode, 404, id);
        assert.deepEqual(json(response), { status: 'fail', message: SELLER_NOT_FOUND });
      }
    });
  });

  describe('events (item 9)', () => {
    before(async () => {
      const event = (title: string, startsIn: number, endsIn: number | null, university: string | null) =>
        ctx.app.db
          .insertInto('events')
          .values({
            organizer_id: cate.user.id,
            title,
            description: 'An event inserted by the test',
            starts_at: inHours(startsIn),
            ends_at: endsIn === null ? null : inHours(endsIn),
            venue: 'Main hall',
            university,
          })
          .execute();
      await event('KU past fair', -30, -28, KU);
      await event('KU started without end', -1, null, KU);
      await event('KU running hackathon', -2, 5, KU);
      await event('KU freshers night', 24, null, KU);
      await event('Maseno chess open', 12, 14, MASENO);
      await event('Anywhere webinar', 6, null, null);
    });

    const titles = async (query = '') => {
      const response = await get(`/events${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response).data.events.map((event: { title: string }) => event.title);
    };

    it('lists upcoming events only (running ones until their end), soonest first', async () => {
      assert.deepEqual(await titles(), [
        'KU running hackathon',
        'Anywhere webinar',
        'Maseno chess open',
        'KU freshers night',
      ]);
    });

    it('filters by university (the list spelling, any case), with totals', async () => {
      assert.deepEqual(await titles(q({ university: KU })), ['KU running hackathon', 'KU freshers night']);
      assert.deepEqual(await titles(q({ university: 'maseno university' })), ['Maseno chess open']);
      const response = await get(`/events${q({ university: KU, limit: '1', page: '2' })}`);
      const { data } = json(response);
      assert.deepEqual(
        data.events.map((event: { title: string }) => event.title),
        ['KU freshers night'],
      );
      assert.equal(data.totalEvents, 2);
      assert.equal(data.totalPages, 2);
      assert.deepEqual(await titles(q({ university: 'Moi University' })), []);
      assert.deepEqual(await titles('?university='), await titles(), 'an empty filter is no filter');
      const body = await fail(`/events${q({ university: 'Hogwarts' })}`);
      assert.equal(body.message, UNKNOWN_UNIVERSITY_MESSAGE);
    });

    it('shows one event, and 404 for an unknown or malformed id', async () => {
      const [first] = json(await get('/events')).data.events;
      const one = await get(`/events/${first._id}`);
      assert.equal(one.statusCode, 200);
      assert.equal(json(one).data.event.title, first.title);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await get(`/events/${id}`);
        assert.equal(response.statusCode, 404, id);
        assert.deepEqual(json(response), { status: 'fail', message: 'Event not found' });
      }
    });
  });
});
