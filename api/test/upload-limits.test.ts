/**
 * Upload abuse limits (docs/decisions/0031): the profile photo shares the selling write limit
 * (`PATCH /users/updateMe` with a photo: 429 past `SELLING_WRITES_PER_MINUTE` per user and minute).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SELLING_WRITES_PER_MINUTE } from '../src/selling/hooks.ts';
import { forEachEngine, json } from './helper.ts';
import { account, jpeg, sendForm } from './selling-helpers.ts';

forEachEngine('upload limits', (ctx) => {
  it('avatar uploads answer 429 past the per-user write limit', async () => {
    const user = await account(ctx.app);
    const photo = await jpeg(32, 32, 'me.jpg');
    const statuses: number[] = [];
    for (let i = 0; i < SELLING_WRITES_PER_MINUTE; i += 1) {
      statuses.push((await sendForm(ctx.app, 'PATCH', '/users/updateMe', { photo }, user)).statusCode);
    }
    assert.deepEqual(
      statuses.slice(0, SELLING_WRITES_PER_MINUTE),
      Array(SELLING_WRITES_PER_MINUTE).fill(200),
    );
    const last = await sendForm(ctx.app, 'PATCH', '/users/updateMe', { photo }, user);
    assert.equal(last.statusCode, 429, last.body);
    assert.match(json(last).message, /Too many requests/);
    // Another account is not limited by this one.
    const other = await account(ctx.app);
    assert.equal((await sendForm(ctx.app, 'PATCH', '/users/updateMe', { photo }, other)).statusCode, 200);
  });
});
