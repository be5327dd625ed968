/**
 * docs/product.md §20.1, §20.6, §20.7, §20.10 on both engines: saved items (`/favourites`, idempotent, 401 for
 * guests, the saved list's shapes with sold and removed listings, `saves` in the owner's lists),
 * the counted chat redirects (Location = the docs/product.md §7 link of `@campus/shared/whatsapp`, once per
 * visitor per listing per day), the seller's insights after scripted views, clicks and saves, and
 * the batched view counts written when the app closes (reopened on the same database).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { productChatLink, serviceChatLink, shopProductChatLink } from '@campus/shared/whatsapp';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { ProductRow, ServiceRow, ShopRow } from '../src/db/schema.ts';
import { engagementRepository } from '../src/engagement/repository.ts';
import { databaseSalts, nairobiDay, redisSalts, VisitorHasher } from '../src/engagement/visitor.ts';
import { startApi } from './api-process.ts';
import { insertProduct, insertService, insertShop, insertUser } from './fixtures.ts';
import {
  createThrowawayPostgres,
  ENGINES,
  forEachEngine,
  json,
  openTestDatabase,
  testConfig,
} from './helper.ts';
import { type Account, account } from './selling-helpers.ts';

const PUBLIC_URL = 'https://soko.example';

forEachEngine(
  'saved items (§20.1)',
  (ctx) => {
    let seller: Account;
    let buyer: Account;
    let other: Account;
    let book: ProductRow;
    let lamp: ProductRow;
    let kettle: ProductRow;
    let tutoring: ServiceRow;

    before(async () => {
      seller = await account(ctx.app, { first_name: 'Achieng' });
      buyer = await account(ctx.app);
      other = await account(ctx.app, { verified: false });
      book = await insertProduct(ctx.app.db, {
        seller_id: seller.user.id,
        title: 'Chemistry book',
        price: 1500,
      });
      lamp = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Desk lamp' });
      kettle = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Kettle' });
      tutoring = await insertService(ctx.app.db, { provider_id: seller.user.id, name: 'Calculus tutoring' });
    });

    const put = (who: Account | null, kind: string, id: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/favourites/${kind}/${id}`, headers: who?.auth ?? {} });
    const del = (who: Account | null, kind: string, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${kind}/${id}`, headers: who?.auth ?? {} });
    const ids = async (who: Account) =>
      json(await ctx.app.inject({ url: '/api/v1/favourites/ids', headers: who.auth })).data;

    it('answers 401 to guests on every route', async () => {
      for (const response of [
        await put(null, 'products', book.id),
        await del(null, 'products', book.id),
        await ctx.app.inject('/api/v1/favourites'),
        await ctx.app.inject('/api/v1/favourites/ids'),
      ]) {
        assert.equal(response.statusCode, 401);
        assert.equal(json(response).message, 'Please log in to continue');
      }
    });

    it('saves and unsaves idempotently (204 each time), for any signed-in user', async () => {
      for (let i = 0; i < 2; i += 1) {
        const saved = await put(buyer, 'products', book.id);
        assert.equal(saved.statusCode, 204, saved.body);
        assert.equal(saved.body, '');
      }
      assert.deepEqual(await ids(buyer), { products: [book.id], services: [] });
      // An account whose e-mail is not verified may save too (no seller rights needed).
      assert.equal((await put(other, 'services', tutoring.id)).statusCode, 204);
      assert.deepEqual(await ids(other), { products: [], services: [tutoring.id] });
      for (let i = 0; i < 2; i += 1) assert.equal((await del(buyer, 'products', book.id)).statusCode, 204);
      assert.deepEqual(await ids(buyer), { products: [], services: [] });
      assert.equal((await del(other, 'services', tutoring.id)).statusCode, 204);
    });

    it('answers 404 for unknown listings and 400 for an unknown kind', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const notFound = await put(buyer, 'products', unknown);
      assert.equal(notFound.statusCode, 404);
      assert.equal(json(notFound).message, 'Product not found');
      assert.equal(json(await put(buyer, 'services', 'not-an-id')).message, 'Service not found');
      assert.equal((await del(buyer, 'products', unknown)).statusCode, 404);
      // A product id is not a service.
      assert.equal((await put(buyer, 'services', book.id)).statusCode, 404);
      assert.equal((await put(buyer, 'events', book.id)).statusCode, 400);
    });

    it('lists both kinds newest saved first, sold and removed ones as not available', async () => {
      for (const [kind, id] of [
        ['products', book.id],
        ['services', tutoring.id],
        ['products', lamp.id],
        ['products', kettle.id],
      ] as const) {
        assert.equal((await put(buyer, kind, id)).statusCode, 204);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // The lamp is sold, the kettle removed, after they were saved.
      const sold = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/products/${lamp.id}`,
        headers: seller.auth,
        payload: { status: 'sold' },
      });
      assert.equal(sold.statusCode, 200, sold.body);
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${kettle.id}`,
        headers: seller.auth,
      });
      assert.equal(removed.statusCode, 204);

      const response = await ctx.app.inject({ url: '/api/v1/favourites', headers: buyer.auth });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      const { favourites } = json(response).data;
      assert.deepEqual(
        favourites.map((f: { kind: string; available: boolean; item: { _id: string } | null }) => [
          f.kind,
          f.item?._id ?? null,
          f.available,
        ]),
        [
          ['products', null, false],
          ['products', lamp.id, false],
          ['services', tutoring.id, true],
          ['products', book.id, true],
        ],
      );
      for (const f of favourites) assert.ok(!Number.isNaN(Date.parse(f.savedAt)), f.savedAt);
      // The listing's id, also for the removed one (so it can be unsaved).
      assert.deepEqual(
        favourites.map((f: { listingId: string }) => f.listingId),
        [kettle.id, lamp.id, tutoring.id, book.id],
      );
      assert.ok(favourites[0].savedAt > favourites[3].savedAt);
      assert.equal(favourites[1].item.status, 'sold');
      // The item is the list item of GET /products, field for field.
      const listed = json(await ctx.app.inject('/api/v1/products?search=chemistry')).data.products[0];
      assert.deepEqual(favourites[3].item, listed);
      const service = json(await ctx.app.inject('/api/v1/services?search=calculus')).data.services[0];
      assert.deepEqual(favourites[2].item, service);
      // A removed listing can still be unsaved.
      assert.equal((await del(buyer, 'products', kettle.id)).statusCode, 204);
      assert.equal(
        json(await ctx.app.inject({ url: '/api/v1/favourites', headers: buyer.auth })).data.favourites.length,
        3,
      );
    });

    it('shows the owner how many saved each of their listings (GET /products/mine, /services/mine)', async () => {
      assert.equal((await put(other, 'products', book.id)).statusCode, 204);
      const products = json(await ctx.app.inject({ url: '/api/v1/products/mine', headers: seller.auth })).data
        .products as { _id: string; saves: number }[];
      const saves = Object.fromEntries(products.map((p) => [p._id, p.saves]));
      assert.deepEqual(saves, { [book.id]: 2, [lamp.id]: 1 });
      const services = json(await ctx.app.inject({ url: '/api/v1/services/mine', headers: seller.auth })).data
        .services as { _id: string; saves: number }[];
      assert.deepEqual(
        services.map((s) => [s._id, s.saves]),
        [[tutoring.id, 1]],
      );
    });
  },
  { env: { PUBLIC_URL } },
);

forEachEngine(
  'chat clicks and insights (§20.6, §20.7)',
  (ctx) => {
    let seller: Account;
    let buyer: Account;
    let shop: ShopRow;
    let book: ProductRow;
    let tutoring: ServiceRow;

    before(async () => {
      seller = await account(ctx.app, { first_name: 'Baraka' });
      buyer = await account(ctx.app);
      shop = await insertShop(ctx.app.db, {
        owner_id: seller.user.id,
        name: 'Baraka Books',
        phone: '254711222333',
      });
      book = await insertProduct(ctx.app.db, {
        seller_id: seller.user.id,
        shop_id: shop.id,
        title: 'Physics book',
        description: 'x'.repeat(150),
        price: 2500,
        cover_image: '/uploads/products/cover-1200.webp',
        views: 10,
      });
      tutoring = await insertService(ctx.app.db, {
        provider_id: seller.user.id,
        name: 'Physics tutoring',
        price: 800,
      });
    });

    const click = (url: string, visitor: { ip: string; ua: string }) =>
      ctx.app.inject({ url, remoteAddress: visitor.ip, headers: { 'user-agent': visitor.ua } });
    const alice = { ip: '10.0.0.1', ua: 'Mozilla/5.0 (Linux; Android 14) Alice' };
    const bob = { ip: '10.0.0.2', ua: 'Mozilla/5.0 (Linux; Android 13) Bob' };
    const insights = async () => {
      const response = await ctx.app.inject({ url: '/api/v1/dashboard/insights', headers: seller.auth });
      assert.equal(response.statusCode, 200, response.body);
      return json(response).data;
    };

    it('redirects (302) to exactly the spec-7 link the site builds, not cacheable, not indexed', async () => {
      const product = json(await ctx.app.inject(`/api/v1/products/${book.id}`)).data.product;
      const service = json(await ctx.app.inject(`/api/v1/services/${tutoring.id}`)).data.service;
      const shopJson = json(await ctx.app.inject(`/api/v1/shops/${shop.id}`)).data;
      const shopProduct = json(await ctx.app.inject(`/api/v1/shops/${shop.id}/products`)).data.products[0];
      for (const [url, link] of [
        [`/api/v1/products/${book.id}/chat`, productChatLink(product, PUBLIC_URL)],
        [`/api/v1/services/${tutoring.id}/chat`, serviceChatLink(service, PUBLIC_URL)],
        [
          `/api/v1/shops/${shop.id}/chat?product=${book.id}`,
          shopProductChatLink(shopJson, shopProduct, PUBLIC_URL),
        ],
      ] as const) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 302, response.body);
        assert.equal(response.headers.location, link);
        assert.equal(response.headers['cache-control'], 'no-store');
        assert.equal(response.headers['x-robots-tag'], 'noindex');
      }
      // The link as the site builds it: the shop's number, the docs/product.md §7 lines.
      const location = new URL(productChatLink(product, PUBLIC_URL));
      assert.equal(location.pathname, '/254711222333');
      assert.match(
        location.searchParams.get('text') ?? '',
        /^Hello Baraka Books, .*\nLink: https:\/\/soko\.example\/products\//s,
      );
    });

    it('answers 404 JSON for unknown ids', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const [url, message] of [
        [`/api/v1/products/${unknown}/chat`, 'Product not found'],
        ['/api/v1/services/nope/chat', 'Service not found'],
        [`/api/v1/shops/${unknown}/chat`, 'Shop not found'],
        [`/api/v1/shops/${shop.id}/chat?product=${unknown}`, 'Product not found'],
      ] as const) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 404, url);
        assert.equal(json(response).message, message);
      }
    });

    it('counts a click once per visitor per listing per day (two visitors → 2), across flushes', async () => {
      const { counters } = ctx.app.engagement;
      await counters.flush();
      await ctx.app.db.deleteFrom('listing_daily_stats').execute();
      await ctx.app.db.deleteFrom('chat_visitors').execute();
      const url = `/api/v1/products/${book.id}/chat`;
      for (let i = 0; i < 3; i += 1) assert.equal((await click(url, alice)).statusCode, 302);
      await click(url, bob);
      const first = await counters.flush();
      assert.equal(first.chatClicks, 2);
      // Alice again after the flush, and with another browser from her address: the same visitor
      // (ADR 0031: not the user agent); a visitor from another address: a new one.
      await click(url, alice);
      await click(url, { ip: alice.ip, ua: 'Other browser' });
      await click(url, { ip: '10.0.0.9', ua: 'Other browser' });
      assert.equal((await counters.flush()).chatClicks, 1);
      const rows = await ctx.app.db
        .selectFrom('listing_daily_stats')
        .select(['kind', 'listing_id', 'chat_clicks', 'views'])
        .execute();
      assert.deepEqual(rows, [{ kind: 'products', listing_id: book.id, chat_clicks: 3, views: 0 }]);
      // Only salted hashes are kept: no address, no user agent.
      const visitors = await ctx.app.db.selectFrom('chat_visitors').selectAll().execute();
      assert.equal(visitors.length, 3);
      for (const v of visitors) {
        assert.match(v.visitor, /^[A-Za-z0-9_-]{22}$/);
        assert.ok(!JSON.stringify(v).includes('10.0.0.1'));
      }
    });

    it('drops visitor hashes older than 2 days when it flushes', async () => {
      const { counters } = ctx.app.engagement;
      await ctx.app.db
        .insertInto('chat_visitors')
        .values([
          { day: '2020-01-01', kind: 'products', listing_id: book.id, visitor: 'old' },
          { day: nairobiDay(new Date()), kind: 'products', listing_id: book.id, visitor: 'today' },
        ])
        .execute();
      await click(`/api/v1/services/${tutoring.id}/chat`, alice);
      await counters.flush();
      const left = await ctx.app.db.selectFrom('chat_visitors').select('visitor').execute();
      assert.ok(left.some((v) => v.visitor === 'today'));
      assert.ok(!left.some((v) => v.visitor === 'old'));
    });

    it('reports views, chat clicks and saves per listing with 30 zero-filled Nairobi days', async () => {
      const { counters } = ctx.app.engagement;
      await counters.flush();
      await ctx.app.db.deleteFrom('listing_daily_stats').execute();
      await ctx.app.db.deleteFrom('chat_visitors').execute();
      await ctx.app.db.updateTable('products').set({ views: 10 }).execute();
      await ctx.app.db.updateTable('services').set({ views: 0 }).execute();
      // Scripted: 3 views of the book and 1 of the service; 2 visitors chat about the book (one
      // twice), 1 about the service; the buyer saves the book.
      // Three visitors (addresses) view the book: one visitor counts once per day (ADR 0031).
      for (let i = 0; i < 3; i += 1)
        await ctx.app.inject({ url: `/api/v1/products/${book.id}`, remoteAddress: `10.0.3.${i}` });
      await ctx.app.inject({ url: `/api/v1/products/${book.id}`, remoteAddress: '10.0.3.0' });
      await ctx.app.inject({ url: `/api/v1/services/${tutoring.id}`, remoteAddress: '10.0.3.9' });
      // Visitors not seen today (this process remembers who it counted, whatever the tables hold).
      const carol = { ip: '10.0.6.1', ua: 'Carol' };
      const dave = { ip: '10.0.6.2', ua: 'Dave' };
      await click(`/api/v1/products/${book.id}/chat`, carol);
      await click(`/api/v1/products/${book.id}/chat`, carol);
      await click(`/api/v1/products/${book.id}/chat`, dave);
      await click(`/api/v1/services/${tutoring.id}/chat`, dave);
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/favourites/products/${book.id}`,
        headers: buyer.auth,
      });
      // Not flushed: the insights write this process's counts first.
      const data = await insights();
      assert.deepEqual(data.totals, { views: 14, chatClicks: 3, saves: 1 });
      const today = nairobiDay(new Date());
      const byId = Object.fromEntries(data.listings.map((l: { _id: string }) => [l._id, l])) as Record<
        string,
        {
          kind: string;
          title: string;
          views: number;
          chatClicks: number;
          saves: number;
          daily: { date: string; views: number; chatClicks: number }[];
        }
      >;
      const bookInsights = byId[book.id]!;
      assert.deepEqual(
        {
          kind: bookInsights.kind,
          title: bookInsights.title,
          views: bookInsights.views,
          chatClicks: bookInsights.chatClicks,
          saves: bookInsights.saves,
        },
        { kind: 'products', title: 'Physics book', views: 13, chatClicks: 2, saves: 1 },
      );
      assert.equal(bookInsights.daily.length, 30);
      assert.deepEqual(bookInsights.daily.at(-1), { date: today, views: 3, chatClicks: 2 });
      const dates = bookInsights.daily.map((d) => d.date);
      assert.deepEqual(dates, [...dates].sort());
      assert.equal(new Set(dates).size, 30);
      assert.equal(Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dates[0]}T00:00:00Z`), 29 * 86_400_000);
      assert.ok(bookInsights.daily.slice(0, -1).every((d) => d.views === 0 && d.chatClicks === 0));
      assert.deepEqual(
        {
          views: byId[tutoring.id]!.views,
          chatClicks: byId[tutoring.id]!.chatClicks,
          saves: byId[tutoring.id]!.saves,
        },
        { views: 1, chatClicks: 1, saves: 0 },
      );
      // The overview's views count them too.
      const summary = json(await ctx.app.inject({ url: '/api/v1/dashboard/summary', headers: seller.auth }))
        .data.summary;
      assert.equal(summary.views, 14);
    });

    it('is for signed-in, verified users only (and shows only their own listings)', async () => {
      assert.equal((await ctx.app.inject('/api/v1/dashboard/insights')).statusCode, 401);
      const unverified = await account(ctx.app, { verified: false });
      assert.equal(
        (await ctx.app.inject({ url: '/api/v1/dashboard/insights', headers: unverified.auth })).statusCode,
        403,
      );
      const data = json(
        await ctx.app.inject({ url: '/api/v1/dashboard/insights', headers: buyer.auth }),
      ).data;
      assert.deepEqual(data, { totals: { views: 0, chatClicks: 0, saves: 0 }, listings: [] });
    });
  },
  { env: { PUBLIC_URL, ENGAGEMENT_FLUSH_MS: '0' } },
);

for (const engine of ENGINES) {
  describe(`batched view counts [${engine}] (§20.10)`, () => {
    let dataDir: string;
    let dropDatabase: (() => Promise<void>) | null = null;
    let openHandle: () => Promise<DatabaseHandle>;

    before(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-engagement-'));
      if (engine === 'pglite') {
        openHandle = () => createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
      } else {
        const { url, drop } = await createThrowawayPostgres();
        dropDatabase = drop;
        openHandle = () => createDatabase({ engine: 'postgres', url }, { poolSize: 2 });
      }
    });
    after(async () => {
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    });

    // No periodic flush: only closing the app writes the counts.
    const open = async (): Promise<FastifyInstance> => {
      const app = await buildApp(testConfig(dataDir, { ENGAGEMENT_FLUSH_MS: '0' }), {
        database: await openHandle(),
        logger: false,
      });
      await app.ready();
      return app;
    };

    it('writes nothing per read, and everything counted when the app closes', async () => {
      let app = await open();
      const seller = await account(app);
      const product = await insertProduct(app.db, { seller_id: seller.user.id });
      const service = await insertService(app.db, { provider_id: seller.user.id });
      // Distinct visitors (addresses): one visitor's views count once per day (ADR 0031).
      for (let i = 0; i < 4; i += 1) {
        const response = await app.inject({
          url: `/api/v1/products/${product.id}`,
          remoteAddress: `10.0.4.${i}`,
        });
        assert.equal(json(response).data.product.views, i + 1, 'the detail shows the views counted so far');
      }
      await Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          app.inject({ url: `/api/v1/services/${service.id}`, remoteAddress: `10.0.5.${i}` }),
        ),
      );
      await app.inject({ url: `/api/v1/products/${product.id}/chat`, headers: { 'user-agent': 'A' } });
      const stored = await app.db
        .selectFrom('products')
        .select('views')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.views, 0, 'no write per read');
      assert.deepEqual(app.engagement.counters.pending(), { views: 7, visits: 1 });
      await app.close();

      app = await open();
      try {
        const views = async (table: 'products' | 'services', id: string) =>
          (await app.db.selectFrom(table).select('views').where('id', '=', id).executeTakeFirstOrThrow())
            .views;
        assert.equal(await views('products', product.id), 4);
        assert.equal(await views('services', service.id), 3);
        const daily = await app.db
          .selectFrom('listing_daily_stats')
          .select(['kind', 'views', 'chat_clicks'])
          .orderBy('kind')
          .execute();
        assert.deepEqual(daily, [
          { kind: 'products', views: 4, chat_clicks: 1 },
          { kind: 'services', views: 3, chat_clicks: 0 },
        ]);
        assert.equal(json(await app.inject(`/api/v1/products/${product.id}`)).data.product.views, 5);
      } finally {
        await app.close();
      }
    });
  });
}

describe('views counted before SIGTERM are written at shutdown (§20.10)', () => {
  it('the server (api/src/server.ts, embedded PGlite) writes them before it exits', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-sigterm-'));
    try {
      const dbDir = path.join(dataDir, 'db');
      let handle = await createDatabase({ engine: 'pglite', dataDir: dbDir });
      await migrateToLatest(handle.db);
      const seller = await insertUser(handle.db);
      const product = await insertProduct(handle.db, { seller_id: seller.id });
      await handle.destroy();

      const api = await startApi({
        DATA_DIR: dataDir,
        JWT_SECRET: 'sigterm-test-secret-sigterm-test-secret-0123',
        // No periodic flush: only the shutdown writes the counts.
        ENGAGEMENT_FLUSH_MS: '0',
      });
      let code: number | null;
      try {
        for (let i = 0; i < 3; i += 1) {
          assert.equal((await fetch(`${api.origin}/api/v1/products/${product.id}`)).status, 200);
        }
        const chat = await fetch(`${api.origin}/api/v1/products/${product.id}/chat`, { redirect: 'manual' });
        assert.equal(chat.status, 302);
      } finally {
        code = await api.stop();
      }
      assert.equal(code, 0, api.output());

      handle = await createDatabase({ engine: 'pglite', dataDir: dbDir });
      try {
        const row = await handle.db
          .selectFrom('products')
          .select('views')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
        // Three reads from one address without a visitor cookie: one visitor, one view (ADR 0031).
        assert.equal(row.views, 1);
        const daily = await handle.db
          .selectFrom('listing_daily_stats')
          .select(['views', 'chat_clicks'])
          .execute();
        assert.deepEqual(daily, [{ views: 1, chat_clicks: 1 }]);
      } finally {
        await handle.destroy();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the day’s visitor salt is shared by every process (§20.6)', () => {
  const day = '2026-03-01';
  const visitorOf = (hasher: VisitorHasher, ip = '10.1.2.3') => hasher.visitor(day, ip, 'Mozilla/5.0');

  for (const engine of ENGINES) {
    it(`through the database [${engine}]: two hashers agree, other addresses and days differ`, async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-salt-'));
      const app = await buildApp(testConfig(dataDir, { ENGAGEMENT_FLUSH_MS: '0' }), {
        database: await openTestDatabase(engine),
        logger: false,
      });
      try {
        const repository = engagementRepository(app.db);
        const [a, b] = [
          new VisitorHasher(databaseSalts(repository)),
          new VisitorHasher(databaseSalts(repository)),
        ];
        const [first, second] = await Promise.all([visitorOf(a), visitorOf(b)]);
        assert.equal(first, second);
        assert.notEqual(await visitorOf(a, '10.1.2.4'), first);
        assert.notEqual(await a.visitor('2026-03-02', '10.1.2.3', 'Mozilla/5.0'), first);
        const salts = await app.db.selectFrom('visitor_salts').select('salt').execute();
        assert.equal(salts.length, 2);
      } finally {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }

  const REDIS_URL = process.env.REDIS_URL;
  it('through Redis when REDIS_URL is set', { skip: !REDIS_URL && 'REDIS_URL is not set' }, async () => {
    const redis = new Redis(REDIS_URL as string);
    const prefix = `campus-test-${Date.now()}-${Math.random().toString(36).slice(2)}:`;
    try {
      const [a, b] = [
        new VisitorHasher(redisSalts(redis, prefix)),
        new VisitorHasher(redisSalts(redis, prefix)),
      ];
      assert.equal(await visitorOf(a), await visitorOf(b));
      const ttl = await redis.ttl(`${prefix}engagement:salt:${day}`);
      assert.ok(ttl > 0 && ttl <= 2 * 86_400, `expires within 2 days (ttl ${ttl})`);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
