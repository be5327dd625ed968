/**
 * Campus events API (docs/product.md §15) on each engine: the public upcoming list (not over yet, soonest
 * first, paginated), one event, my events, and create / edit / delete with the owner-only rules,
 * 401/403 for guests and unverified accounts, field messages and the cover picture.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { END_BEFORE_START_MESSAGE, START_IN_PAST_MESSAGE } from '../src/events/service.ts';
import { NOT_OWNER_MESSAGE } from '../src/selling/ownership.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, fakeJpeg, jpeg, sendForm, uploadedFiles } from './selling-helpers.ts';

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

forEachEngine('events', (ctx) => {
  let organizer: Account;
  let other: Account;
  let admin: Account;
  let eventId: string;

  const get = (url: string, who?: Account) =>
    ctx.app.inject({ url: `/api/v1${url}`, headers: who?.auth ?? {} });
  const del = (url: string, who?: Account) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: who?.auth ?? {} });
  const insertEvent = (
    title: string,
    startsInHours: number,
    endsInHours: number | null,
    organizerId: string,
  ) =>
    ctx.app.db
      .insertInto('events')
      .values({
        organizer_id: organizerId,
        title,
        description: 'An event inserted by the test',
        starts_at: inHours(startsInHours),
        ends_at: endsInHours === null ? null : inHours(endsInHours),
        venue: 'Main hall',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  before(async () => {
    organizer = await account(ctx.app, { first_name: 'Achieng' });
    other = await account(ctx.app);
    admin = await account(ctx.app, { role: 'admin' });
    await insertEvent('Past hackathon', -48, -40, other.user.id);
    await insertEvent('Started without end', -1, null, other.user.id);
    await insertEvent('Running career fair', -2, 3, other.user.id);
    await insertEvent('Freshers night', 24, null, other.user.id);
    await insertEvent('Chess open', 72, 80, organizer.user.id);
  });

  describe('GET /events (public)', () => {
    it('lists events not over yet, soonest first, with totals', async () => {
      const response = await get('/events');
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['cache-control']), /^public/);
      const { data } = json(response);
      assert.deepEqual(
        data.events.map((event: { title: string }) => event.title),
        ['Running career fair', 'Freshers night', 'Chess open'],
      );
      assert.equal(data.totalEvents, 3);
      assert.equal(data.totalPages, 1);
      assert.equal(data.currentPage, 1);
      const first = data.events[0];
      assert.equal(first.price, null);
      assert.equal(first.organizer._id, other.user.id);
    });

    it('paginates', async () => {
      const { data } = json(await get('/events?page=2&limit=2'));
      assert.deepEqual(
        data.events.map((event: { title: string }) => event.title),
        ['Chess open'],
      );
      assert.equal(data.totalPages, 2);
      assert.equal((await get('/events?limit=500')).statusCode, 400);
    });
  });

  describe('writes', () => {
    it('401 without a session, 403 unverified', async () => {
      const form = {
        title: 'Poetry night',
        description: 'Open mic for poets',
        startsAt: inHours(5).toISOString(),
        venue: 'Amphitheatre',
      };
      assert.equal((await sendForm(ctx.app, 'POST', '/events', form)).statusCode, 401);
      const unverified = await account(ctx.app, { verified: false });
      assert.equal((await sendForm(ctx.app, 'POST', '/events', form, unverified)).statusCode, 403);
      assert.equal((await get('/events/mine')).statusCode, 401);
    });

    it('names missing and invalid fields', async () => {
      const empty = await sendForm(ctx.app, 'POST', '/events', { title: '' }, organizer);
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(json(empty).errors, {
        title: 'Title is required',
        description: 'Description is required',
        venue: 'Venue is required',
        startsAt: 'Start time is required',
      });
      const invalid = await sendForm(
        ctx.app,
        'POST',
        '/events',
        {
          title: 'Poetry night',
          description: 'Open mic for poets',
          venue: 'Amphitheatre',
          startsAt: inHours(-3).toISOString(),
          endsAt: inHours(-4).toISOString(),
          price: '12.345',
        },
        organizer,
      );
      assert.deepEqual(json(invalid).errors, {
        startsAt: START_IN_PAST_MESSAGE,
        endsAt: END_BEFORE_START_MESSAGE,
        price: 'Price can have at most 2 decimals',
      });
      const poetryNight = { title: 'Poetry night', description: 'Open mic for poets', venue: 'Hall' };
      const local = await sendForm(
        ctx.app,
        'POST',
        '/events',
        { ...poetryNight, startsAt: '2030-01-01T18:00' },
        organizer,
      );
      assert.equal(json(local).errors.startsAt, 'Start time must be a valid date and time');
      const picture = await sendForm(
        ctx.app,
        'POST',
        '/events',
        { ...poetryNight, startsAt: inHours(5).toISOString(), coverImage: fakeJpeg() },
        organizer,
      );
      assert.equal(picture.statusCode, 400);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
    });

    it('creates an event with a cover and a price; it shows in GET /events and /events/mine', async () => {
      const startsAt = inHours(30);
      const response = await sendForm(
        ctx.app,
        'POST',
        '/events',
        {
          title: 'Poetry night',
          description: 'Open mic for poets and singers',
          venue: 'Amphitheatre',
          university: 'University of Nairobi',
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 3 * HOUR).toISOString(),
          price: '200',
          coverImage: await jpeg(),
        },
        organizer,
      );
      assert.equal(response.statusCode, 201, response.body);
      const event = json(response).data.event;
      eventId = event._id;
      assert.equal(event.startsAt, startsAt.toISOString());
      assert.equal(event.price, 200);
      assert.equal(event.university, 'University of Nairobi');
      assert.match(event.coverImage, /^\/uploads\/events\/.+-1200\.webp$/);
      assert.equal((await ctx.app.inject(event.coverImage)).headers['content-type'], 'image/webp');
      const titles = json(await get('/events')).data.events.map((e: { title: string }) => e.title);
      assert.deepEqual(titles, ['Running career fair', 'Freshers night', 'Poetry night', 'Chess open']);
      const mine = json(await get('/events/mine', organizer)).data.events.map(
        (e: { title: string }) => e.title,
      );
      assert.deepEqual(mine, ['Chess open', 'Poetry night']);
      assert.equal(json(await get(`/events/${eventId}`)).data.event.title, 'Poetry night');
    });

    it("refuses another user's and an admin's edit (403); the organizer edits, a new cover replaces the old", async () => {
      const stranger = await sendForm(ctx.app, 'PATCH', `/events/${eventId}`, { title: 'Mine' }, other);
      assert.equal(stranger.statusCode, 403);
      assert.equal(json(stranger).message, NOT_OWNER_MESSAGE);
      assert.equal(
        (await sendForm(ctx.app, 'PATCH', `/events/${eventId}`, { title: 'Moderated' }, admin)).statusCode,
        403,
      );
      const oldCover = json(await get(`/events/${eventId}`)).data.event.coverImage;
      const response = await sendForm(
        ctx.app,
        'PATCH',
        `/events/${eventId}`,
        { title: 'Poetry and music night', price: '', endsAt: '', coverImage: await jpeg(500, 500) },
        organizer,
      );
      assert.equal(response.statusCode, 200, response.body);
      const event = json(response).data.event;
      assert.equal(event.title, 'Poetry and music night');
      assert.equal(event.price, null);
      assert.equal(event.endsAt, null);
      assert.equal((await ctx.app.inject(oldCover)).statusCode, 404);
      const badEnd = await sendForm(
        ctx.app,
        'PATCH',
        `/events/${eventId}`,
        { endsAt: new Date(Date.parse(event.startsAt) - HOUR).toISOString() },
        organizer,
      );
      assert.equal(json(badEnd).errors.endsAt, END_BEFORE_START_MESSAGE);
    });

    it('deletes: 403 for others, 204 for the organizer and an admin; 404 after', async () => {
      assert.equal((await del(`/events/${eventId}`, other)).statusCode, 403);
      assert.equal((await del(`/events/${eventId}`, organizer)).statusCode, 204);
      assert.equal((await get(`/events/${eventId}`)).statusCode, 404);
      assert.deepEqual(await uploadedFiles(ctx.app), []);
      const chess = json(await get('/events/mine', organizer)).data.events[0];
      assert.equal((await del(`/events/${chess._id}`, admin)).statusCode, 204);
      assert.equal((await del(`/events/${chess._id}`, organizer)).statusCode, 404);
      const summary = json(await get('/dashboard/summary', organizer)).data.summary;
      assert.equal(summary.events, 0);
    });
  });
});
