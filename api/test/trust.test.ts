/**
 * Trust and safety (docs/product.md §19) through the real API on PGlite and PostgreSQL: reports (idempotent,
 * self-report refused, 400/401/404), the automatic hold by report weight (ADR 0028: account age,
 * networks, dismissed and upheld history, restores, report rings),
 * the public visibility rule on every public read (lists, counts, detail, search, shop pages)
 * with the owner still seeing the listing, the moderation desk (non-admin 403 on every route,
 * dismiss, hide with the owner's mail, restore, suspend/unsuspend with tokens and login refused),
 * audit rows written in the action's own transaction, ADMIN_EMAILS, `npm run admin`, and the
 * verified-student badge and filter.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hash as argonHash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authRepository } from '../src/auth/repository.ts';
import { newLinkToken } from '../src/auth/tokens.ts';
import { parseAdminEmails } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runAdminCommand } from '../src/scripts/admin.ts';
import { isVerifiedStudent, webDomain } from '../src/users/verified-student.ts';
import { insertProduct, insertService, insertShop, insertUser } from './fixtures.ts';
import { createThrowawayPostgres, ENGINES, forEachEngine, json } from './helper.ts';
import { type Account, account } from './selling-helpers.ts';

const THANKS = 'Thanks — our moderators will review this.';
const SUSPENDED = 'This account is suspended. Contact support.';
const PASSWORD = 'Campus-Soko-2024!';

/** A client address of its own for each account (10.x.y.z from its id), so reporters differ in network. */
function addressOf(who: Account | null): string {
  if (!who) return '127.0.0.1';
  const hex = who.user.id.replace(/-/g, '');
  return `10.${Number.parseInt(hex.slice(0, 2), 16)}.${Number.parseInt(hex.slice(2, 4), 16)}.${Number.parseInt(hex.slice(4, 6), 16)}`;
}

/** `POST /reports` as `who`, from `address` (default: the account's own, {@link addressOf}). */
function report(
  app: FastifyInstance,
  who: Account | null,
  body: Record<string, unknown>,
  address = addressOf(who),
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    headers: who ? who.auth : {},
    payload: body,
    remoteAddress: address,
  });
}

const HOUR_MS = 3_600_000;

/** A verified account created `ageHours` ago (reports count towards a hold from 72 hours on, ADR 0028). */
function reporter(app: FastifyInstance, ageHours = 96): Promise<Account> {
  return account(app, { created_at: new Date(Date.now() - ageHours * HOUR_MS) });
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

const post = (app: FastifyInstance, url: string, who: Account, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.auth, payload });

/** The .eml files in the app's outbox whose text contains `needle`. */
async function mailsContaining(app: FastifyInstance, needle: string): Promise<string[]> {
  const files = await readdir(app.config.outboxDir).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(path.join(app.config.outboxDir, f), 'utf8')));
  return texts.filter((text) => text.includes(needle));
}

/** Three verified reporters whose accounts are old enough to count. */
async function reporters(app: FastifyInstance): Promise<Account[]> {
  return Promise.all([reporter(app), reporter(app), reporter(app)]);
}

/** Is the product visible on every public read? Checks list, count, detail, search, shop page agree. */
async function publicView(
  app: FastifyInstance,
  product: { id: string; title: string; shop_id: string | null },
) {
  const list = json(await get(app, '/products?limit=50')).data.products.map((p: { _id: string }) => p._id);
  const search = json(
    await get(app, `/products?search=${encodeURIComponent(product.title)}`),
  ).data.products.map((p: { _id: string }) => p._id);
  const detail = (await get(app, `/products/${product.id}`)).statusCode;
  const shop = product.shop_id
    ? json(await get(app, `/shops/${product.shop_id}/products`)).data.products.map(
        (p: { _id: string }) => p._id,
      )
    : [];
  return {
    inList: list.includes(product.id),
    inSearch: search.includes(product.id),
    detail,
    inShop: shop.includes(product.id),
    count: json(await get(app, '/products/get-products-count')).results as number,
  };
}

describe('verified-student rule (§19.5)', () => {
  const uon = 'University of Nairobi';
  it('strips scheme and www. from the university url', () => {
    assert.equal(webDomain('https://www.uonbi.ac.ke'), 'uonbi.ac.ke');
    assert.equal(webDomain('http://ku.ac.ke/'), 'ku.ac.ke');
  });
  it('true for the exact domain and a subdomain, false for unrelated, look-alike, gmail and unverified', () => {
    assert.equal(isVerifiedStudent({ email: 'a@uonbi.ac.ke', university: uon, emailVerified: true }), true);
    assert.equal(
      isVerifiedStudent({ email: 'a@students.uonbi.ac.ke', university: uon, emailVerified: true }),
      true,
    );
    assert.equal(
      isVerifiedStudent({ email: 'a@STUDENTS.UONBI.AC.KE', university: uon, emailVerified: true }),
      true,
    );
    assert.equal(isVerifiedStudent({ email: 'a@ku.ac.ke', university: uon, emailVerified: true }), false);
    assert.equal(
      isVerifiedStudent({ email: 'a@notuonbi.ac.ke', university: uon, emailVerified: true }),
      false,
    );
    assert.equal(isVerifiedStudent({ email: 'a@gmail.com', university: uon, emailVerified: true }), false);
    assert.equal(isVerifiedStudent({ email: 'a@uonbi.ac.ke', university: uon, emailVerified: false }), false);
    assert.equal(
      isVerifiedStudent({ email: 'a@uonbi.ac.ke', university: 'Nowhere College', emailVerified: true }),
      false,
    );
  });
  it('ADMIN_EMAILS is parsed to lower-case addresses without blanks or repeats', () => {
    assert.deepEqual(parseAdminEmails(' A@x.ke, b@y.ke ,a@X.ke,'), ['a@x.ke', 'b@y.ke']);
    assert.deepEqual(parseAdminEmails(undefined), []);
  });
});

forEachEngine('reports', (ctx) => {
  let owner: Account;
  let product: Awaited<ReturnType<typeof insertProduct>>;
  before(async () => {
    owner = await account(ctx.app);
    product = await insertProduct(ctx.app.db, { seller_id: owner.user.id, title: 'Casio calculator' });
  });

  it('201 with the report and the thanks message; repeating it is 200 with the same report', async () => {
    const me = await account(ctx.app);
    const first = await report(ctx.app, me, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: ' Asked for M-Pesa first ',
    });
    assert.equal(first.statusCode, 201);
    const body = json(first);
    assert.equal(body.status, 'success');
    assert.equal(body.data.message, THANKS);
    assert.equal(body.data.report.reason, 'scam');
    assert.equal(body.data.report.details, 'Asked for M-Pesa first');
    assert.equal(body.data.report.status, 'open');
    const again = await report(ctx.app, me, { targetType: 'product', targetId: product.id, reason: 'spam' });
    assert.equal(again.statusCode, 200);
    assert.equal(json(again).data.report._id, body.data.report._id);
    const rows = await ctx.app.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', me.user.id)
      .execute();
    assert.equal(rows.length, 1);
  });

  it('reports services, shops and users too', async () => {
    const me = await account(ctx.app);
    const service = await insertService(ctx.app.db, { provider_id: owner.user.id });
    const shop = await insertShop(ctx.app.db, { owner_id: owner.user.id });
    for (const [targetType, targetId] of [
      ['service', service.id],
      ['shop', shop.id],
      ['user', owner.user.id],
    ]) {
      const answer = await report(ctx.app, me, { targetType, targetId, reason: 'other' });
      assert.equal(answer.statusCode, 201, `${targetType}: ${answer.body}`);
    }
  });

  it('refuses a report of one’s own listing or oneself (403)', async () => {
    const own = await report(ctx.app, owner, { targetType: 'product', targetId: product.id, reason: 'spam' });
    assert.equal(own.statusCode, 403);
    assert.equal(json(own).message, 'You cannot report your own listing or account.');
    const self = await report(ctx.app, owner, {
      targetType: 'user',
      targetId: owner.user.id,
      reason: 'spam',
    });
    assert.equal(self.statusCode, 403);
  });

  it('400 for an unknown reason or type, or details over 500 characters; 401 for a guest; 404 unknown target', async () => {
    const me = await account(ctx.app);
    const badReason = await report(ctx.app, me, {
      targetType: 'product',
      targetId: product.id,
      reason: 'ugly',
    });
    assert.equal(badReason.statusCode, 400);
    assert.equal(json(badReason).status, 'fail');
    const badType = await report(ctx.app, me, { targetType: 'event', targetId: product.id, reason: 'scam' });
    assert.equal(badType.statusCode, 400);
    const long = await report(ctx.app, me, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: 'x'.repeat(501),
    });
    assert.equal(long.statusCode, 400);
    const guest = await report(ctx.app, null, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
    });
    assert.equal(guest.statusCode, 401);
    const unknown = await report(ctx.app, me, {
      targetType: 'product',
      targetId: '00000000-0000-4000-8000-000000000000',
      reason: 'scam',
    });
    assert.equal(unknown.statusCode, 404);
    assert.equal(json(unknown).message, 'Product not found');
    const malformed = await report(ctx.app, me, { targetType: 'shop', targetId: 'nope', reason: 'scam' });
    assert.equal(malformed.statusCode, 404);
  });

  it('an unverified account cannot report (403)', async () => {
    const unverified = await account(ctx.app, { verified: false });
    const answer = await report(ctx.app, unverified, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
    });
    assert.equal(answer.statusCode, 403);
  });
});

forEachEngine('automatic hold and the public visibility rule', (ctx) => {
  it('one user reporting three times does not hold; the third distinct reporter does, everywhere public', async () => {
    const { app } = ctx;
    const owner = await account(app);
    const shop = await insertShop(app.db, { owner_id: owner.user.id });
    const product = await insertProduct(app.db, {
      seller_id: owner.user.id,
      shop_id: shop.id,
      title: 'Scientific calculator',
    });
    const before = await publicView(app, product);
    assert.deepEqual(
      { ...before, count: undefined },
      { inList: true, inSearch: true, detail: 200, inShop: true, count: undefined },
    );

    const [a, b, c] = await reporters(app);
    for (const reason of ['scam', 'spam', 'other']) {
      await report(app, a as Account, { targetType: 'product', targetId: product.id, reason });
    }
    assert.equal((await publicView(app, product)).inList, true, 'one reporter thrice: still listed');
    await report(app, b as Account, { targetType: 'product', targetId: product.id, reason: 'scam' });
    const two = await publicView(app, product);
    assert.equal(two.inList, true, 'two reporters: still listed');
    assert.equal(two.detail, 200);

    const sitemapBefore = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    assert.match(sitemapBefore, new RegExp(`/products/${product.id}`));
    await report(app, c as Account, { targetType: 'product', targetId: product.id, reason: 'scam' });
    const held = await publicView(app, product);
    const sitemapAfter = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    assert.doesNotMatch(sitemapAfter, new RegExp(`/products/${product.id}`), 'gone from the sitemap');
    assert.deepEqual(
      { ...held, count: held.count },
      { inList: false, inSearch: false, detail: 404, inShop: false, count: two.count - 1 },
    );
    const row = await app.db
      .selectFrom('products')
      .select('moderation')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.moderation, 'held');
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', product.id)
      .execute();
    assert.deepEqual(
      audit.map((r) => [r.action, r.actor_id]),
      [['hold', null]],
    );

    // The owner still sees it, marked held.
    const mine = json(await get(app, '/products/mine', owner.auth)).data.products;
    const own = mine.find((p: { _id: string }) => p._id === product.id);
    assert.equal(own?.moderation, 'held');
  });

  it('reporters who are no longer verified do not count towards the hold', async () => {
    const { app } = ctx;
    const owner = await account(app);
    const service = await insertService(app.db, { provider_id: owner.user.id, name: 'Thesis typing' });
    const [a, b, c, d] = await Promise.all([reporter(app), reporter(app), reporter(app), reporter(app)]);
    await report(app, a, { targetType: 'service', targetId: service.id, reason: 'spam' });
    // a's e-mail is no longer verified (e.g. changed): their open report stops counting.
    await app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', a.user.id).execute();
    await report(app, b, { targetType: 'service', targetId: service.id, reason: 'spam' });
    await report(app, c, { targetType: 'service', targetId: service.id, reason: 'spam' });
    const state = () =>
      app.db
        .selectFrom('services')
        .select('moderation')
        .where('id', '=', service.id)
        .executeTakeFirstOrThrow();
    assert.equal((await state()).moderation, 'visible');
    await report(app, d, { targetType: 'service', targetId: service.id, reason: 'spam' });
    assert.equal((await state()).moderation, 'held');
    assert.equal((await get(app, `/services/${service.id}`)).statusCode, 404);
    const list = json(await get(app, '/services')).data.services.map((s: { _id: string }) => s._id);
    assert.equal(list.includes(service.id), false);
    assert.equal(json(await get(app, '/services/get-services-count')).results, 0);
  });

  it('a held shop answers 404 on its page and its product list', async () => {
    const { app } = ctx;
    const owner = await account(app);
    const shop = await insertShop(app.db, { owner_id: owner.user.id, name: 'Dodgy Deals' });
    assert.equal((await get(app, `/shops/${shop.id}`)).statusCode, 200);
    for (const who of await reporters(app)) {
      await report(app, who, { targetType: 'shop', targetId: shop.id, reason: 'scam' });
    }
    assert.equal((await get(app, `/shops/${shop.id}`)).statusCode, 404);
    assert.equal((await get(app, `/shops/${shop.id}/products`)).statusCode, 404);
    const mine = json(await get(app, '/shops/mine', owner.auth)).data.shop;
    assert.equal(mine.moderation, 'held');
  });
});

forEachEngine('reports cannot be weaponised (ADR 0028)', (ctx) => {
  let admin: Account;
  before(async () => {
    admin = await account(ctx.app, { role: 'admin' });
  });

  /** The listing's moderation state. */
  const moderationOf = async (table: 'products' | 'services' | 'shops', id: string) =>
    (await ctx.app.db.selectFrom(table).select('moderation').where('id', '=', id).executeTakeFirstOrThrow())
      .moderation;

  /** A product of a new seller. */
  const listing = async (title = 'Used laptop') => {
    const seller = await account(ctx.app);
    return insertProduct(ctx.app.db, { seller_id: seller.user.id, title });
  };

  const reportProduct = (who: Account, id: string, address?: string) =>
    report(ctx.app, who, { targetType: 'product', targetId: id, reason: 'scam' }, address);

  it('three brand-new accounts cannot hold a listing or a shop; accounts of 72 hours and more can', async () => {
    const { app } = ctx;
    const product = await listing();
    const owner = await account(app);
    const shop = await insertShop(app.db, { owner_id: owner.user.id, name: 'Rival shop' });
    const fresh = await Promise.all([account(app), account(app), account(app)]);
    for (const who of fresh) {
      assert.equal((await reportProduct(who, product.id)).statusCode, 201);
      await report(app, who, { targetType: 'shop', targetId: shop.id, reason: 'scam' });
    }
    assert.equal(await moderationOf('products', product.id), 'visible');
    assert.equal(await moderationOf('shops', shop.id), 'visible');
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 200);

    // Just under 72 hours does not count; just over does.
    const young = await listing();
    for (const who of await Promise.all([reporter(app, 71.9), reporter(app, 71.9), reporter(app, 71.9)])) {
      await reportProduct(who, young.id);
    }
    assert.equal(await moderationOf('products', young.id), 'visible');
    const [a, b, c] = await Promise.all([reporter(app, 72.1), reporter(app, 72.1), reporter(app, 72.1)]);
    await reportProduct(a as Account, young.id);
    await reportProduct(b as Account, young.id);
    assert.equal(await moderationOf('products', young.id), 'visible', 'two counted reporters do not hold');
    await reportProduct(c as Account, young.id);
    assert.equal(await moderationOf('products', young.id), 'held', 'three established students do');
  });

  it('reporters on one network count once', async () => {
    const product = await listing();
    const [a, b, c, d, e] = await Promise.all([
      reporter(ctx.app),
      reporter(ctx.app),
      reporter(ctx.app),
      reporter(ctx.app),
      reporter(ctx.app),
    ]);
    for (const who of [a, b, c]) await reportProduct(who as Account, product.id, '192.0.2.7');
    await reportProduct(d as Account, product.id, '::ffff:198.51.100.4');
    assert.equal(await moderationOf('products', product.id), 'visible', 'two networks weigh 2');
    await reportProduct(e as Account, product.id, '2001:db8:1:2::9');
    assert.equal(await moderationOf('products', product.id), 'held', 'a third network holds');
    const networks = await ctx.app.db
      .selectFrom('reports')
      .select('reporter_network')
      .where('target_id', '=', product.id)
      .execute();
    assert.equal(new Set(networks.map((r) => r.reporter_network)).size, 3);
    assert.ok(networks.every((r) => r.reporter_network && !r.reporter_network.includes('192.0.2.7')));
  });

  it('a reporter with a dismissed report does not count; one with an upheld report weighs more', async () => {
    const { app } = ctx;
    const [careless, b, c, d] = await Promise.all([
      reporter(app),
      reporter(app),
      reporter(app),
      reporter(app),
    ]);
    const earlier = await listing('Honest bicycle');
    const dismissedReport = json(await reportProduct(careless as Account, earlier.id)).data.report;
    assert.equal((await post(app, `/admin/reports/${dismissedReport._id}/dismiss`, admin)).statusCode, 200);
    const target = await listing();
    for (const who of [careless, b, c]) await reportProduct(who as Account, target.id);
    assert.equal(
      await moderationOf('products', target.id),
      'visible',
      'the careless reporter does not count',
    );
    await reportProduct(d as Account, target.id);
    assert.equal(await moderationOf('products', target.id), 'held');

    // Two reporters whose reports a moderator upheld (the target was hidden) hold on their own.
    const [e, f] = await Promise.all([reporter(app), reporter(app)]);
    const scam = await listing('Fake iPhone');
    await reportProduct(e as Account, scam.id);
    await reportProduct(f as Account, scam.id);
    assert.equal(
      (await post(app, `/admin/products/${scam.id}/hide`, admin, { reason: 'Scam' })).statusCode,
      200,
    );
    const next = await listing();
    await reportProduct(e as Account, next.id);
    assert.equal(await moderationOf('products', next.id), 'visible', 'weight 1.5');
    await reportProduct(f as Account, next.id);
    assert.equal(await moderationOf('products', next.id), 'held', 'weight 3');
  });

  it('a listing a moderator restored is not held again by the same reporters, only by new ones', async () => {
    const { app } = ctx;
    const product = await listing();
    const first = await reporters(app);
    for (const who of first) await reportProduct(who, product.id);
    assert.equal(await moderationOf('products', product.id), 'held');
    assert.equal((await post(app, `/admin/products/${product.id}/restore`, admin)).statusCode, 200);
    assert.equal(await moderationOf('products', product.id), 'visible');
    for (const who of first) assert.equal((await reportProduct(who, product.id)).statusCode, 201);
    assert.equal(await moderationOf('products', product.id), 'visible', 'the same reporters again');
    const fresh = await reporters(app);
    await reportProduct(fresh[0] as Account, product.id);
    await reportProduct(fresh[1] as Account, product.id);
    assert.equal(await moderationOf('products', product.id), 'visible');
    await reportProduct(fresh[2] as Account, product.id);
    assert.equal(await moderationOf('products', product.id), 'held', 'three new reporters');
  });

  it('a ring reporting many listings of many sellers is flagged on the desk, its holds released; dismissing the flag', async () => {
    const { app } = ctx;
    const ring = await reporters(app);
    const targets = [];
    for (let i = 0; i < 6; i += 1) targets.push(await listing(`Rival listing ${i}`));
    for (const target of targets) {
      for (const who of ring) assert.equal((await reportProduct(who, target.id)).statusCode, 201);
    }
    for (const target of targets) {
      assert.equal(await moderationOf('products', target.id), 'visible', target.title);
      assert.equal((await get(app, `/products/${target.id}`)).statusCode, 200);
    }
    const releases = await app.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where(
        'target_id',
        'in',
        targets.map((t) => t.id),
      )
      .where('action', '=', 'release')
      .execute();
    assert.equal(releases.length, 4, 'the four listings held before the ring showed were released');
    assert.equal(releases[0]?.reason, 'Its reports came from a flagged report ring');

    const answer = await get(app, '/admin/report-rings', admin.auth);
    assert.equal(answer.statusCode, 200);
    const flags = json(answer).data.rings as {
      _id: string;
      sharedTargets: number;
      members: { _id: string }[];
    }[];
    const ids = ring.map((who) => who.user.id).sort();
    const flag = flags.find(
      (f) =>
        f.members
          .map((m) => m._id)
          .sort()
          .join() === ids.join(),
    );
    assert.ok(flag, 'the ring is on the desk');
    assert.ok(flag.sharedTargets >= 5);

    // While flagged, the ring cannot hold a new listing even with a real fourth reporter.
    const another = await listing('Another rival');
    for (const who of ring) await reportProduct(who, another.id);
    await reportProduct(await reporter(app), another.id);
    assert.equal(await moderationOf('products', another.id), 'visible');

    const dismissed = await post(app, `/admin/report-rings/${flag._id}/dismiss`, admin);
    assert.equal(dismissed.statusCode, 200);
    assert.equal((await post(app, `/admin/report-rings/${flag._id}/dismiss`, admin)).statusCode, 404);
    assert.equal((await post(app, '/admin/report-rings/nope/dismiss', admin)).statusCode, 404);
    const left = json(await get(app, '/admin/report-rings', admin.auth)).data.rings as { _id: string }[];
    assert.equal(
      left.some((f) => f._id === flag._id),
      false,
    );
    const audit = json(await get(app, '/admin/audit', admin.auth)).data.entries as { action: string }[];
    assert.ok(audit.some((e) => e.action === 'dismiss_ring'));
  });
});

forEachEngine('moderation desk', (ctx) => {
  let admin: Account;
  let user: Account;
  before(async () => {
    admin = await account(ctx.app, { role: 'admin', first_name: 'Amina', last_name: 'Moderator' });
    user = await account(ctx.app);
  });

  it('every admin route answers 403 to a signed-in non-admin and 401 to a guest', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/v1/admin/reports?status=open'],
      ['POST', `/api/v1/admin/reports/${id}/dismiss`],
      ['GET', '/api/v1/admin/audit'],
      ['GET', '/api/v1/admin/report-rings'],
      ['POST', `/api/v1/admin/report-rings/${id}/dismiss`],
      ['POST', `/api/v1/admin/users/${id}/suspend`],
      ['POST', `/api/v1/admin/users/${id}/unsuspend`],
    ];
    for (const segment of ['products', 'services', 'shops']) {
      routes.push(
        ['POST', `/api/v1/admin/${segment}/${id}/hide`],
        ['POST', `/api/v1/admin/${segment}/${id}/restore`],
      );
    }
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? { reason: 'test' } : undefined;
      const asUser = await ctx.app.inject({ method: method as 'GET', url, headers: user.auth, payload });
      assert.equal(asUser.statusCode, 403, `${method} ${url}`);
      assert.equal(json(asUser).message, 'Only moderators can do this.');
      const asGuest = await ctx.app.inject({ method: method as 'GET', url, payload });
      assert.equal(asGuest.statusCode, 401, `${method} ${url}`);
    }
  });

  it('lists open reports grouped by target; hide mails the owner, restore brings it back; audit shows both', async () => {
    const { app } = ctx;
    const owner = await account(app, { first_name: 'Otieno', email: `otieno-${Date.now()}@example.com` });
    const product = await insertProduct(app.db, { seller_id: owner.user.id, title: 'Fake AirPods' });
    const [a, b] = await Promise.all([account(app), account(app)]);
    await report(app, a, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: 'Counterfeit',
    });
    await report(app, b, { targetType: 'product', targetId: product.id, reason: 'prohibited' });

    const desk = json(await get(app, '/admin/reports?status=open', admin.auth)).data;
    const group = desk.groups.find((g: { targetId: string }) => g.targetId === product.id);
    assert.ok(group, 'the product is on the desk');
    assert.equal(group.count, 2);
    assert.equal(group.title, 'Fake AirPods');
    assert.equal(group.link, `/products/${product.id}`);
    assert.deepEqual([...group.reasons].sort(), ['prohibited', 'scam']);
    assert.equal(group.reports[1].details, 'Counterfeit');
    assert.equal(group.reports[1].reporter._id, a.user.id);
    assert.equal(group.moderation, 'visible');

    const hidden = await post(app, `/admin/products/${product.id}/hide`, admin, {
      reason: 'Counterfeit goods',
    });
    assert.equal(hidden.statusCode, 200, hidden.body);
    assert.equal(json(hidden).data.mailSent, true);
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 404);
    const mine = json(await get(app, '/products/mine', owner.auth)).data.products[0];
    assert.deepEqual([mine.moderation, mine.moderationReason], ['hidden', 'Counterfeit goods']);
    const mails = await mailsContaining(app, 'Counterfeit goods');
    assert.equal(mails.length, 1);
    assert.match(mails[0] as string, new RegExp(`To: ${owner.user.email}`, 'i'));
    assert.match(mails[0] as string, /Fake AirPods/);
    // Its reports are closed: the open desk no longer lists it, the closed one does.
    const open = json(await get(app, '/admin/reports?status=open', admin.auth)).data.groups;
    assert.equal(
      open.some((g: { targetId: string }) => g.targetId === product.id),
      false,
    );
    const closed = json(await get(app, '/admin/reports?status=closed', admin.auth)).data.groups;
    assert.equal(closed.find((g: { targetId: string }) => g.targetId === product.id)?.moderation, 'hidden');

    const restored = await post(app, `/admin/products/${product.id}/restore`, admin, {});
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 200);
    const list = json(await get(app, '/products?limit=50')).data.products.map((p: { _id: string }) => p._id);
    assert.ok(list.includes(product.id));

    const audit = json(await get(app, '/admin/audit', admin.auth)).data.entries.filter(
      (e: { targetId: string }) => e.targetId === product.id,
    );
    assert.deepEqual(
      audit.map((e: { action: string }) => e.action),
      ['restore', 'hide'],
    );
    assert.equal(audit[1].actor._id, admin.user.id);
    assert.equal(audit[1].reason, 'Counterfeit goods');
  });

  it('dismissing reports of a held listing below 3 reporters makes it public again', async () => {
    const { app } = ctx;
    const owner = await account(app);
    const product = await insertProduct(app.db, { seller_id: owner.user.id, title: 'Textbook bundle' });
    for (const who of await reporters(app)) {
      await report(app, who, { targetType: 'product', targetId: product.id, reason: 'spam' });
    }
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 404);
    const reportRow = await app.db
      .selectFrom('reports')
      .select('id')
      .where('target_id', '=', product.id)
      .executeTakeFirstOrThrow();
    const dismissed = await post(app, `/admin/reports/${reportRow.id}/dismiss`, admin);
    assert.equal(dismissed.statusCode, 200);
    assert.equal(json(dismissed).data.released, true);
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 200);
    const again = await post(app, `/admin/reports/${reportRow.id}/dismiss`, admin);
    assert.equal(again.statusCode, 404);
  });

  it('hide needs a reason (400) and a known listing (404)', async () => {
    const noReason = await post(
      ctx.app,
      '/admin/services/00000000-0000-4000-8000-000000000000/hide',
      admin,
      {},
    );
    assert.equal(noReason.statusCode, 400);
    const unknown = await post(ctx.app, '/admin/services/00000000-0000-4000-8000-000000000000/hide', admin, {
      reason: 'x',
    });
    assert.equal(unknown.statusCode, 404);
  });

  it('suspension: old token refused, login refused with the message, listings hidden; unsuspend undoes it but old tokens stay refused', async () => {
    const { app } = ctx;
    const email = `scammer-${Date.now()}@example.com`;
    const target = await account(app, { email, password_hash: await argonHash(PASSWORD) });
    const product = await insertProduct(app.db, { seller_id: target.user.id, title: 'Too good to be true' });
    const shop = await insertShop(app.db, { owner_id: target.user.id });
    assert.equal((await get(app, '/users/me', target.auth)).statusCode, 200);

    const suspended = await post(app, `/admin/users/${target.user.id}/suspend`, admin, {
      reason: 'Repeated scams',
    });
    assert.equal(suspended.statusCode, 200, suspended.body);
    assert.equal(json(suspended).data.mailSent, true);
    assert.equal((await mailsContaining(app, 'Repeated scams')).length, 1);

    const me = await get(app, '/users/me', target.auth);
    assert.equal(me.statusCode, 401);
    assert.equal(json(me).message, SUSPENDED);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    assert.equal(login.statusCode, 403);
    assert.equal(json(login).message, SUSPENDED);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'wrong-password-1' },
    });
    assert.equal(wrong.statusCode, 401, 'the suspension is told only to someone who knows the password');
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 404);
    assert.equal((await get(app, `/shops/${shop.id}`)).statusCode, 404);

    const self = await post(app, `/admin/users/${admin.user.id}/suspend`, admin, { reason: 'oops' });
    assert.equal(self.statusCode, 400);

    const lifted = await post(app, `/admin/users/${target.user.id}/unsuspend`, admin, {});
    assert.equal(lifted.statusCode, 200);
    // A token from before the suspension stays refused (ADR 0031); a new login works.
    assert.equal((await get(app, '/users/me', target.auth)).statusCode, 401);
    const relogin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    assert.equal(relogin.statusCode, 200);
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 200);
    const actions = (
      await app.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', target.user.id)
        .orderBy('created_at')
        .execute()
    ).map((r) => r.action);
    assert.deepEqual(actions, ['suspend', 'unsuspend']);
  });

  it('audit rows are written in the action’s transaction: when the audit insert fails, the action is undone', async () => {
    const { app } = ctx;
    const owner = await account(app);
    const product = await insertProduct(app.db, { seller_id: owner.user.id, title: 'Rollback test' });
    const reporter = await account(app);
    await report(app, reporter, { targetType: 'product', targetId: product.id, reason: 'scam' });
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`.execute(
      app.db,
    );
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`.execute(
      app.db,
    );
    try {
      const hide = await post(app, `/admin/products/${product.id}/hide`, admin, { reason: 'Scam' });
      assert.equal(hide.statusCode, 500);
      const suspend = await post(app, `/admin/users/${owner.user.id}/suspend`, admin, { reason: 'Scam' });
      assert.equal(suspend.statusCode, 500);
    } finally {
      await sql`DROP TRIGGER refuse_audit ON audit_log`.execute(app.db);
      await sql`DROP FUNCTION refuse_audit()`.execute(app.db);
    }
    const row = await app.db
      .selectFrom('products')
      .select(['moderation', 'owner_suspended'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { moderation: 'visible', owner_suspended: false });
    const user = await app.db
      .selectFrom('users')
      .select('suspended_at')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    assert.equal(user.suspended_at, null);
    const open = await app.db
      .selectFrom('reports')
      .select('status')
      .where('target_id', '=', product.id)
      .executeTakeFirstOrThrow();
    assert.equal(open.status, 'open');
    assert.equal((await get(app, `/products/${product.id}`)).statusCode, 200);
  });
});

forEachEngine(
  'verified students and ADMIN_EMAILS',
  (ctx) => {
    /** Verifies `user`'s e-mail through the real link route. */
    async function verify(userId: string) {
      const { token, hash } = newLinkToken();
      await authRepository(ctx.app.db).issueToken(
        userId,
        { purpose: 'verify_email', tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) },
        new Date(),
      );
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email/${token}` });
      assert.equal(answer.statusCode, 303);
      assert.match(String(answer.headers.location), /status=success/);
    }

    async function login(email: string) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: PASSWORD },
      });
      assert.equal(answer.statusCode, 200, answer.body);
      return json(answer) as { token: string; user: { role: string; verifiedStudent: boolean } };
    }

    it('badge true for a subdomain and the exact domain, false for an unrelated domain and gmail, on verify and login', async () => {
      const cases: [string, boolean][] = [
        [`s1-${Date.now()}@students.uonbi.ac.ke`, true],
        [`s2-${Date.now()}@uonbi.ac.ke`, true],
        [`s3-${Date.now()}@ku.ac.ke`, false],
        [`s4-${Date.now()}@gmail.com`, false],
      ];
      for (const [email, expected] of cases) {
        const user = await insertUser(ctx.app.db, {
          email,
          university: 'University of Nairobi',
          password_hash: await argonHash(PASSWORD),
        });
        assert.equal(user.verified_student, false);
        await verify(user.id);
        const session = await login(email);
        assert.equal(session.user.verifiedStudent, expected, email);
        const me = json(await get(ctx.app, '/users/me', { authorization: `Bearer ${session.token}` })).data
          .user;
        assert.equal(me.verifiedStudent, expected, email);
      }
    });

    it('changing the university re-evaluates the badge; lists carry it and verifiedOnly=true filters on it', async () => {
      const email = `wanjiru-${Date.now()}@students.uonbi.ac.ke`;
      const student = await insertUser(ctx.app.db, {
        email,
        university: 'University of Nairobi',
        password_hash: await argonHash(PASSWORD),
      });
      await verify(student.id);
      const session = await login(email);
      const auth = { authorization: `Bearer ${session.token}` };
      const other = await account(ctx.app, { email: `other-${Date.now()}@gmail.com` });
      const mine = await insertProduct(ctx.app.db, { seller_id: student.id, title: 'Student lamp' });
      const theirs = await insertProduct(ctx.app.db, { seller_id: other.user.id, title: 'Other lamp' });
      const service = await insertService(ctx.app.db, { provider_id: student.id, name: 'Student tutoring' });

      const all = json(await get(ctx.app, '/products?limit=50')).data.products;
      const listed = all.find((p: { _id: string }) => p._id === mine.id);
      assert.deepEqual(
        [listed.seller.verifiedStudent, listed.seller.university],
        [true, 'University of Nairobi'],
      );
      const only = json(await get(ctx.app, '/products?verifiedOnly=true&limit=50')).data;
      const ids = only.products.map((p: { _id: string }) => p._id);
      assert.ok(ids.includes(mine.id));
      assert.ok(!ids.includes(theirs.id));
      assert.ok(
        only.products.every((p: { seller: { verifiedStudent: boolean } }) => p.seller.verifiedStudent),
      );
      const services = json(await get(ctx.app, '/services?verifiedOnly=true')).data.services;
      assert.deepEqual(
        services.map((s: { _id: string }) => s._id),
        [service.id],
      );
      const detail = json(await get(ctx.app, `/products/${mine.id}`)).data.product;
      assert.equal(detail.seller.verifiedStudent, true);

      const moved = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/updateMe',
        headers: auth,
        payload: { university: 'Kenyatta University' },
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal(json(moved).data.user.verifiedStudent, false);
      const after = json(await get(ctx.app, '/products?verifiedOnly=true&limit=50')).data.products.map(
        (p: { _id: string }) => p._id,
      );
      assert.ok(!after.includes(mine.id));
    });

    it('ADMIN_EMAILS makes the account admin when it verifies and when it logs in', async () => {
      const user = await insertUser(ctx.app.db, {
        email: 'Boss@Campus.test',
        password_hash: await argonHash(PASSWORD),
      });
      await verify(user.id);
      const row = await ctx.app.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.role, 'admin');
      // Demoted by hand (npm run admin -- revoke), the next login grants it again: the env list wins.
      await ctx.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
      const session = await login('boss@campus.test');
      assert.equal(session.user.role, 'admin');
      const other = await insertUser(ctx.app.db, {
        email: `nobody-${Date.now()}@campus.test`,
        password_hash: await argonHash(PASSWORD),
      });
      await verify(other.id);
      assert.equal((await login(other.email)).user.role, 'user');
    });
  },
  { env: { ADMIN_EMAILS: 'boss@campus.test, deputy@campus.test' } },
);

describe('ADMIN_EMAILS at start', () => {
  for (const engine of ENGINES) {
    it(`existing verified accounts become admins when the app starts [${engine}]`, async () => {
      const { buildApp } = await import('../src/app.ts');
      const { openTestDatabase, testConfig } = await import('./helper.ts');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-admins-'));
      // A database with the accounts already in it, then an app started with ADMIN_EMAILS.
      const database = await openTestDatabase(engine);
      await migrateToLatest(database.db);
      const verified = await insertUser(database.db, {
        email: 'deputy@campus.test',
        email_verified_at: new Date(),
      });
      const unverified = await insertUser(database.db, {
        email: 'boss@campus.test',
        email_verified_at: null,
      });
      const app = await buildApp(
        testConfig(dataDir, { ADMIN_EMAILS: 'boss@campus.test,DEPUTY@campus.test' }),
        {
          database,
          logger: false,
        },
      );
      try {
        await app.ready();
        const roles = await app.db
          .selectFrom('users')
          .select(['id', 'role'])
          .where('id', 'in', [verified.id, unverified.id])
          .execute();
        const byId = new Map(roles.map((r) => [r.id, r.role]));
        assert.equal(byId.get(verified.id), 'admin');
        assert.equal(byId.get(unverified.id), 'user');
      } finally {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});

describe('npm run admin -- grant|revoke EMAIL', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'campus-admin-cli-'));
    const database = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    await insertUser(database.db, { email: 'Mod@Campus.test' });
    await database.destroy();
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const env = () => ({ DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
  const roleIn = async () => {
    const database = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      return (await database.db.selectFrom('users').select('role').executeTakeFirstOrThrow()).role;
    } finally {
      await database.destroy();
    }
  };

  it('grants and revokes on a stopped embedded database; usage and unknown e-mail fail', async () => {
    assert.deepEqual(await runAdminCommand(['grant', 'mod@campus.test'], env()), {
      code: 0,
      message: 'mod@campus.test is now an admin.',
    });
    assert.equal(await roleIn(), 'admin');
    assert.equal((await runAdminCommand(['revoke', 'MOD@campus.test'], env())).code, 0);
    assert.equal(await roleIn(), 'user');
    assert.equal((await runAdminCommand(['promote', 'mod@campus.test'], env())).code, 1);
    assert.equal((await runAdminCommand(['grant'], env())).code, 1);
    const unknown = await runAdminCommand(['grant', 'nobody@campus.test'], env());
    assert.deepEqual(unknown, { code: 1, message: 'No account has the e-mail nobody@campus.test.' });
  });

  it('with the embedded database in use, changes nothing and says to use ADMIN_EMAILS or stop the server', async () => {
    const running = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const result = await runAdminCommand(['grant', 'mod@campus.test'], env());
      assert.equal(result.code, 1);
      assert.match(result.message, /in use by a running server; nothing was changed/);
      assert.match(result.message, /ADMIN_EMAILS/);
      assert.match(result.message, /stop the server/);
      assert.equal(
        (await running.db.selectFrom('users').select('role').executeTakeFirstOrThrow()).role,
        'user',
      );
    } finally {
      await running.destroy();
    }
  });

  it('grants on PostgreSQL (DATABASE_URL)', {
    skip: !process.env.DATABASE_URL && 'DATABASE_URL not set',
  }, async () => {
    const { url, drop } = await createThrowawayPostgres();
    try {
      const database = await createDatabase({ engine: 'postgres', url });
      await migrateToLatest(database.db);
      const user = await insertUser(database.db, { email: 'pg-mod@campus.test' });
      const result = await runAdminCommand(['grant', 'pg-mod@campus.test'], { ...env(), DATABASE_URL: url });
      assert.equal(result.code, 0, result.message);
      const row = await database.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.role, 'admin');
      await database.destroy();
    } finally {
      await drop();
    }
  });
});
