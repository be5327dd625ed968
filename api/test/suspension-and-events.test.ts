/**
 * Docs/decisions/0031: a suspension revokes every token issued before it (the session generation
 * of ADR 0011 is bumped in the suspension's transaction), so a token from before stays refused
 * after the unsuspend while a new login works; and events take Kenyan universities only, like
 * signup (the list's spelling is stored).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { hash as argonHash } from '@node-rs/argon2';
import { EVENT_UNIVERSITY_MESSAGE } from '../src/events/service.ts';
import { forEachEngine, json } from './helper.ts';
import { type Account, account, sendForm } from './selling-helpers.ts';

const PASSWORD = 'Mango-Tree-42';

forEachEngine('suspension revokes tokens; events in Kenya', (ctx) => {
  let admin: Account;
  before(async () => {
    admin = await account(ctx.app, { role: 'admin' });
  });

  it('a token issued before a suspension stays refused after the unsuspend', async () => {
    const email = `suspended-${Date.now()}@example.com`;
    const target = await account(ctx.app, { email, password_hash: await argonHash(PASSWORD) });
    const me = () => ctx.app.inject({ url: '/api/v1/users/me', headers: target.auth });
    assert.equal((await me()).statusCode, 200);
    const act = (what: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${target.user.id}/${what}`,
        headers: admin.auth,
        payload,
      });
    assert.equal((await act('suspend', { reason: 'Scams' })).statusCode, 200);
    assert.equal((await me()).statusCode, 401);
    assert.equal((await act('unsuspend', {})).statusCode, 200);
    const old = await me();
    assert.equal(old.statusCode, 401, old.body);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    assert.equal(login.statusCode, 200, login.body);
    const fresh = await ctx.app.inject({
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${json(login).token}` },
    });
    assert.equal(fresh.statusCode, 200);
  });

  it('an event at a university outside Kenya is a 400; a Kenyan one is stored in the list spelling', async () => {
    const organizer = await account(ctx.app);
    const form = {
      title: 'Poetry night',
      description: 'Open mic for poets',
      startsAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
      venue: 'Amphitheatre',
    };
    for (const university of ['Makerere University', 'Harvard University', 'University of Nai']) {
      const refused = await sendForm(ctx.app, 'POST', '/events', { ...form, university }, organizer);
      assert.equal(refused.statusCode, 400, `${university}: ${refused.body}`);
      assert.equal(json(refused).errors.university, EVENT_UNIVERSITY_MESSAGE);
    }
    const created = await sendForm(
      ctx.app,
      'POST',
      '/events',
      { ...form, university: '  kenyatta university ' },
      organizer,
    );
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(json(created).data.event.university, 'Kenyatta University');
    const id = json(created).data.event._id;

    const edited = await sendForm(
      ctx.app,
      'PATCH',
      `/events/${id}`,
      { university: 'Makerere University' },
      organizer,
    );
    assert.equal(edited.statusCode, 400, edited.body);
    const cleared = await sendForm(ctx.app, 'PATCH', `/events/${id}`, { university: '' }, organizer);
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal(json(cleared).data.event.university, null);
  });
});
