/**
 * Scam signals (docs/product.md §29, ADR 0034): the rules as pure functions (phrases, new-account
 * and report windows at their boundaries with an injected clock, dHash of copied and different
 * photos made by sharp), then through the real API on PGlite and PostgreSQL: each signal on the
 * item answer after a write or a report, the chat interstitial, the moderation desk's flags with
 * their evidence, the owner's dashboard view, and the background hashing of stored pictures.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { SEEDED_PHRASES } from '../src/db/migrations/0019_safety_signals.ts';
import {
  currentSignals,
  matchPhrases,
  median,
  newAccountHighPrice,
  priceOutlier,
  reportedSeller,
  SIGNAL_RULES,
} from '../src/safety/rules.ts';
import { differenceHash, hammingDistance, processImage } from '../src/uploads/image-pipeline.ts';
import { insertProduct, insertShop } from './fixtures.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, type FormValues, jpeg, sendForm, type TestFile } from './selling-helpers.ts';
import { stolenCopy } from './stolen-copy.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;
const PHRASES = SEEDED_PHRASES.map(([phrase]) => phrase);

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32). */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A "photo" of a phone on a desk: the same kind of picture for every seed (a grey gradient, a
 * dark phone with a blue screen, eight coloured shapes), arranged by `seed`. JPEG, 800x600.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const random = sequence(seed);
  const shapes = Array.from({ length: 8 }, () => {
    const [x, y] = [Math.round(random() * 800), Math.round(random() * 600)];
    const [w, h] = [60 + Math.round(random() * 240), 60 + Math.round(random() * 200)];
    const colour = `rgb(${[random(), random(), random()].map((c) => Math.round(c * 255)).join(',')})`;
    return random() > 0.5
      ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="20" fill="${colour}"/>`
      : `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${colour}"/>`;
  }).join('');
  const [px, py] = [Math.round(50 + random() * 550), Math.round(20 + random() * 220)];
  const [x1, x2] = [Math.round(random()), Math.round(random())];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="${x1}" y1="0" x2="${x2}" y2="1"><stop offset="0" stop-color="#ddd"/><stop offset="1" stop-color="#445"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>${shapes}<rect x="${px}" y="${py}" width="200" height="340" rx="30" fill="#111"/><rect x="${px + 15}" y="${py + 25}" width="170" height="280" fill="#5af"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const file = (data: Buffer, name: string, type = 'image/jpeg'): TestFile => ({ data, name, type });

describe('scam signal rules', () => {
  it('finds each phrase of the list, whatever the case, spacing and punctuation', () => {
    for (const phrase of PHRASES) {
      const shouted = phrase.toUpperCase().replaceAll(' ', '  ');
      assert.deepEqual(matchPhrases(`Clean item. ${shouted}, then we meet.`, [phrase]), [phrase], phrase);
      assert.deepEqual(matchPhrases(`Ok!${phrase.replaceAll(' ', '-')}!`, [phrase]), [phrase], phrase);
    }
    assert.deepEqual(matchPhrases('Lipakwanza ndio nitume', PHRASES), ['lipa kwanza']);
  });

  it('does not flag an innocent description', () => {
    const innocent = [
      'Barely used Casio calculator. Pay when we meet at the library, after you have checked it.',
      'First-year textbooks, no deposit needed. Tuma message on WhatsApp, tukutane campus.',
      'I repay first-time buyers with a free cover. Bookings for the hall are not my business.',
    ];
    for (const text of innocent) assert.deepEqual(matchPhrases(text, PHRASES), [], text);
  });

  it('takes the median of an odd and an even count', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });

  it('flags a price below 40 % of the median of at least 5 comparables, campus first', () => {
    const at = (price: number, university = 'University of Nairobi') => ({
      id: String(price),
      title: 'iPhone 12',
      price,
      university,
    });
    const campus = [50_000, 52_000, 48_000, 55_000, 60_000].map((p) => at(p));
    const outlier = priceOutlier(15_000, campus, campus, 'University of Nairobi');
    assert.equal(outlier?.kind, 'price_outlier');
    assert.equal(outlier?.evidence.median, 52_000);
    assert.equal(outlier?.evidence.scope, 'campus');
    // 40 % of 52 000 is 20 800: at the threshold, no signal.
    assert.equal(priceOutlier(20_800, campus, campus, 'University of Nairobi'), null);
    assert.ok(priceOutlier(20_799, campus, campus, 'University of Nairobi'));
    // Four on campus: the national comparables decide.
    const national = [...campus.slice(0, 4), at(30_000, 'Moi University'), at(31_000, 'Moi University')];
    const wider = priceOutlier(15_000, campus.slice(0, 4), national, 'University of Nairobi');
    assert.equal(wider?.evidence.scope, 'national');
    assert.equal(wider?.evidence.median, 49_000);
    // Four comparables in all: never.
    assert.equal(priceOutlier(10, campus.slice(0, 4), campus.slice(0, 4), 'University of Nairobi'), null);
  });

  it('flags an account under 48 hours selling above KES 10 000, exactly at the boundaries', () => {
    const created = new Date('2026-11-01T08:00:00Z');
    const at = (ms: number) => new Date(created.getTime() + ms);
    assert.ok(newAccountHighPrice(10_001, created, at(47 * HOUR + 59 * MINUTE)));
    assert.equal(newAccountHighPrice(10_000, created, at(47 * HOUR + 59 * MINUTE)), null);
    assert.equal(newAccountHighPrice(10_001, created, at(48 * HOUR + MINUTE)), null);
    assert.equal(newAccountHighPrice(10_001, created, at(48 * HOUR)), null);
    assert.ok(newAccountHighPrice(10_001, created, at(48 * HOUR - 1)));
    // Stored at 47h59, it is shown until 48 h and not after.
    const stored = newAccountHighPrice(10_001, created, at(47 * HOUR + 59 * MINUTE));
    const row = [
      { kind: stored!.kind, message: stored!.message, expiresAt: stored!.expiresAt!.toISOString() },
    ];
    assert.equal(currentSignals(row, at(47 * HOUR + 59 * MINUTE)).length, 1);
    assert.equal(currentSignals(row, at(48 * HOUR - 1)).length, 1);
    assert.equal(currentSignals(row, at(48 * HOUR)).length, 0);
    assert.equal(currentSignals(row, at(48 * HOUR + MINUTE)).length, 0);
  });

  it('flags a seller reported by 2 different students within 30 days', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    assert.equal(reportedSeller([{ reporterId: 'a', lastReportedAt: ago(HOUR) }], now), null);
    const two = reportedSeller(
      [
        { reporterId: 'a', lastReportedAt: ago(HOUR) },
        { reporterId: 'b', lastReportedAt: ago(29 * DAY) },
      ],
      now,
    );
    assert.equal(two?.kind, 'reported_seller');
    // It holds until the older report is 30 days old.
    assert.equal(two?.expiresAt?.getTime(), ago(29 * DAY).getTime() + 30 * DAY);
    const stale = [
      { reporterId: 'a', lastReportedAt: ago(HOUR) },
      { reporterId: 'b', lastReportedAt: ago(30 * DAY) },
    ];
    assert.equal(reportedSeller(stale, now), null);
  });

  it('matches re-encoded, resized and cropped copies of photos, not other photos of the same kind', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(phonePhoto));
    const hashes = await Promise.all(photos.map((photo) => differenceHash(photo)));
    for (const [i, photo] of photos.entries()) {
      const copy = await differenceHash(await stolenCopy(photo));
      const distance = hammingDistance(hashes[i]!, copy);
      assert.ok(distance <= SIGNAL_RULES.maxPhotoDistance, `copy of ${i + 1}: ${distance}`);
      for (let j = i + 1; j < photos.length; j++) {
        const other = hammingDistance(hashes[i]!, hashes[j]!);
        assert.ok(other > SIGNAL_RULES.maxPhotoDistance, `${i + 1} vs ${j + 1}: ${other}`);
      }
    }
  });
});

forEachEngine('scam signals', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const create = async (who: Account, values: FormValues) => {
    const response = await sendForm(
      ctx.app,
      'POST',
      '/products',
      {
        title: 'Casio fx-991ES calculator',
        description: 'Barely used scientific calculator, comes with its cover.',
        price: '1800',
        category: 'Electronics',
        coverImage: await jpeg(),
        ...values,
      },
      who,
    );
    assert.equal(response.statusCode, 201, response.body);
    return json(response).data.product as { _id: string; safetySignals: { kind: string; message: string }[] };
  };
  const kinds = async (id: string) =>
    (json(await get(`/products/${id}`)).data.product.safetySignals as { kind: string }[]).map((s) => s.kind);
  /** A seller whose account is `ageHours` old (default: a month). */
  const seller = (app: FastifyInstance, ageHours = 30 * 24, university = 'University of Nairobi') =>
    account(app, { created_at: new Date(Date.now() - ageHours * HOUR), university });

  it('flags a price below 40 % of the median only with at least 5 comparables', async () => {
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => seller(ctx.app, 30 * 24, 'Moi University')));
    const titles = [
      'Samsung Galaxy A54 128GB',
      'Samsung Galaxy A54',
      'Galaxy A54 5G Samsung',
      'Samsung A54 phone',
    ];
    for (const [i, title] of titles.entries()) {
      await insertProduct(ctx.app.db, {
        seller_id: others[i]!.user.id,
        title,
        price: 40_000,
        category: 'Electronics',
      });
    }
    // Unrelated listings are not comparables.
    await insertProduct(ctx.app.db, {
      seller_id: others[4]!.user.id,
      title: 'Desk lamp',
      price: 40_000,
      category: 'Electronics',
    });
    const me = await seller(ctx.app);
    const four = await create(me, { title: 'Samsung Galaxy A54 like new', price: '9000' });
    assert.deepEqual(
      four.safetySignals.map((s) => s.kind),
      [],
    );
    await insertProduct(ctx.app.db, {
      seller_id: others[4]!.user.id,
      title: 'Samsung Galaxy A54 blue',
      price: 42_000,
      category: 'Electronics',
    });
    const five = await create(me, { title: 'Samsung Galaxy A54 like new!', price: '9000' });
    const signal = five.safetySignals.find((s) => s.kind === 'price_outlier');
    assert.ok(signal, JSON.stringify(five.safetySignals));
    assert.match(signal.message, /KES 9,000.*less than 40%.*median KES 40,000 across 5 listings/);
    assert.deepEqual(await kinds(five._id), ['price_outlier']);
    // The same listing at a normal price: the signal goes at the edit.
    const edited = await sendForm(ctx.app, 'PATCH', `/products/${five._id}`, { price: '38000' }, me);
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual(await kinds(five._id), []);
  });

  it('flags a copy of another seller’s photo, not a different photo of the same kind', async () => {
    const owner = await seller(ctx.app);
    const thief = await seller(ctx.app);
    const honest = await seller(ctx.app);
    const original = await phonePhoto(11);
    const mine = await create(owner, { title: 'Tecno Spark 10', coverImage: file(original, 'phone.jpg') });
    const stolen = await create(thief, {
      title: 'Tecno Spark 10 cheap',
      coverImage: await jpeg(),
      photos: [file(await stolenCopy(original), 'copy.webp', 'image/webp')],
    });
    const other = await create(honest, {
      title: 'Tecno Spark 10',
      coverImage: file(await phonePhoto(12), 'mine.jpg'),
    });
    assert.deepEqual(
      stolen.safetySignals.map((s) => s.kind),
      ['reused_photo'],
    );
    assert.deepEqual(await kinds(mine._id), []);
    assert.deepEqual(await kinds(other._id), []);
    // The same seller reusing their own photo is no signal.
    const again = await create(owner, {
      title: 'Tecno Spark 10 (2)',
      coverImage: file(original, 'phone.jpg'),
    });
    assert.deepEqual(again.safetySignals, []);

    // The desk lists the flag with the matching photo; the listing stays public.
    const admin = await account(ctx.app, { role: 'admin' });
    const desk = await get('/admin/safety-signals', admin.auth);
    assert.equal(desk.statusCode, 200, desk.body);
    const flag = json(desk).data.flags.find((f: { listingId: string }) => f.listingId === stolen._id);
    assert.equal(flag.moderation, 'visible');
    assert.equal(flag.link, `/products/${stolen._id}`);
    const evidence = flag.signals[0].evidence.matches[0];
    assert.equal(evidence.matchedListingId, mine._id);
    assert.equal(evidence.matchedPhoto, json(await get(`/products/${mine._id}`)).data.product.coverImage);
    assert.ok(evidence.distance <= SIGNAL_RULES.maxPhotoDistance);
    assert.equal((await get(`/products/${stolen._id}`)).statusCode, 200);
    assert.equal((await get('/admin/safety-signals', thief.auth)).statusCode, 403);
    assert.equal((await get('/admin/safety-signals')).statusCode, 401);

    // The seller sees it on their own listings, and a new photo clears it.
    const mineList = json(await get('/products/mine', thief.auth)).data.products;
    assert.deepEqual(
      mineList[0].safetySignals.map((s: { kind: string }) => s.kind),
      ['reused_photo'],
    );
    const fixed = await sendForm(ctx.app, 'PATCH', `/products/${stolen._id}`, { clearPhotos: 'true' }, thief);
    assert.equal(fixed.statusCode, 200, fixed.body);
    assert.deepEqual(await kinds(stolen._id), []);
  });

  it('flags a description that asks for money before meeting', async () => {
    const me = await seller(ctx.app);
    const risky = await create(me, {
      description: 'Brand new, still sealed. TUMA  pesa-kwanza then I deliver.',
    });
    assert.deepEqual(
      risky.safetySignals.map((s) => s.kind),
      ['advance_payment'],
    );
    assert.match(risky.safetySignals[0]!.message, /asks for money before you meet \(“tuma pesa kwanza”\)/);
    const fine = await create(me, { description: 'Brand new, still sealed. Pay when we meet at the gate.' });
    assert.deepEqual(fine.safetySignals, []);
  });

  it('flags a new account selling above KES 10 000, at 47h59 and not 48h01', async () => {
    const young = await seller(ctx.app, 47 + 59 / 60);
    const old = await seller(ctx.app, 48 + 1 / 60);
    const a = await create(young, { title: 'Laptop HP EliteBook', price: '10001' });
    assert.deepEqual(
      a.safetySignals.map((s) => s.kind),
      ['new_account_high_price'],
    );
    const b = await create(young, { title: 'Laptop HP EliteBook', price: '10000' });
    assert.deepEqual(b.safetySignals, []);
    const c = await create(old, { title: 'Laptop HP EliteBook', price: '10001' });
    assert.deepEqual(c.safetySignals, []);
  });

  it('flags every listing of a seller reported by 2 different students', async () => {
    const me = await seller(ctx.app);
    const listing = await create(me, { title: 'Rice cooker' });
    const reporters = await Promise.all([1, 2].map(() => seller(ctx.app)));
    const report = (who: Account, body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/reports', headers: who.auth, payload: body });
    assert.equal(
      (await report(reporters[0]!, { targetType: 'product', targetId: listing._id, reason: 'scam' }))
        .statusCode,
      201,
    );
    // The same student again (about the seller this time) is still one student.
    await report(reporters[0]!, { targetType: 'user', targetId: me.user.id, reason: 'scam' });
    assert.deepEqual(await kinds(listing._id), []);
    await report(reporters[1]!, { targetType: 'user', targetId: me.user.id, reason: 'spam' });
    assert.deepEqual(await kinds(listing._id), ['reported_seller']);
    // A listing written later by the same seller carries it too.
    const later = await create(me, { title: 'Electric kettle' });
    assert.deepEqual(
      later.safetySignals.map((s) => s.kind),
      ['reported_seller'],
    );
  });

  it('shows the warnings before WhatsApp on the chat redirect, and redirects listings without any', async () => {
    const me = await seller(ctx.app);
    const risky = await create(me, {
      description: 'Booking fee of 500 first, then we meet <b>tomorrow</b>.',
    });
    const page = await get(`/products/${risky._id}/chat`);
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(page.body, /asks for money before you meet/);
    assert.match(page.body, new RegExp(`href="/api/v1/products/${risky._id}/chat\\?continue=1"`));
    assert.match(page.body, />Continue to WhatsApp</);
    const onward = await get(`/products/${risky._id}/chat?continue=1`);
    assert.equal(onward.statusCode, 302);
    assert.match(String(onward.headers.location), /^https:\/\/wa\.me\//);
    // The shop page's chat button about that product warns too.
    const shop = await insertShop(ctx.app.db, { owner_id: me.user.id });
    await ctx.app.db.updateTable('products').set({ shop_id: shop.id }).where('id', '=', risky._id).execute();
    await ctx.app.products.invalidate();
    const shopPage = await get(`/shops/${shop.id}/chat?product=${risky._id}`);
    assert.equal(shopPage.statusCode, 200);
    assert.match(shopPage.body, /asks for money before you meet/);
    assert.match(
      shopPage.body,
      new RegExp(`href="/api/v1/shops/${shop.id}/chat\\?product=${risky._id}&#38;continue=1"`),
    );
    assert.equal((await get(`/shops/${shop.id}/chat?product=${risky._id}&continue=1`)).statusCode, 302);
    const plain = await create(me, { title: 'Plain calculator' });
    const direct = await get(`/products/${plain._id}/chat`);
    assert.equal(direct.statusCode, 302);
  });

  it('hashes pictures stored before the signals, then flags their copies', async () => {
    const owner = await seller(ctx.app);
    const original = await phonePhoto(21);
    const url = '/uploads/products/legacy-phone-1200.webp';
    const target = path.join(ctx.app.config.uploadsDir, 'products', 'legacy-phone-1200.webp');
    await mkdir(path.dirname(target), { recursive: true });
    // As the upload pipeline stored it before the signals existed.
    await writeFile(target, (await processImage(original)).large);
    await insertProduct(ctx.app.db, {
      seller_id: owner.user.id,
      title: 'Old phone',
      category: 'Electronics',
      cover_image: url,
      minutesAgo: 60,
    });
    // A new database marked the one-time job done: the start-up run hashes nothing.
    assert.equal(await ctx.app.safety.hashStoredPicturesOnce(ctx.app.storage), 0);
    const hashed = await ctx.app.safety.hashStoredPictures(ctx.app.storage);
    assert.ok(hashed >= 1);
    const row = await ctx.app.db
      .selectFrom('picture_hashes')
      .selectAll()
      .where('url', '=', url)
      .executeTakeFirst();
    assert.ok(row);
    const thief = await seller(ctx.app);
    const stolen = await create(thief, {
      title: 'Phone',
      coverImage: file(await stolenCopy(original), 'x.webp', 'image/webp'),
    });
    assert.deepEqual(
      stolen.safetySignals.map((s) => s.kind),
      ['reused_photo'],
    );
  });
});
