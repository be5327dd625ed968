/**
 * Owner lockout (docs/decisions/0031, OWASP device cookies): ten wrong passwords from each of ten
 * addresses fill the per-e-mail login ceiling; the owner's browser, which logged in before and
 * carries the signed device cookie, still logs in with the right password (200), while an
 * unknown device (no cookie, a forged one, or another account's) gets 429.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hash as argonHash } from '@node-rs/argon2';
import { DEVICE_COOKIE } from '../src/auth/device-cookie.ts';
import { AUTH_RATE_LIMITS } from '../src/auth/rate-limits.ts';
import { forEachEngine, json } from './helper.ts';
import { account } from './selling-helpers.ts';

const PASSWORD = 'Mango-Tree-42';

forEachEngine('device cookies against owner lockout', (ctx) => {
  it('after the per-e-mail ceiling, a known device logs in and unknown devices get 429', async () => {
    const email = `owner-${Date.now()}@example.com`;
    await account(ctx.app, { email, password_hash: await argonHash(PASSWORD) });
    const other = `other-${Date.now()}@example.com`;
    await account(ctx.app, { email: other, password_hash: await argonHash(PASSWORD) });
    const login = (address: string, password: string, cookie?: string, who = email) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: address,
        headers: cookie ? { cookie } : {},
        payload: { email: who, password },
      });

    // The owner logs in once from home: the answer sets the device cookie.
    const first = await login('10.9.9.9', PASSWORD);
    assert.equal(first.statusCode, 200, first.body);
    const setCookie = String(first.headers['set-cookie']);
    assert.match(setCookie, new RegExp(`^${DEVICE_COOKIE}=`));
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    const deviceCookie = setCookie.split(';')[0] as string;
    // A device cookie of another account does not count for this one.
    const otherLogin = await login('10.9.9.8', PASSWORD, undefined, other);
    const otherCookie = String(otherLogin.headers['set-cookie']).split(';')[0] as string;

    // Ten wrong passwords from each of ten addresses.
    const ceiling = AUTH_RATE_LIMITS.login.perKey.max;
    const statuses: number[] = [];
    for (let address = 1; address <= 10; address += 1) {
      for (let attempt = 0; attempt < ceiling / 10; attempt += 1) {
        statuses.push((await login(`10.0.0.${address}`, 'wrong-password-1')).statusCode);
      }
    }
    assert.ok(statuses.includes(429), 'the attack reached the per-e-mail ceiling');

    // Unknown devices, from a fresh address: 429 with the right password too.
    const unknown = await login('10.1.1.1', PASSWORD);
    assert.equal(unknown.statusCode, 429, unknown.body);
    assert.ok(unknown.headers['retry-after']);
    const forged = await login('10.1.1.2', PASSWORD, `${deviceCookie.slice(0, -3)}abc`);
    assert.equal(forged.statusCode, 429);
    assert.equal((await login('10.1.1.3', PASSWORD, otherCookie)).statusCode, 429);

    // The owner's known device: 200, from home or a new address.
    const owner = await login('10.9.9.9', PASSWORD, deviceCookie);
    assert.equal(owner.statusCode, 200, owner.body);
    assert.ok(json(owner).token);
    assert.equal((await login('10.2.2.2', PASSWORD, deviceCookie)).statusCode, 200);
  });

  it('a known device has its own allowance: wrong passwords from it are throttled too', async () => {
    const email = `device-${Date.now()}@example.com`;
    await account(ctx.app, { email, password_hash: await argonHash(PASSWORD) });
    const login = (password: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '10.3.3.3',
        headers: cookie ? { cookie } : {},
        payload: { email, password },
      });
    const cookie = String((await login(PASSWORD)).headers['set-cookie']).split(';')[0] as string;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.login.perDevice.max; attempt += 1) {
      statuses.push((await login('wrong-password-1', cookie)).statusCode);
    }
    assert.equal(statuses.at(-1), 429);
  });
});
