/**
 * Deals and reviews (docs/product.md §28, ADR 0033): who opened the chat link, claims and their
 * answers (claimed, confirmed, declined, expired), a seller naming the buyer, one rating per side
 * per confirmed deal, replies, the 30-day windows under an injected clock, the stored rating in
 * the seller page, item answers and list cards (hidden reviews leave it), owners only, and a 4xx
 * for every bad input.
 */
import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { insertProduct, insertService } from './fixtures.ts';
import { type EngineContext, forEachEngine, json } from './helper.ts';
import { sentOutboxMails } from './mail-server.ts';
import { type Account, account } from './selling-helpers.ts';

const DAY = 86_400_000;
let clock = new Date('2026-11-01T09:00:00Z');
const later = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};

async function openChat(app: FastifyInstance, kind: 'products' | 'services', id: string, who?: Account) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/${kind}/${id}/chat`,
    headers: who ? who.auth : {},
  });
  assert.equal(response.statusCode, 302, response.body);
}

function post(ctx: EngineContext, url: string, who: Account | null, payload?: object | null) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: who ? who.auth : {},
    ...(payload === undefined || payload === null ? {} : { payload }),
  });
}

const claim = (ctx: EngineContext, who: Account, listingKind: string, listingId: string, extra = {}) =>
  post(ctx, '/deals', who, { listingKind, listingId, ...extra });

async function sellerRating(ctx: EngineContext, id: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/sellers/${id}` });
  assert.equal(response.statusCode, 200, response.body);
  return json(response).data.seller.rating;
}

forEachEngine(
  'deals and reviews',
  (ctx) => {
    let seller: Account;
    let buyer: Account;
    let stranger: Account;
    beforeEach(async () => {
      clock = new Date('2026-11-01T09:00:00Z');
      seller = await account(ctx.app, { first_name: 'Achieng', last_name: 'Otieno' });
      buyer = await account(ctx.app, { first_name: 'Brian', last_name: 'Mwangi' });
      stranger = await account(ctx.app);
    });

    it('a buyer who opened the chat signed in claims; the seller is mailed and confirms; states and owners', async () => {
      const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Casio fx-991' });
      // No chat opened, or opened without being signed in: no claim.
      const early = await claim(ctx, buyer, 'product', product.id);
      assert.equal(early.statusCode, 400, early.body);
      assert.match(json(early).message, /chat/);
      await openChat(ctx.app, 'products', product.id);
      assert.equal((await claim(ctx, buyer, 'product', product.id)).statusCode, 400);
      // An invalid token still redirects, and records nothing.
      const badToken = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/products/${product.id}/chat`,
        headers: { authorization: 'Bearer not-a-token' },
      });
      assert.equal(badToken.statusCode, 302);
      assert.equal((await claim(ctx, buyer, 'product', product.id)).statusCode, 400);

      await openChat(ctx.app, 'products', product.id, buyer);
      const created = await claim(ctx, buyer, 'product', product.id);
      assert.equal(created.statusCode, 201, created.body);
      const deal = json(created).data.deal;
      assert.equal(deal.status, 'claimed');
      assert.equal(deal.role, 'buyer');
      assert.equal(deal.initiatedBy, 'buyer');
      assert.equal(deal.canAnswer, false);
      assert.equal(deal.listingTitle, 'Casio fx-991');
      assert.equal(deal.other.firstName, 'Achieng');
      assert.equal(deal.answerBy, new Date(clock.getTime() + 30 * DAY).toISOString());

      const [mail, ...more] = (await sentOutboxMails(ctx.app)).filter(
        (sent) => sent.to === seller.user.email.toLowerCase(),
      );
      assert.equal(more.length, 0);
      assert.match(mail?.subject ?? '', /Brian M\. says they got "Casio fx-991"/);
      assert.match(mail?.text ?? '', /\/app\/deals/);

      // One deal per buyer and listing.
      assert.equal((await claim(ctx, buyer, 'product', product.id)).statusCode, 409);
      // The seller sees it with Confirm/Decline; the buyer and a stranger cannot answer it.
      const sellerDeals = json(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/deals', headers: seller.auth }),
      );
      assert.equal(sellerDeals.data.deals.length, 1);
      assert.equal(sellerDeals.data.deals[0].role, 'seller');
      assert.equal(sellerDeals.data.deals[0].canAnswer, true);
      assert.equal((await post(ctx, `/deals/${deal._id}/confirm`, buyer)).statusCode, 403);
      assert.equal((await post(ctx, `/deals/${deal._id}/confirm`, stranger)).statusCode, 404);
      assert.equal((await post(ctx, `/deals/${deal._id}/decline`, stranger)).statusCode, 404);
      assert.equal((await post(ctx, `/deals/${deal._id}/confirm`, null)).statusCode, 401);
      // Not confirmed yet: nobody rates.
      assert.equal((await post(ctx, `/deals/${deal._id}/reviews`, buyer, { stars: 5 })).statusCode, 409);

      const confirmed = await post(ctx, `/deals/${deal._id}/confirm`, seller);
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(json(confirmed).data.deal.status, 'confirmed');
      assert.equal(json(confirmed).data.deal.canReview, true);
      assert.equal((await post(ctx, `/deals/${deal._id}/confirm`, seller)).statusCode, 409);
      assert.equal((await post(ctx, `/deals/${deal._id}/decline`, seller)).statusCode, 409);
      const buyerDeals = json(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/deals', headers: buyer.auth }),
      );
      assert.equal(buyerDeals.data.deals[0].status, 'confirmed');
      assert.equal(buyerDeals.data.deals[0].canReview, true);
      assert.equal(
        json(await ctx.app.inject({ method: 'GET', url: '/api/v1/deals', headers: stranger.auth })).data.deals
          .length,
        0,
      );
    });

    it('no deal with oneself, and every bad input is a 4xx', async () => {
      const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id });
      await openChat(ctx.app, 'products', product.id, seller);
      const self = await claim(ctx, seller, 'product', product.id);
      assert.equal(self.statusCode, 403, self.body);
      assert.match(json(self).message, /yourself/);
      await openChat(ctx.app, 'products', product.id, buyer);
      const named = await claim(ctx, seller, 'product', product.id, { buyerId: seller.user.id });
      assert.equal(named.statusCode, 403);
      for (const payload of [
        {},
        { listingKind: 'product' },
        { listingId: product.id },
        { listingKind: 'shop', listingId: product.id },
        { listingKind: 'product', listingId: 'x'.repeat(101) },
      ]) {
        const response = await post(ctx, '/deals', buyer, payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload)} ${response.body}`);
      }
      // A product id given as a service, a malformed id and an unknown id: 404.
      for (const [kind, id] of [
        ['service', product.id],
        ['product', 'not-a-uuid'],
        ['product', 42],
        ['product', '00000000-0000-4000-8000-000000000000'],
      ]) {
        assert.equal(
          (await claim(ctx, buyer, kind as string, id as string)).statusCode,
          404,
          `${kind} ${id}`,
        );
      }
      assert.equal(
        (await post(ctx, '/deals', null, { listingKind: 'product', listingId: product.id })).statusCode,
        401,
      );
      const unverified = await account(ctx.app, { verified: false });
      assert.equal((await claim(ctx, unverified, 'product', product.id)).statusCode, 403);
      for (const url of [
        '/deals/not-a-uuid/confirm',
        '/deals/00000000-0000-4000-8000-000000000000/decline',
      ]) {
        assert.equal((await post(ctx, url, seller)).statusCode, 404);
      }
      assert.equal((await post(ctx, '/deals/not-a-uuid/reviews', buyer, { stars: 3 })).statusCode, 404);
      const rows = await ctx.app.db
        .selectFrom('deals')
        .select('id')
        .where('listing_id', '=', product.id)
        .execute();
      assert.equal(rows.length, 0, 'no half-written deal');
    });

    it('a seller declines; a claim unanswered for 30 days expires; the claim window is 30 days', async () => {
      const service = await insertService(ctx.app.db, { provider_id: seller.user.id, name: 'Braiding' });
      await openChat(ctx.app, 'services', service.id, buyer);
      const declinedDeal = json(await claim(ctx, buyer, 'service', service.id)).data.deal;
      const declined = await post(ctx, `/deals/${declinedDeal._id}/decline`, seller);
      assert.equal(declined.statusCode, 200, declined.body);
      assert.equal(json(declined).data.deal.status, 'declined');
      assert.equal(
        (await post(ctx, `/deals/${declinedDeal._id}/reviews`, buyer, { stars: 1 })).statusCode,
        409,
      );

      const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id });
      await openChat(ctx.app, 'products', product.id, buyer);
      later(29);
      const open = json(await claim(ctx, buyer, 'product', product.id)).data.deal;
      assert.equal(open.status, 'claimed');
      later(30);
      assert.equal(
        json(
          await ctx.app.inject({ method: 'GET', url: '/api/v1/deals', headers: seller.auth }),
        ).data.deals.find((d: { _id: string }) => d._id === open._id).status,
        'claimed',
      );
      clock = new Date(clock.getTime() + 1);
      const tooLate = await post(ctx, `/deals/${open._id}/confirm`, seller);
      assert.equal(tooLate.statusCode, 409);
      assert.match(json(tooLate).message, /expired/);
      const mine = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/deals', headers: buyer.auth }));
      assert.equal(mine.data.deals.find((d: { _id: string }) => d._id === open._id).status, 'expired');

      // Opened the chat 30 days and a moment ago: too late to claim.
      const other = await insertProduct(ctx.app.db, { seller_id: seller.user.id });
      await openChat(ctx.app, 'products', other.id, stranger);
      later(30);
      clock = new Date(clock.getTime() + 1);
      assert.equal((await claim(ctx, stranger, 'product', other.id)).statusCode, 400);
      // Opening the chat again renews the window.
      await openChat(ctx.app, 'products', other.id, stranger);
      assert.equal((await claim(ctx, stranger, 'product', other.id)).statusCode, 201);
    });

    it('the seller names the buyer from those who opened the chat; the buyer confirms', async () => {
      const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Mattress' });
      await openChat(ctx.app, 'products', product.id, buyer);
      const contacts = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/deals/contacts?listingKind=product&listingId=${product.id}`,
        headers: seller.auth,
      });
      assert.equal(contacts.statusCode, 200, contacts.body);
      assert.deepEqual(
        json(contacts).data.contacts.map((c: { _id: string }) => c._id),
        [buyer.user.id],
      );
      const notOwner = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/deals/contacts?listingKind=product&listingId=${product.id}`,
        headers: stranger.auth,
      });
      assert.equal(notOwner.statusCode, 403);
      const badKind = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/deals/contacts?listingKind=shop&listingId=${product.id}`,
        headers: seller.auth,
      });
      assert.equal(badKind.statusCode, 400);

      assert.equal(
        (await claim(ctx, stranger, 'product', product.id, { buyerId: buyer.user.id })).statusCode,
        403,
      );
      const noChat = await claim(ctx, seller, 'product', product.id, { buyerId: stranger.user.id });
      assert.equal(noChat.statusCode, 400);
      assert.equal(
        (await claim(ctx, seller, 'product', product.id, { buyerId: '00000000-0000-4000-8000-000000000000' }))
          .statusCode,
        404,
      );
      const named = await claim(ctx, seller, 'product', product.id, { buyerId: buyer.user.id });
      assert.equal(named.statusCode, 201, named.body);
      const deal = json(named).data.deal;
      assert.equal(deal.initiatedBy, 'seller');
      assert.equal(deal.role, 'seller');
      const subjects = (await sentOutboxMails(ctx.app))
        .filter((sent) => sent.to === buyer.user.email.toLowerCase())
        .map((sent) => sent.subject);
      assert.ok(
        subjects.some((subject) => /says you got "Mattress"/.test(subject)),
        subjects.join(' | '),
      );
      // The buyer cannot claim again; the seller cannot confirm their own request.
      assert.equal((await claim(ctx, buyer, 'product', product.id)).statusCode, 409);
      assert.equal((await post(ctx, `/deals/${deal._id}/confirm`, seller)).statusCode, 403);
      const confirmed = await post(ctx, `/deals/${deal._id}/confirm`, buyer);
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(json(confirmed).data.deal.status, 'confirmed');
    });

    it('each side rates once within 30 days; the seller replies once; bad reviews are 4xx', async () => {
      const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Desk lamp' });
      await openChat(ctx.app, 'products', product.id, buyer);
      const deal = json(await claim(ctx, buyer, 'product', product.id)).data.deal;
      await post(ctx, `/deals/${deal._id}/confirm`, seller);
      for (const payload of [
        {},
        { stars: 0 },
        { stars: 6 },
        { stars: 4.5 },
        { stars: 'five' },
        { stars: 4, comment: 'x'.repeat(501) },
      ]) {
        const response = await post(ctx, `/deals/${deal._id}/reviews`, buyer, payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload)} ${response.body}`);
      }
      assert.equal((await post(ctx, `/deals/${deal._id}/reviews`, stranger, { stars: 5 })).statusCode, 404);
      later(30);
      const rated = await post(ctx, `/deals/${deal._id}/reviews`, buyer, {
        stars: 5,
        comment: '  Fair and on time ',
      });
      assert.equal(rated.statusCode, 201, rated.body);
      assert.equal(json(rated).data.deal.myReview.stars, 5);
      assert.equal(json(rated).data.deal.myReview.comment, 'Fair and on time');
      assert.equal(json(rated).data.deal.canReview, false);
      assert.equal((await post(ctx, `/deals/${deal._id}/reviews`, buyer, { stars: 1 })).statusCode, 409);
      clock = new Date(clock.getTime() + 1);
      const late = await post(ctx, `/deals/${deal._id}/reviews`, seller, { stars: 4 });
      assert.equal(late.statusCode, 409);
      assert.match(json(late).message, /30 days/);

      const reviews = json(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/sellers/${seller.user.id}/reviews` }),
      ).data;
      assert.equal(reviews.totalReviews, 1);
      const review = reviews.reviews[0];
      assert.equal(review.author.firstName, 'Brian');
      assert.equal(review.authorRole, 'buyer');
      assert.equal(review.listing.title, 'Desk lamp');
      assert.equal(
        (await post(ctx, `/reviews/${review._id}/reply`, buyer, { text: 'Me again' })).statusCode,
        403,
      );
      assert.equal(
        (await post(ctx, `/reviews/${review._id}/reply`, seller, { text: '   ' })).statusCode,
        400,
      );
      assert.equal(
        (await post(ctx, `/reviews/${review._id}/reply`, seller, { text: 'x'.repeat(501) })).statusCode,
        400,
      );
      assert.equal((await post(ctx, `/reviews/${review._id}/reply`, seller, {})).statusCode, 400);
      assert.equal((await post(ctx, '/reviews/not-a-uuid/reply', seller, { text: 'Hi' })).statusCode, 404);
      const replied = await post(ctx, `/reviews/${review._id}/reply`, seller, { text: 'Asante, Brian!' });
      assert.equal(replied.statusCode, 200, replied.body);
      assert.equal(
        (await post(ctx, `/reviews/${review._id}/reply`, seller, { text: 'Again' })).statusCode,
        409,
      );
      const after = json(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/sellers/${seller.user.id}/reviews` }),
      );
      assert.equal(after.data.reviews[0].reply, 'Asante, Brian!');
      for (const url of [
        `/api/v1/sellers/${seller.user.id}/reviews?page=0`,
        `/api/v1/sellers/${seller.user.id}/reviews?page=abc`,
      ]) {
        assert.equal((await ctx.app.inject({ method: 'GET', url })).statusCode, 400);
      }
      for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
        assert.equal(
          (await ctx.app.inject({ method: 'GET', url: `/api/v1/sellers/${id}/reviews` })).statusCode,
          404,
        );
      }
    });

    it('the rating shows from 3 reviews in the seller page, item answer and cards; hidden reviews leave it', async () => {
      const product = await insertProduct(ctx.app.db, { seller_id: seller.user.id, title: 'Rated kettle' });
      const admin = await account(ctx.app, { role: 'admin' });
      const buyers = [buyer, stranger, await account(ctx.app)];
      const stars = [5, 4, 2];
      for (const [i, who] of buyers.entries()) {
        await openChat(ctx.app, 'products', product.id, who);
        const deal = json(await claim(ctx, who, 'product', product.id)).data.deal;
        await post(ctx, `/deals/${deal._id}/confirm`, seller);
        assert.equal(
          (await post(ctx, `/deals/${deal._id}/reviews`, who, { stars: stars[i] })).statusCode,
          201,
        );
        const rating = await sellerRating(ctx, seller.user.id);
        assert.equal(rating.count, i + 1);
        assert.equal(rating.average, i < 2 ? null : 3.7);
      }
      const item = json(await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` }));
      assert.deepEqual(item.data.product.seller.rating, { average: 3.7, count: 3 });
      const list = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' }));
      const card = list.data.products.find((p: { _id: string }) => p._id === product.id);
      assert.deepEqual(card.seller.rating, { average: 3.7, count: 3 });

      // A student reports the 2-star review; a moderator hides it (audited): it leaves the page and the rating.
      const { reviews } = json(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/sellers/${seller.user.id}/reviews` }),
      ).data;
      const low = reviews.find((r: { stars: number }) => r.stars === 2);
      assert.equal((await post(ctx, `/reviews/${low._id}/report`, seller)).statusCode, 403);
      const reported = await post(ctx, `/reviews/${low._id}/report`, buyer, {
        details: 'Never met this person',
      });
      assert.equal(reported.statusCode, 200, reported.body);
      const desk = json(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/reviews', headers: admin.auth }),
      );
      assert.equal(desk.data.reviews[0]._id, low._id);
      assert.equal(desk.data.reviews[0].reports[0].details, 'Never met this person');
      assert.equal(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/reviews', headers: buyer.auth }))
          .statusCode,
        403,
      );
      assert.equal(
        (await post(ctx, `/admin/reviews/${low._id}/hide`, buyer, { reason: 'x' })).statusCode,
        403,
      );
      assert.equal((await post(ctx, `/admin/reviews/${low._id}/hide`, admin, {})).statusCode, 400);
      assert.equal((await post(ctx, `/admin/reviews/${low._id}/restore`, admin, {})).statusCode, 404);
      const hidden = await post(ctx, `/admin/reviews/${low._id}/hide`, admin, { reason: 'Fake review' });
      assert.equal(hidden.statusCode, 200, hidden.body);
      assert.deepEqual(await sellerRating(ctx, seller.user.id), { average: null, count: 2 });
      const cardAfter = json(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' }),
      ).data.products.find((p: { _id: string }) => p._id === product.id);
      assert.deepEqual(cardAfter.seller.rating, { average: null, count: 2 });
      const page = json(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/sellers/${seller.user.id}/reviews` }),
      );
      assert.equal(page.data.totalReviews, 2);
      assert.ok(page.data.reviews.every((r: { _id: string }) => r._id !== low._id));
      assert.equal(
        json(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/reviews', headers: admin.auth })).data
          .reviews.length,
        0,
      );
      const audit = await ctx.app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'reason'])
        .where('target_id', '=', low._id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(audit, { action: 'hide_review', actor_id: admin.user.id, reason: 'Fake review' });
      assert.equal((await post(ctx, `/reviews/${low._id}/reply`, seller, { text: 'Hi' })).statusCode, 404);

      // The desk lists hidden reviews apart, with the reason and the reports that led there, to restore one.
      const deskList = async (query: string, who: Account = admin) =>
        ctx.app.inject({ method: 'GET', url: `/api/v1/admin/reviews${query}`, headers: who.auth });
      const hiddenList = json(await deskList('?state=hidden')).data.reviews;
      assert.equal(hiddenList.length, 1);
      assert.equal(hiddenList[0]._id, low._id);
      assert.equal(hiddenList[0].hidden, true);
      assert.equal(hiddenList[0].hiddenReason, 'Fake review');
      assert.ok(!Number.isNaN(Date.parse(hiddenList[0].hiddenAt)));
      assert.equal(hiddenList[0].reports[0].details, 'Never met this person');
      assert.equal(json(await deskList('?state=reported')).data.reviews.length, 0);
      const badState = await deskList('?state=gone');
      assert.equal(badState.statusCode, 400, badState.body);
      assert.equal((await deskList('?state=hidden', buyer)).statusCode, 403);

      assert.equal((await post(ctx, `/admin/reviews/${low._id}/restore`, admin, null)).statusCode, 200);
      assert.deepEqual(await sellerRating(ctx, seller.user.id), { average: 3.7, count: 3 });
      assert.equal(json(await deskList('?state=hidden')).data.reviews.length, 0);
      const restoredAudit = await ctx.app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_id', '=', low._id)
        .where('action', '=', 'restore_review')
        .executeTakeFirstOrThrow();
      assert.deepEqual(restoredAudit, { action: 'restore_review', actor_id: admin.user.id });
    });
  },
  { deals: { now: () => clock } },
);
