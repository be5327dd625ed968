/**
 * API tests of server-side sessions (ADR 0011): a token must carry `exp` (and a
 * `jti`), logout revokes one token (also after a restart), "log out of all devices" ends every
 * token, changing the password while signed in ends the other sessions and returns a fresh one,
 * and the per-user write limit is keyed on the verified user, not the header's spelling.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { AUTH_MESSAGES } from '../src/auth/service.ts';
import { SELLING_WRITES_PER_MINUTE } from '../src/selling/hooks.ts';
import { insertUser } from './fixtures.ts';
import {
  buildTestApp,
  createThrowawayPostgres,
  ENGINES,
  type EngineContext,
  forEachEngine,
  json,
  rawHs256Token,
  sessionToken,
  testConfig,
} from './helper.ts';
import { linkIn, startMailServer } from './mail-server.ts';

const smtp = await startMailServer();
after(() => smtp.close());

type App = FastifyInstance;
const PASSWORD = 'Mango-Tree-42';
const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://campus.test' };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const getMe = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });

/** A verified account with a real password (argon2id) and a login token. */
async function loggedIn(app: App, names: { first_name?: string; last_name?: string } = {}) {
  const email = `session-${randomBytes(4).toString('hex')}@students.uonbi.ac.ke`;
  const { hash } = await import('@node-rs/argon2');
  await insertUser(app.db, {
    email,
    password_hash: await hash(PASSWORD),
    email_verified_at: new Date(),
    ...names,
  });
  return { email, token: await login(app, email, PASSWORD) };
}

async function login(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  assert.equal(response.statusCode, 200, response.body);
  return json(response).token;
}

function assertFail(response: { statusCode: number; body: string }, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(json(response).message, message);
}

forEachEngine(
  'session tokens (§12)',
  (ctx: EngineContext) => {
    it('a token signed with the real key but without exp (or without jti) is refused', async () => {
      const { email, token } = await loggedIn(ctx.app);
      const claims = ctx.app.jwt.decode<Record<string, unknown>>(token)!;
      assert.equal(typeof claims.exp, 'number');
      assert.match(String(claims.jti), /^[0-9a-f-]{36}$/);
      const { exp: _exp, ...noExp } = claims;
      assertFail(await getMe(ctx.app, rawHs256Token(noExp)), 401, AUTH_MESSAGES.sessionInvalid);
      const { jti: _jti, ...noJti } = claims;
      assertFail(await getMe(ctx.app, rawHs256Token(noJti)), 401, AUTH_MESSAGES.sessionInvalid);
      // The same claims with exp and jti are accepted: the signature is right, only the claim was missing.
      const me = await getMe(ctx.app, rawHs256Token(claims));
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(json(me).data.user.email, email);
    });

    it('POST /auth/logout revokes that token only; other sessions stay signed in', async () => {
      const { email, token } = await loggedIn(ctx.app);
      const other = await login(ctx.app, email, PASSWORD);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(token),
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(json(response), { status: 'success', message: AUTH_MESSAGES.loggedOut });
      assertFail(await getMe(ctx.app, token), 401, AUTH_MESSAGES.sessionEnded);
      assert.equal((await getMe(ctx.app, other)).statusCode, 200);
      // Logging out again with the revoked token is a 401, like any other call.
      assert.equal(
        (await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) }))
          .statusCode,
        401,
      );
      assert.equal((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode, 401);
    });

    it('POST /auth/logout-all ends every session of the user, and no one else', async () => {
      const { email, token } = await loggedIn(ctx.app);
      const other = await login(ctx.app, email, PASSWORD);
      const stranger = await loggedIn(ctx.app);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout-all',
        headers: bearer(token),
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(json(response).message, AUTH_MESSAGES.loggedOutEverywhere);
      assertFail(await getMe(ctx.app, token), 401, AUTH_MESSAGES.sessionEnded);
      assertFail(await getMe(ctx.app, other), 401, AUTH_MESSAGES.sessionEnded);
      assert.equal((await getMe(ctx.app, stranger.token)).statusCode, 200);
      // A new login works.
      assert.equal((await getMe(ctx.app, await login(ctx.app, email, PASSWORD))).statusCode, 200);
    });

    it('the new routes are documented in /api/docs', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      assert.equal(response.statusCode, 200);
      const paths = json(response).paths;
      assert.ok(paths['/api/v1/auth/logout']?.post);
      assert.ok(paths['/api/v1/auth/logout-all']?.post);
      const change = paths['/api/v1/users/updateMyPassword']?.patch;
      assert.ok(change?.requestBody);
      assert.ok(change.responses['200']);
    });
  },
  { env },
);

forEachEngine(
  'PATCH /users/updateMyPassword (§12)',
  (ctx: EngineContext) => {
    const change = (token: string, payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/updateMyPassword',
        headers: bearer(token),
        payload,
      });

    it('changes the password, ends the other sessions, returns a fresh session and mails a notice', async () => {
      const { email, token } = await loggedIn(ctx.app);
      const other = await login(ctx.app, email, PASSWORD);
      const response = await change(token, {
        passwordCurrent: PASSWORD,
        password: 'Blue-Papaya-19',
        passwordConfirm: 'Blue-Papaya-19',
      });
      assert.equal(response.statusCode, 200, response.body);
      const answer = json(response);
      assert.equal(answer.status, 'success');
      assert.equal(answer.user.email, email);
      assert.equal((await getMe(ctx.app, answer.token)).statusCode, 200);
      assert.equal((await getMe(ctx.app, token)).statusCode, 401);
      assert.equal((await getMe(ctx.app, other)).statusCode, 401);
      await login(ctx.app, email, 'Blue-Papaya-19');
      const wrongOld = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: PASSWORD },
      });
      assert.equal(wrongOld.statusCode, 401);
      const notice = await smtp.waitFor(email);
      assert.match(notice.subject, /password was changed/);
      assert.equal(linkIn(notice, '/forgot-password'), 'http://campus.test/forgot-password');
    });

    it('a wrong or missing current password is a 400 with a clear message (the session stays)', async () => {
      const { token } = await loggedIn(ctx.app);
      const wrong = await change(token, {
        passwordCurrent: 'not-it',
        password: 'Blue-Papaya-19',
        passwordConfirm: 'Blue-Papaya-19',
      });
      assertFail(wrong, 400, AUTH_MESSAGES.passwordCurrentWrong);
      assert.deepEqual(json(wrong).errors, { passwordCurrent: AUTH_MESSAGES.passwordCurrentWrong });
      assertFail(
        await change(token, { password: 'Blue-Papaya-19', passwordConfirm: 'Blue-Papaya-19' }),
        400,
        AUTH_MESSAGES.passwordCurrentRequired,
      );
      assert.equal((await getMe(ctx.app, token)).statusCode, 200);
    });

    it('applies the password rules: §5 and §12', async () => {
      const { token, email } = await loggedIn(ctx.app, { first_name: 'Nyambura', last_name: 'Otieno' });
      const cases: [object, string][] = [
        [{ password: 'abc', passwordConfirm: 'abc' }, 'Password must be at least 4 characters long'],
        [{ password: 'Lime-Tree-77', passwordConfirm: 'Lime-Tree-78' }, 'Passwords must match'],
        [
          { password: 'password', passwordConfirm: 'password' },
          'This password is too common. Choose a less common one.',
        ],
        [
          { password: 'nyambura#2026', passwordConfirm: 'nyambura#2026' },
          'Your password must not contain your name or email.',
        ],
        [
          { password: `${email.split('@')[0]}!`, passwordConfirm: `${email.split('@')[0]}!` },
          'Your password must not contain your name or email.',
        ],
      ];
      for (const [fields, message] of cases) {
        assertFail(await change(token, { passwordCurrent: PASSWORD, ...fields }), 400, message);
      }
      assert.equal((await getMe(ctx.app, token)).statusCode, 200);
    });

    it('401 without a session', async () => {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/updateMyPassword',
        payload: { passwordCurrent: 'x', password: 'Lime-Tree-77', passwordConfirm: 'Lime-Tree-77' },
      });
      assert.equal(response.statusCode, 401);
    });
  },
  { env },
);

for (const engine of ENGINES) {
  describe(`logout survives a restart [${engine}]`, () => {
    it('a logged-out token stays refused after the app is rebuilt on the same database', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-soko-restart-'));
      // PostgreSQL: one throwaway database for both apps; PGlite: one data folder.
      const pg = engine === 'postgres' ? await createThrowawayPostgres() : null;
      // PGlite on disk: DATABASE_URL unset means DATA_DIR/db.
      const config = () => {
        const base = testConfig(dataDir, { ...env, ...(pg ? { DATABASE_URL: pg.url } : {}) });
        return pg
          ? base
          : { ...base, database: { engine: 'pglite' as const, dataDir: path.join(dataDir, 'db') } };
      };
      try {
        const first = await buildApp(config(), { logger: false });
        await first.ready();
        const user = await insertUser(first.db, { email_verified_at: new Date() });
        const token = sessionToken(first, user);
        assert.equal((await getMe(first, token)).statusCode, 200);
        assert.equal(
          (await first.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) }))
            .statusCode,
          200,
        );
        await first.close();
        const second = await buildApp(config(), { logger: false });
        await second.ready();
        try {
          assertFail(await getMe(second, token), 401, AUTH_MESSAGES.sessionEnded);
          assert.equal((await getMe(second, sessionToken(second, user))).statusCode, 200);
        } finally {
          await second.close();
        }
      } finally {
        await pg?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}

describe('per-user write limit keyed on the verified user (§14)', () => {
  it('varying the Authorization header (extra spaces, case) does not reset the allowance', async () => {
    const app = await buildTestApp('pglite', { env: { ...env, RATE_LIMIT_FACTOR: '1' } });
    try {
      const user = await insertUser(app.db, { email_verified_at: new Date() });
      const token = sessionToken(app, user);
      const spellings = [
        `Bearer ${token}`,
        `Bearer  ${token}`,
        `bearer ${token}`,
        `Bearer ${token} `,
        `BEARER\t${token}`,
      ];
      const del = (i: number) =>
        app.inject({
          method: 'DELETE',
          url: `/api/v1/products/${randomUUID()}`,
          headers: { authorization: spellings[i % spellings.length]! },
        });
      for (let i = 0; i < SELLING_WRITES_PER_MINUTE; i++) {
        const response = await del(i);
        assert.equal(response.statusCode, 404, `write ${i + 1}: ${response.body}`);
      }
      const over = await del(SELLING_WRITES_PER_MINUTE);
      assert.equal(over.statusCode, 429, over.body);
      // Another user has their own allowance.
      const other = await insertUser(app.db, { email_verified_at: new Date() });
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${randomUUID()}`,
        headers: bearer(sessionToken(app, other)),
      });
      assert.equal(response.statusCode, 404);
    } finally {
      await app.close();
    }
  });
});
