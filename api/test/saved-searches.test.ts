/**
 * Saved searches and their alerts (docs/product.md §30, ADR 0035), against a real SMTP server
 * (`smtp-server`) with an injected clock for the time windows: the owner-only API, the 20 limit,
 * filters checked by the list route's own schema and messages, matching (never the owner's own,
 * hidden, suspended or sold listings; never the same listing twice for one saved search), the
 * 15-minute batching window, the 18:00 Africa/Nairobi daily digest (its pg-boss schedule, and its
 * job run at an injected 18:00), a failing job retried, the new-match count and the one-click
 * unsubscribe. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { ALERT_QUEUES, DIGEST_CRON, DIGEST_TZ } from '../src/saved-searches/alerts.ts';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_LIMIT_MESSAGE,
  unsubscribeTokens,
} from '../src/saved-searches/service.ts';
import { insertProduct, insertService } from './fixtures.ts';
import { buildTestApp, ENGINES, json } from './helper.ts';
import { linkIn, pathOf, startMailServer, type TestMailServer } from './mail-server.ts';
import { type Account, account, jpeg, sendForm } from './selling-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('unsubscribe tokens', () => {
  it('verify what they signed and nothing else', () => {
    const tokens = unsubscribeTokens('secret-one-secret-one-secret-one');
    const id = '0b0c3c1e-4a55-4f5e-9a1a-1a2b3c4d5e6f';
    const user = '5f0c3c1e-4a55-4f5e-9a1a-1a2b3c4d5e6f';
    const token = tokens.sign(user, [id]);
    assert.deepEqual(tokens.verify(token), { userId: user, searchIds: [id] });
    assert.equal(tokens.verify(tokens.sign('not-a-uuid', [id])), null);
    assert.equal(unsubscribeTokens('another-secret-another-secret').verify(token), null);
    const [payload] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', s: [id] })).toString('base64url');
    assert.equal(tokens.verify(`${forged}.${token.split('.')[1]}`), null);
    assert.equal(tokens.verify(`${payload}`), null);
    assert.equal(tokens.verify('garbage'), null);
  });
});

for (const engine of ENGINES) {
  describe(`saved searches [${engine}]`, () => {
    let app: FastifyInstance;
    let smtp: TestMailServer;
    const clock = { t: Date.parse('2026-11-28T06:00:00Z') }; // 09:00 in Nairobi
    const now = () => new Date(clock.t);
    const timers = { now, pollMs: 3_600_000 };

    before(async () => {
      smtp = await startMailServer();
      app = await buildTestApp(engine, {
        env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://campus.test' },
        outbox: timers,
        savedSearchAlerts: { ...timers, alertDelayMs: MINUTE },
      });
    });
    after(async () => {
      await app?.close();
      await smtp?.close();
    });

    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Account, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
    const save = (who: Account, body: Record<string, unknown>) =>
      api('POST', '/saved-searches', who, { name: 'My search', kind: 'products', alert: 'instant', ...body });
    /** Runs the alert jobs due by the clock (matcher, instant alerts), then the outbox. */
    const settle = async () => {
      await app.savedSearchAlerts.drain();
      await app.outbox.drain();
    };
    /** A product listed by `seller` that went live now (the listing write's hook). */
    const listProduct = async (
      seller: Account,
      values: Omit<Parameters<typeof insertProduct>[1], 'seller_id'>,
    ) => {
      const row = await insertProduct(app.db, { seller_id: seller.user.id, ...values });
      await app.savedSearchAlerts.listingLive('products', row.id);
      return row;
    };

    it('lets a signed-in student save, list, rename, change the alert and delete; others get 403, guests 401', async () => {
      const owner = await account(app);
      const other = await account(app);
      const created = await save(owner, {
        name: '  Cheap fridge ',
        filters: { search: ' fridge ', maxPrice: '15000', page: 3 },
      });
      assert.equal(created.statusCode, 201, created.body);
      const saved = json(created).data.savedSearch;
      assert.equal(saved.name, 'Cheap fridge');
      assert.deepEqual(saved.filters, { search: 'fridge', maxPrice: 15000 });
      assert.equal(saved.listUrl, '/products?search=fridge&maxPrice=15000');
      assert.equal(saved.alert, 'instant');
      assert.equal(saved.newMatches, 0);

      assert.equal((await api('GET', '/saved-searches')).statusCode, 401);
      assert.equal(
        (await api('POST', '/saved-searches', undefined, { name: 'x', kind: 'products', filters: {} }))
          .statusCode,
        401,
      );
      const mine = json(await api('GET', '/saved-searches', owner)).data.savedSearches;
      assert.deepEqual(
        mine.map((s: { _id: string }) => s._id),
        [saved._id],
      );
      assert.deepEqual(json(await api('GET', '/saved-searches', other)).data.savedSearches, []);

      const forbidden = await api('PATCH', `/saved-searches/${saved._id}`, other, { name: 'Mine now' });
      assert.equal(forbidden.statusCode, 403);
      assert.equal((await api('DELETE', `/saved-searches/${saved._id}`, other)).statusCode, 403);
      assert.equal(
        (await api('PATCH', '/saved-searches/00000000-0000-4000-8000-000000000000', owner, { name: 'x' }))
          .statusCode,
        404,
      );
      assert.equal((await api('PATCH', '/saved-searches/not-an-id', owner, { name: 'x' })).statusCode, 404);
      assert.equal((await api('PATCH', `/saved-searches/${saved._id}`, owner, {})).statusCode, 400);
      assert.equal(
        (await api('PATCH', `/saved-searches/${saved._id}`, owner, { alert: 'weekly' })).statusCode,
        400,
      );

      const edited = await api('PATCH', `/saved-searches/${saved._id}`, owner, {
        name: 'Fridge',
        alert: 'daily',
      });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(json(edited).data.savedSearch.name, 'Fridge');
      assert.equal(json(edited).data.savedSearch.alert, 'daily');

      assert.equal((await api('DELETE', `/saved-searches/${saved._id}`, owner)).statusCode, 204);
      assert.equal((await api('DELETE', `/saved-searches/${saved._id}`, owner)).statusCode, 404);
      assert.deepEqual(json(await api('GET', '/saved-searches', owner)).data.savedSearches, []);
    });

    it("answers bad filters with the list route's own 400 messages, and keeps only the list's filters", async () => {
      const student = await account(app);
      const cases: [Record<string, unknown>, string][] = [
        [{ minPrice: -5 }, 'minPrice=-5'],
        [{ category: 'Spaceships' }, 'category=Spaceships'],
        [{ condition: 'broken' }, 'condition=broken'],
        [{ minPrice: 500, maxPrice: 100 }, 'minPrice=500&maxPrice=100'],
        [{ university: 'Hogwarts' }, 'university=Hogwarts'],
        [{ sort: 'cheapest' }, 'sort=cheapest'],
      ];
      for (const [filters, query] of cases) {
        const list = await app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
        assert.equal(list.statusCode, 400, query);
        const saved = await save(student, { filters });
        assert.equal(saved.statusCode, 400, query);
        assert.equal(json(saved).message, json(list).message, query);
      }
      // Services have their own categories and no condition.
      const service = await save(student, { kind: 'services', filters: { category: 'Electronics' } });
      assert.equal(service.statusCode, 400);
      const kept = await save(student, {
        kind: 'services',
        filters: {
          category: 'Art',
          condition: 'new',
          unknown: 'x',
          university: 'university of nairobi',
          verifiedOnly: 'true',
        },
      });
      assert.equal(kept.statusCode, 201, kept.body);
      assert.deepEqual(json(kept).data.savedSearch.filters, {
        category: 'Art',
        university: 'University of Nairobi',
        verifiedOnly: true,
      });
      assert.equal((await save(student, { kind: 'cars', filters: {} })).statusCode, 400);
      assert.equal((await save(student, { name: '', filters: {} })).statusCode, 400);
      assert.equal((await save(student, { name: '   ', filters: {} })).statusCode, 400);
      assert.equal((await save(student, { filters: 'search=fridge' })).statusCode, 400);
    });

    it(`keeps at most ${MAX_SAVED_SEARCHES} saved searches per student (409 with a clear message)`, async () => {
      const student = await account(app);
      const saves = await Promise.all(
        Array.from({ length: MAX_SAVED_SEARCHES + 3 }, (_, i) =>
          save(student, { name: `Search ${i}`, filters: { search: `w${i}` } }),
        ),
      );
      assert.equal(saves.filter((r) => r.statusCode === 201).length, MAX_SAVED_SEARCHES);
      const refused = saves.filter((r) => r.statusCode !== 201);
      assert.equal(refused.length, 3);
      for (const r of refused) {
        assert.equal(r.statusCode, 409);
        assert.equal(json(r).message, SAVED_SEARCH_LIMIT_MESSAGE);
      }
      const other = await account(app);
      assert.equal((await save(other, { filters: {} })).statusCode, 201);
    });

    it('mails an instant alert for a matching listing made through the API, with its title, price, campus, photo, link and unsubscribe headers', async () => {
      const buyer = await account(app, { first_name: 'Achieng' });
      const seller = await account(app, { university: 'Kenyatta University' });
      const saved = json(
        await save(buyer, { name: 'Fridge', filters: { search: 'fridge', maxPrice: 20000 } }),
      ).data.savedSearch;
      const before = smtp.mailsTo(buyer.user.email).length;
      clock.t += 1000;
      const made = await sendForm(
        app,
        'POST',
        '/products',
        {
          title: 'Mini fridge, 90 litres',
          description: 'Works well, moving out of the hostel.',
          price: '12500',
          category: 'Dorm Room Essentials',
          coverImage: await jpeg(),
        },
        seller,
      );
      assert.equal(made.statusCode, 201, made.body);
      const productId = json(made).data.product._id;
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, before, 'not before the alert delay');
      clock.t += MINUTE;
      await settle();
      const mail = await smtp.waitFor(buyer.user.email, { since: before });
      assert.match(mail.subject, /1 new match for "Fridge"/);
      assert.match(mail.text, /Mini fridge, 90 litres: Kes 12,500\.00, Kenyatta University \(Fridge\)/);
      assert.ok(mail.text.includes(`http://campus.test/products/${productId}`));
      assert.match(mail.html, /<img src="http:\/\/campus\.test\/uploads\/[^"]+"/);
      assert.ok(mail.text.includes('http://campus.test/app/saved-searches'));
      const header = (name: string) =>
        (mail.parsed.headerLines.find((line) => line.key === name)?.line ?? '').replace(/\r\n\s+/g, ' ');
      assert.match(
        header('list-unsubscribe'),
        /^List-Unsubscribe: +<http:\/\/campus\.test\/api\/v1\/saved-searches\/unsubscribe\?token=[\w.-]+>$/,
      );
      assert.equal(header('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      // The in-app count shows the same match until the student looks.
      const listed = json(await api('GET', '/saved-searches', buyer)).data.savedSearches[0];
      assert.equal(listed.newMatches, 1);
      const seen = await api('PATCH', `/saved-searches/${saved._id}`, buyer, { seen: true });
      assert.equal(json(seen).data.savedSearch.newMatches, 0);
    });

    it("never mails the student's own, hidden, suspended-owner or sold listings, nor a listing twice for one saved search", async () => {
      const buyer = await account(app);
      const seller = await account(app);
      const suspended = await account(app, { suspended_at: new Date() });
      await save(buyer, { name: 'Laptops', filters: { search: 'laptop' } });
      const start = smtp.mailsTo(buyer.user.email).length;
      await listProduct(buyer, { title: 'My own laptop' });
      await listProduct(seller, { title: 'Hidden laptop', moderation: 'hidden' });
      await listProduct(seller, { title: 'Sold laptop', status: 'sold' });
      await listProduct(suspended, { title: 'Suspended laptop', owner_suspended: true });
      await listProduct(seller, { title: 'Desk lamp' });
      const good = await listProduct(seller, { title: 'HP laptop 840' });
      // The same listing going live again (e.g. back to available) is no new match.
      await app.savedSearchAlerts.listingLive('products', good.id);
      await settle();
      clock.t += MINUTE;
      await settle();
      const mails = smtp.mailsTo(buyer.user.email).slice(start);
      assert.equal(mails.length, 1);
      assert.match(mails[0]?.text ?? '', /HP laptop 840/);
      for (const title of [
        'My own laptop',
        'Hidden laptop',
        'Sold laptop',
        'Suspended laptop',
        'Desk lamp',
      ]) {
        assert.ok(!mails[0]?.text.includes(title), title);
      }
      // Sold back to available, 20 minutes later: already matched, never mailed again.
      clock.t += 20 * MINUTE;
      await app.savedSearchAlerts.listingLive('products', good.id);
      await settle();
      clock.t += 20 * MINUTE;
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start + 1);
      // A listing hidden after it matched and before the mail goes is left out.
      const later = await listProduct(seller, { title: 'Dell laptop' });
      await settle();
      await app.db.updateTable('products').set({ moderation: 'hidden' }).where('id', '=', later.id).execute();
      clock.t += MINUTE;
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start + 1);
    });

    it('batches instant alerts: at most one mail per student per 15 minutes, listing every new match', async () => {
      const buyer = await account(app);
      const seller = await account(app);
      await save(buyer, { name: 'Textbooks', filters: { category: 'Textbooks and Study Materials' } });
      await save(buyer, { name: 'Calculators', filters: { search: 'calculator' } });
      const start = smtp.mailsTo(buyer.user.email).length;
      await listProduct(seller, { title: 'Organic chemistry', category: 'Textbooks and Study Materials' });
      await settle();
      clock.t += 30_000;
      await listProduct(seller, { title: 'Scientific calculator' });
      await settle();
      clock.t += 30_000;
      await settle();
      const first = smtp.mailsTo(buyer.user.email).slice(start);
      assert.equal(first.length, 1);
      assert.match(first[0]?.text ?? '', /Organic chemistry/);
      assert.match(first[0]?.text ?? '', /Scientific calculator/);
      assert.match(first[0]?.subject ?? '', /2 new matches for "Textbooks" and 1 more saved search/);

      // Two more matches 2 and 5 minutes later: one mail, 15 minutes after the first.
      clock.t += 2 * MINUTE;
      await listProduct(seller, { title: 'Linear algebra', category: 'Textbooks and Study Materials' });
      await settle();
      clock.t += 3 * MINUTE;
      await listProduct(seller, { title: 'Calculator Casio', category: 'Electronics' });
      await settle();
      clock.t += 5 * MINUTE; // 10 minutes after the first mail
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start + 1);
      clock.t += 5 * MINUTE; // 15 minutes after the first mail
      await settle();
      const second = smtp.mailsTo(buyer.user.email).slice(start + 1);
      assert.equal(second.length, 1);
      assert.match(second[0]?.text ?? '', /Linear algebra/);
      assert.match(second[0]?.text ?? '', /Calculator Casio/);
      assert.ok(!second[0]?.text.includes('Organic chemistry'));
    });

    it('sends daily alerts from the 18:00 Africa/Nairobi schedule, when there is something new', async () => {
      const schedules = await app.jobs.boss.getSchedules();
      // pg-boss's row has the time zone as `timezone` (its typings leave it out).
      const digest = schedules.find((schedule) => schedule.name === ALERT_QUEUES.daily) as
        | (PgBoss.Schedule & { timezone: string })
        | undefined;
      assert.deepEqual(
        { cron: digest?.cron, timezone: digest?.timezone },
        { cron: '0 18 * * *', timezone: 'Africa/Nairobi' },
      );
      assert.deepEqual([DIGEST_CRON, DIGEST_TZ], ['0 18 * * *', 'Africa/Nairobi']);
      /** What pg-boss's cron does at 18:00 Nairobi: the schedule's job, with its options. */
      const eighteenHundred = () => app.jobs.boss.send(ALERT_QUEUES.daily, {}, digest?.options ?? {});

      const buyer = await account(app);
      const seller = await account(app);
      const quiet = await account(app);
      await save(buyer, {
        name: 'Tutors',
        kind: 'services',
        alert: 'daily',
        filters: { category: 'Tutoring and Academic Support' },
      });
      await save(quiet, {
        name: 'Photos',
        kind: 'services',
        alert: 'daily',
        filters: { category: 'Photography' },
      });
      // Move the clock to 17:30 Nairobi (UTC+3, no summer time) on the next day.
      const day = new Date(clock.t + 3 * HOUR + 24 * HOUR).toISOString().slice(0, 10);
      clock.t = Date.parse(`${day}T14:30:00Z`);
      const start = smtp.mailsTo(buyer.user.email).length;
      const service = await insertService(app.db, {
        provider_id: seller.user.id,
        name: 'Maths tutor',
        category: 'Tutoring and Academic Support',
      });
      await app.savedSearchAlerts.listingLive('services', service.id);
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start, 'daily: no instant mail');
      clock.t += 30 * MINUTE; // 18:00 Nairobi
      await eighteenHundred();
      await settle();
      const mails = smtp.mailsTo(buyer.user.email).slice(start);
      assert.equal(mails.length, 1);
      assert.match(mails[0]?.subject ?? '', /today/);
      assert.match(mails[0]?.text ?? '', /Maths tutor/);
      assert.ok(mails[0]?.text.includes(`http://campus.test/services/${service.id}`));
      assert.equal(smtp.mailsTo(quiet.user.email).length, 0, 'nothing new: no digest');
      // Later the same evening a new match waits for the next day's digest.
      const another = await insertService(app.db, {
        provider_id: seller.user.id,
        name: 'Physics tutor',
        category: 'Tutoring and Academic Support',
      });
      await app.savedSearchAlerts.listingLive('services', another.id);
      clock.t += 2 * HOUR;
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start + 1);
      // The next day at 18:00 it goes, alone.
      clock.t += 22 * HOUR;
      await eighteenHundred();
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start + 2);
      assert.match(smtp.mailsTo(buyer.user.email)[start + 1]?.text ?? '', /Physics tutor/);
      assert.ok(!smtp.mailsTo(buyer.user.email)[start + 1]?.text.includes('Maths tutor'));
    });

    it('retries a match job whose handler failed (pg-boss retry), matching its listing once', async () => {
      const buyer = await account(app);
      const seller = await account(app);
      await save(buyer, { name: 'Kettles', filters: { search: 'kettle' } });
      const start = smtp.mailsTo(buyer.user.email).length;
      // The matcher's table is away: the job's handler throws and pg-boss keeps it for a retry.
      await sql`ALTER TABLE saved_search_matches RENAME TO saved_search_matches_away`.execute(app.db);
      try {
        await listProduct(seller, { title: 'Electric kettle' });
        await settle();
      } finally {
        await sql`ALTER TABLE saved_search_matches_away RENAME TO saved_search_matches`.execute(app.db);
      }
      const waiting = await sql<{ state: string }>`
        SELECT state FROM pgboss.job WHERE name = ${ALERT_QUEUES.match}
          AND data->>'id' IN (SELECT id::text FROM products WHERE title = 'Electric kettle')`.execute(app.db);
      assert.deepEqual(waiting.rows, [{ state: 'retry' }]);
      await settle();
      clock.t += MINUTE;
      await settle();
      const mails = smtp.mailsTo(buyer.user.email).slice(start);
      assert.equal(mails.length, 1);
      assert.match(mails[0]?.text ?? '', /Electric kettle/);
    });

    it('unsubscribes in one click without login (RFC 8058 POST and the page button); later matches send nothing', async () => {
      const buyer = await account(app);
      const seller = await account(app);
      const saved = json(await save(buyer, { name: 'Bikes', filters: { search: 'bicycle' } })).data
        .savedSearch;
      const start = smtp.mailsTo(buyer.user.email).length;
      clock.t += HOUR;
      await listProduct(seller, { title: 'Mountain bicycle' });
      await settle();
      clock.t += MINUTE;
      await settle();
      const mail = await smtp.waitFor(buyer.user.email, { since: start });
      const link = pathOf(linkIn(mail, '/api/v1/saved-searches/unsubscribe'));

      const page = await app.inject({ method: 'GET', url: link });
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /text\/html/);
      assert.match(page.body, /<form method="post"/);
      assert.equal(
        json(await api('GET', '/saved-searches', buyer)).data.savedSearches[0].alert,
        'instant',
        'GET changes nothing',
      );

      const oneClick = await app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(oneClick.statusCode, 200, oneClick.body);
      assert.match(oneClick.body, /Alerts turned off/);
      const after = json(await api('GET', '/saved-searches', buyer)).data.savedSearches[0];
      assert.equal(after._id, saved._id);
      assert.equal(after.alert, 'off');
      // Again (the button after the header): still fine.
      assert.equal((await app.inject({ method: 'POST', url: link })).statusCode, 200);

      clock.t += HOUR;
      await listProduct(seller, { title: 'Road bicycle' });
      await settle();
      clock.t += HOUR;
      await settle();
      assert.equal(smtp.mailsTo(buyer.user.email).length, start + 1);
      // The in-app count still shows the match.
      assert.equal(json(await api('GET', '/saved-searches', buyer)).data.savedSearches[0].newMatches, 2);

      const forged = await app.inject({
        method: 'POST',
        url: '/api/v1/saved-searches/unsubscribe?token=abc.def',
      });
      assert.equal(forged.statusCode, 400);
      assert.match(forged.body, /not valid/);
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/v1/saved-searches/unsubscribe?token=abc.def' }))
          .statusCode,
        400,
      );
    });
  });
}
