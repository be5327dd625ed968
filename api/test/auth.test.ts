/**
 * API tests of the account flows (docs/product.md §12): signup with every docs/product.md §5 rule, the verification link
 * (success, used, unknown, expired, superseded by a resend), resend, login (unverified, wrong
 * password vs unknown e-mail, the JWT and its refusal after a password change), forgot/reset
 * password, concurrent duplicate signups and the rate limits. Mail goes to a real SMTP server
 * (`smtp-server` on a random port) and links are read out of the received mails, then followed.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { AUTH_RATE_LIMITS } from '../src/auth/rate-limits.ts';
import { AUTH_MESSAGES } from '../src/auth/service.ts';
import { hashLinkToken } from '../src/auth/tokens.ts';
import { MESSAGES } from '../src/auth/validation.ts';
import { buildTestApp, type EngineContext, forEachEngine, json } from './helper.ts';
import { linkIn, pathOf, startMailServer } from './mail-server.ts';

const smtp = await startMailServer();
after(() => smtp.close());

const PUBLIC_URL = 'http://campus.test';
let counter = 0;
const uniqueEmail = (tag = 'student') =>
  // Random letters g-v, never hex: a hex suffix once held 'abcd', and the common-password case
  // for 'abcd' then met the "contains your e-mail" rule first.
  `${tag}-${++counter}-${randomBytes(3)
    .toString('hex')
    .replace(/[0-9a-f]/g, (c) => 'ghijklmnopqrstuv'[Number.parseInt(c, 16)] as string)}@students.uonbi.ac.ke`;

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: uniqueEmail(),
  whatsApp: '254712345678',
  university: 'University of Nairobi',
  password: 'Mango-Tree-42',
  passwordConfirm: 'Mango-Tree-42',
  ...overrides,
});

type App = FastifyInstance;
const post = (app: App, url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress });
const getMe = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });

/** Follows a link from a mail on the app; returns the redirect's status and message. */
async function follow(app: App, link: string) {
  const response = await app.inject({ method: 'GET', url: pathOf(link) });
  assert.equal(response.statusCode, 303, response.body);
  const location = new URL(String(response.headers.location), 'http://site.test');
  assert.equal(location.pathname, '/verify-email');
  assert.equal(location.searchParams.get('message'), null, 'no text travels in the redirect');
  return { status: location.searchParams.get('status'), code: location.searchParams.get('code') };
}

/** The verification link of the n-th (0-based) verification mail sent to `email`. */
async function verificationLink(email: string, index = 0): Promise<string> {
  const mail = await smtp.waitFor(email, { since: index });
  return linkIn(mail, '/api/v1/auth/verify-email/');
}

/** Signs up a fresh account and follows its link: returns the credentials. */
async function verifiedAccount(app: App, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const response = await post(app, '/auth/signup', body);
  assert.equal(response.statusCode, 201, response.body);
  const outcome = await follow(app, await verificationLink(body.email));
  assert.equal(outcome.status, 'success');
  return { email: body.email, password: body.password };
}

async function loginToken(app: App, email: string, password: string): Promise<string> {
  const response = await post(app, '/auth/login', { email, password });
  assert.equal(response.statusCode, 200, response.body);
  return json(response).token;
}

function assertFail(response: { statusCode: number; body: string }, status: number, message: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.deepEqual(
    { status: json(response).status, message: json(response).message },
    { status: 'fail', message },
  );
}

const env = { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_FACTOR: '1000' };

forEachEngine(
  'POST /auth/signup',
  (ctx: EngineContext) => {
    it('creates an unverified account with an argon2id hash and mails the link (201)', async () => {
      const body = signupBody({
        email: `  Mixed.Case-${randomBytes(3).toString('hex')}@Students.UONBI.ac.ke `,
        firstName: ' Achieng ',
      });
      const response = await post(ctx.app, '/auth/signup', body);
      assert.equal(response.statusCode, 201, response.body);
      const answer = json(response);
      const email = body.email.trim().toLowerCase();
      assert.equal(answer.status, 'success');
      assert.equal(
        answer.message,
        'Registered successfully. Please check your email to verify your account.',
      );
      assert.deepEqual(Object.keys(answer).sort(), ['message', 'status']);
      const row = await ctx.app.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      assert.equal(row.first_name, 'Achieng');
      assert.equal(row.role, 'user');
      assert.equal(row.photo, null);
      assert.match(row.password_hash ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.equal(row.email_verified_at, null);
      const mail = await smtp.waitFor(email);
      assert.match(
        linkIn(mail, '/api/v1/auth/verify-email/'),
        new RegExp(`^${PUBLIC_URL}/api/v1/auth/verify-email/[A-Za-z0-9_-]{43}$`),
      );
      const tokens = await ctx.app.db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('user_id', '=', row.id)
        .execute();
      assert.equal(tokens.length, 1);
      assert.equal(tokens[0]?.purpose, 'verify_email');
      assert.equal(tokens[0]?.token_hash, hashLinkToken(linkIn(mail, '/verify-email/').split('/').pop()!));
      const ttl = tokens[0]!.expires_at.getTime() - Date.now();
      assert.ok(ttl > 23.9 * 3600_000 && ttl <= 24 * 3600_000, `ttl ${ttl}`);
    });

    it('an empty body gets every required message of §5', async () => {
      const response = await post(ctx.app, '/auth/signup', {});
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response), {
        status: 'fail',
        message: 'First name is required',
        errors: {
          firstName: 'First name is required',
          lastName: 'Last name is required',
          email: 'Email is required',
          whatsApp: 'WhatsApp number is required',
          university: 'Please select your university',
          password: 'Password is required',
          passwordConfirm: 'Please confirm your password',
        },
      });
    });

    const invalid: [string, Record<string, unknown>, string, string][] = [
      ['blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
      ['blank last name', { lastName: ' ' }, 'lastName', 'Last name is required'],
      ['e-mail without domain', { email: 'wanjiru@' }, 'email', 'Please enter a valid email address'],
      [
        'e-mail without dot in the domain',
        { email: 'wanjiru@localhost' },
        'email',
        'Please enter a valid email address',
      ],
      [
        'e-mail with a space',
        { email: 'wan jiru@uonbi.ac.ke' },
        'email',
        'Please enter a valid email address',
      ],
      ['WhatsApp with a local 07 prefix', { whatsApp: '0712345678' }, 'whatsApp', MESSAGES.whatsAppInvalid],
      ['WhatsApp with 8 digits after 254', { whatsApp: '25471234567' }, 'whatsApp', MESSAGES.whatsAppInvalid],
      [
        'WhatsApp with 10 digits after 254',
        { whatsApp: '2547123456789' },
        'whatsApp',
        MESSAGES.whatsAppInvalid,
      ],
      ['WhatsApp with a plus', { whatsApp: '+254712345678' }, 'whatsApp', MESSAGES.whatsAppInvalid],
      ['blank WhatsApp', { whatsApp: '' }, 'whatsApp', 'WhatsApp number is required'],
      [
        'part of a university name',
        { university: 'University of Nai' },
        'university',
        'Please select your university',
      ],
      [
        'a university outside Kenya',
        { university: 'Makerere University' },
        'university',
        'Please select your university',
      ],
      ['blank university', { university: '' }, 'university', 'Please select your university'],
      [
        '3-character password',
        { password: 'abc', passwordConfirm: 'abc' },
        'password',
        'Password must be at least 4 characters long',
      ],
      [
        'whitespace password',
        { password: '    ', passwordConfirm: '    ' },
        'password',
        'Password is required',
      ],
      [
        'different confirmation',
        { passwordConfirm: 'Mango-Tree-43' },
        'passwordConfirm',
        'Passwords must match',
      ],
      ['blank confirmation', { passwordConfirm: '' }, 'passwordConfirm', 'Please confirm your password'],
      // ADR 0011 (ASVS 6.2.4): common passwords, and the name or e-mail inside the password.
      ...(['1234', 'password', 'Password1', 'abcd', 'qwerty'].map((pw) => [
        `common password '${pw}'`,
        { password: pw, passwordConfirm: pw },
        'password',
        'This password is too common. Choose a less common one.',
      ]) as [string, Record<string, unknown>, string, string][]),
      ...([
        ['the first name', { firstName: 'Achieng', password: 'my-ACHIENG-77' }],
        ['the last name', { lastName: 'Odhiambo', password: 'odhiambo!Lime4' }],
        [
          "the e-mail's local part",
          { email: 'zawadi.mwangi@students.uonbi.ac.ke', password: 'Zawadi.Mwangi+8' },
        ],
      ].map(([what, fields]) => [
        `a password containing ${what}`,
        { ...(fields as object), passwordConfirm: (fields as { password: string }).password },
        'password',
        'Your password must not contain your name or email.',
      ]) as [string, Record<string, unknown>, string, string][]),
    ];
    for (const [name, overrides, field, message] of invalid) {
      it(`400 for ${name}: errors.${field} = '${message}'`, async () => {
        const response = await post(ctx.app, '/auth/signup', signupBody(overrides));
        assert.equal(response.statusCode, 400, response.body);
        const answer = json(response);
        assert.equal(answer.status, 'fail');
        assert.equal(answer.message, message);
        assert.equal(answer.errors[field], message);
        // Only the field under test (and, for a blank password, its blank confirmation) fails.
        assert.deepEqual(
          Object.keys(answer.errors).filter(
            (key) => key !== 'passwordConfirm' || field === 'passwordConfirm',
          ),
          [field],
        );
      });
    }

    it('accepts a university in another letter case and stores the list spelling', async () => {
      const body = signupBody({ university: '  kenyatta UNIVERSITY ' });
      const response = await post(ctx.app, '/auth/signup', body);
      assert.equal(response.statusCode, 201, response.body);
      const row = await ctx.app.db
        .selectFrom('users')
        .select('university')
        .where('email', '=', body.email)
        .executeTakeFirstOrThrow();
      assert.equal(row.university, 'Kenyatta University');
    });

    it('a taken e-mail (any letter case) answers exactly like a new signup and mails the owner a notice (§12)', async () => {
      const body = signupBody();
      const first = await post(ctx.app, '/auth/signup', body);
      assert.equal(first.statusCode, 201);
      await smtp.waitFor(body.email);
      const again = await post(ctx.app, '/auth/signup', {
        ...body,
        email: body.email.toUpperCase(),
        firstName: 'Intruder',
        password: 'Other-Pass-77',
        passwordConfirm: 'Other-Pass-77',
      });
      assert.equal(again.statusCode, first.statusCode);
      assert.equal(again.body, first.body);
      const notice = await smtp.waitFor(body.email, { since: 1 });
      assert.match(notice.subject, /tried to sign up/);
      assert.match(notice.text, /^Hi Wanjiru,/);
      assert.equal(linkIn(notice, '/forgot-password'), `${PUBLIC_URL}/forgot-password`);
      const rows = await ctx.app.db
        .selectFrom('users')
        .select('first_name')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email))
        .execute();
      assert.deepEqual(rows, [{ first_name: 'Wanjiru' }]);
    });

    it('concurrent signups with one e-mail create exactly one account', async () => {
      const body = signupBody();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(ctx.app, '/auth/signup', { ...body, firstName: `Racer${i}` }),
        ),
      );
      const codes = responses.map((response) => response.statusCode);
      assert.deepEqual(codes, [201, 201, 201, 201, 201, 201]);
      assert.equal(new Set(responses.map((response) => response.body)).size, 1);
      const rows = await ctx.app.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email))
        .execute();
      assert.equal(rows.length, 1);
    });
  },
  { env },
);

forEachEngine(
  'GET /auth/verify-email/:token and POST /auth/resend-verification',
  (ctx: EngineContext) => {
    it('the link verifies the account and redirects with status=success; a second use says it was used', async () => {
      const body = signupBody();
      await post(ctx.app, '/auth/signup', body);
      const link = await verificationLink(body.email);
      const first = await follow(ctx.app, link);
      assert.deepEqual(first, { status: 'success', code: 'verified' });
      const row = await ctx.app.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', body.email)
        .executeTakeFirstOrThrow();
      assert.ok(row.email_verified_at instanceof Date);
      const second = await follow(ctx.app, link);
      assert.deepEqual(second, { status: 'error', code: 'used' });
    });

    it('an unknown or malformed token redirects with status=error and says so', async () => {
      for (const token of [
        randomBytes(32).toString('base64url'),
        'short',
        'x'.repeat(43).replace(/x/g, '!'),
      ]) {
        const outcome = await follow(
          ctx.app,
          `${PUBLIC_URL}/api/v1/auth/verify-email/${encodeURIComponent(token)}`,
        );
        assert.deepEqual(outcome, { status: 'error', code: 'invalid' });
      }
    });

    it('an expired link (past 24 h) redirects with the expired message and leaves the account unverified', async () => {
      const body = signupBody();
      await post(ctx.app, '/auth/signup', body);
      const link = await verificationLink(body.email);
      const hash = hashLinkToken(link.split('/').pop()!);
      await ctx.app.db
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', hash)
        .execute();
      assert.deepEqual(await follow(ctx.app, link), { status: 'error', code: 'expired' });
      const row = await ctx.app.db
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', body.email)
        .executeTakeFirstOrThrow();
      assert.equal(row.email_verified_at, null);
    });

    it('resend mails a fresh link and the old one stops working', async () => {
      const body = signupBody();
      await post(ctx.app, '/auth/signup', body);
      const oldLink = await verificationLink(body.email, 0);
      const response = await post(ctx.app, '/auth/resend-verification', {
        email: ` ${body.email.toUpperCase()} `,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(json(response), { status: 'success', message: AUTH_MESSAGES.resendAccepted });
      const newLink = await verificationLink(body.email, 1);
      assert.notEqual(newLink, oldLink);
      assert.deepEqual(await follow(ctx.app, oldLink), { status: 'error', code: 'superseded' });
      assert.deepEqual(await follow(ctx.app, newLink), { status: 'success', code: 'verified' });
    });

    it('resend answers the same for an unknown and a verified address, and mails neither', async () => {
      const unknown = uniqueEmail('nobody');
      const verified = await verifiedAccount(ctx.app);
      const before = smtp.mailsTo(verified.email).length;
      const a = await post(ctx.app, '/auth/resend-verification', { email: unknown });
      const b = await post(ctx.app, '/auth/resend-verification', { email: verified.email });
      assert.equal(a.statusCode, 200);
      assert.equal(a.body, b.body);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(smtp.mailsTo(unknown).length, 0);
      assert.equal(smtp.mailsTo(verified.email).length, before);
    });

    it('resend with a missing or malformed e-mail is a 400', async () => {
      assertFail(await post(ctx.app, '/auth/resend-verification', {}), 400, 'Email is required');
      assertFail(
        await post(ctx.app, '/auth/resend-verification', { email: 'nope' }),
        400,
        'Please enter a valid email address',
      );
    });
  },
  { env },
);

forEachEngine(
  'POST /auth/login and the session token',
  (ctx: EngineContext) => {
    it('refuses an unverified account with 403 and the verify-first message', async () => {
      const body = signupBody();
      await post(ctx.app, '/auth/signup', body);
      const response = await post(ctx.app, '/auth/login', { email: body.email, password: body.password });
      assertFail(
        response,
        403,
        'Please verify your email address before logging in. Check your inbox for the verification link or request a new one.',
      );
    });

    it('answers {status, token, user} for a verified account (e-mail in any case)', async () => {
      const account = await verifiedAccount(ctx.app, {
        firstName: 'Otieno',
        university: 'Strathmore University',
      });
      const response = await post(ctx.app, '/auth/login', {
        email: account.email.toUpperCase(),
        password: account.password,
      });
      assert.equal(response.statusCode, 200, response.body);
      const answer = json(response);
      assert.equal(answer.status, 'success');
      assert.match(answer.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.equal(answer.user.firstName, 'Otieno');
      assert.equal(answer.user.university, 'Strathmore University');
      assert.equal(answer.user.email, account.email);
      const claims = ctx.app.jwt.decode<{ sub: string; iat: number; exp: number; pca: number }>(
        answer.token,
      )!;
      assert.equal(claims.sub, answer.user._id);
      assert.equal(claims.exp - claims.iat, 7 * 24 * 3600);
      const me = await getMe(ctx.app, answer.token);
      assert.equal(me.statusCode, 200, me.body);
      assert.deepEqual(json(me).data.user, answer.user);
    });

    it('gives the same 401 message for an unknown e-mail and a wrong password', async () => {
      const account = await verifiedAccount(ctx.app);
      const wrong = await post(ctx.app, '/auth/login', {
        email: account.email,
        password: 'not-the-password',
      });
      const unknown = await post(ctx.app, '/auth/login', {
        email: uniqueEmail('ghost'),
        password: 'whatever',
      });
      assertFail(wrong, 401, 'Incorrect email or password');
      assertFail(unknown, 401, 'Incorrect email or password');
      assert.equal(wrong.body, unknown.body);
    });

    it('400 when a field is missing or blank', async () => {
      assertFail(await post(ctx.app, '/auth/login', { email: 'a@b.co' }), 400, AUTH_MESSAGES.loginMissing);
      assertFail(
        await post(ctx.app, '/auth/login', { email: '  ', password: 'pass' }),
        400,
        AUTH_MESSAGES.loginMissing,
      );
    });

    it('authenticate: no token, a bad token, another secret, an expired token are 401 with their messages', async () => {
      const account = await verifiedAccount(ctx.app);
      const token = await loginToken(ctx.app, account.email, account.password);
      const { sub, pca } = ctx.app.jwt.decode<{ sub: string; pca: number }>(token)!;
      const jti = () => randomUUID();
      assertFail(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me' }),
        401,
        'Please log in to continue',
      );
      assertFail(await getMe(ctx.app, 'not.a.jwt'), 401, AUTH_MESSAGES.sessionInvalid);
      const [header, payload] = token.split('.');
      assertFail(
        await getMe(ctx.app, `${header}.${payload}.${'A'.repeat(43)}`),
        401,
        AUTH_MESSAGES.sessionInvalid,
      );
      const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * 24 * 3600;
      const expired = ctx.app.jwt.sign({ sub, pca, jti: jti(), iat: eightDaysAgo });
      assertFail(await getMe(ctx.app, expired), 401, AUTH_MESSAGES.sessionExpired);
      const stranger = ctx.app.jwt.sign({ sub: '00000000-0000-4000-8000-000000000000', pca, jti: jti() });
      assertFail(await getMe(ctx.app, stranger), 401, AUTH_MESSAGES.userGone);
    });

    it('a token issued before a password change is refused, even within the same second', async () => {
      const account = await verifiedAccount(ctx.app);
      const oldToken = await loginToken(ctx.app, account.email, account.password);
      assert.equal((await getMe(ctx.app, oldToken)).statusCode, 200);
      await post(ctx.app, '/auth/forgot-password', { email: account.email });
      const link = linkIn(await smtp.waitFor(account.email, { since: 1 }), '/reset-password/');
      const token = link.split('/').pop()!;
      const reset = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/reset-password/${token}`,
        payload: { password: 'Fresh-Mango-8', passwordConfirm: 'Fresh-Mango-8' },
      });
      assert.equal(reset.statusCode, 200, reset.body);
      assertFail(
        await getMe(ctx.app, oldToken),
        401,
        'Your password was changed recently. Please log in again.',
      );
      const newToken = await loginToken(ctx.app, account.email, 'Fresh-Mango-8');
      assert.equal((await getMe(ctx.app, newToken)).statusCode, 200);
    });

    it('a token without the pca claim is judged by iat in whole seconds', async () => {
      const account = await verifiedAccount(ctx.app);
      const row = await ctx.app.db
        .selectFrom('users')
        .select(['id', 'password_changed_at'])
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      const changedSec = Math.floor(row.password_changed_at.getTime() / 1000);
      const before = ctx.app.jwt.sign({ sub: row.id, jti: randomUUID(), iat: changedSec - 1 });
      const after = ctx.app.jwt.sign({ sub: row.id, jti: randomUUID(), iat: changedSec + 1 });
      assertFail(await getMe(ctx.app, before), 401, AUTH_MESSAGES.passwordChanged);
      assert.equal((await getMe(ctx.app, after)).statusCode, 200);
    });
  },
  { env },
);

forEachEngine(
  'forgot and reset password',
  (ctx: EngineContext) => {
    const patchReset = (token: string, payload: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/reset-password/${token}`,
        payload: payload as object,
      });

    async function requestReset(email: string, index: number): Promise<string> {
      const response = await post(ctx.app, '/auth/forgot-password', { email });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(json(response), { status: 'success', message: AUTH_MESSAGES.forgotAccepted });
      const mail = await smtp.waitFor(email, { since: index });
      assert.match(mail.subject, /Reset your Campus Soko password/);
      const link = linkIn(mail, '/reset-password/');
      assert.match(link, new RegExp(`^${PUBLIC_URL}/reset-password/[A-Za-z0-9_-]{43}$`));
      return link.split('/').pop()!;
    }

    it('mails a 1-hour link; the reset sets the password and the link works once', async () => {
      const account = await verifiedAccount(ctx.app);
      const token = await requestReset(account.email, 1);
      const row = await ctx.app.db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('token_hash', '=', hashLinkToken(token))
        .executeTakeFirstOrThrow();
      const ttl = row.expires_at.getTime() - Date.now();
      assert.ok(ttl > 59 * 60_000 && ttl <= 3600_000, `ttl ${ttl}`);
      const response = await patchReset(token, { password: 'brand-new', passwordConfirm: 'brand-new' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(json(response), { status: 'success', message: AUTH_MESSAGES.resetSuccess });
      assertFail(
        await post(ctx.app, '/auth/login', { email: account.email, password: account.password }),
        401,
        'Incorrect email or password',
      );
      assert.equal(
        (await post(ctx.app, '/auth/login', { email: account.email, password: 'brand-new' })).statusCode,
        200,
      );
      assertFail(
        await patchReset(token, { password: 'again', passwordConfirm: 'again' }),
        400,
        AUTH_MESSAGES.resetUsed,
      );
    });

    it('checks the new password with the §5 rules, and refuses common or personal ones (§12)', async () => {
      const account = await verifiedAccount(ctx.app, { firstName: 'Wanjiru', lastName: 'Kamau' });
      const token = await requestReset(account.email, 1);
      const short = await patchReset(token, { password: 'abc', passwordConfirm: 'abc' });
      assert.equal(short.statusCode, 400);
      assert.deepEqual(json(short).errors, { password: 'Password must be at least 4 characters long' });
      const mismatch = await patchReset(token, { password: 'k9#x', passwordConfirm: 'k9#y' });
      assert.deepEqual(json(mismatch).errors, { passwordConfirm: 'Passwords must match' });
      const empty = await patchReset(token, {});
      assert.deepEqual(json(empty).errors, {
        password: 'Password is required',
        passwordConfirm: 'Please confirm your password',
      });
      for (const common of ['abcd', '1234', 'password', 'qwerty']) {
        assertFail(
          await patchReset(token, { password: common, passwordConfirm: common }),
          400,
          'This password is too common. Choose a less common one.',
        );
      }
      for (const personal of ['KAMAU-lime-9', 'xx-wanjiru-xx', account.email.split('@')[0]!.toUpperCase()]) {
        assertFail(
          await patchReset(token, { password: personal, passwordConfirm: personal }),
          400,
          'Your password must not contain your name or email.',
        );
      }
      // The link still works after the refused attempts; 4 characters stay enough (docs/product.md §5).
      assert.equal((await patchReset(token, { password: 'k9#x', passwordConfirm: 'k9#x' })).statusCode, 200);
    });

    it('an expired, superseded or unknown link is refused with a message that says which', async () => {
      const account = await verifiedAccount(ctx.app);
      const first = await requestReset(account.email, 1);
      const second = await requestReset(account.email, 2);
      const good = { password: 'fresh-pass', passwordConfirm: 'fresh-pass' };
      assertFail(await patchReset(first, good), 400, AUTH_MESSAGES.resetSuperseded);
      await ctx.app.db
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1) })
        .where('token_hash', '=', hashLinkToken(second))
        .execute();
      assertFail(await patchReset(second, good), 400, AUTH_MESSAGES.resetExpired);
      assertFail(
        await patchReset(randomBytes(32).toString('base64url'), good),
        400,
        AUTH_MESSAGES.resetUnknown,
      );
      assertFail(await patchReset('garbage', good), 400, AUTH_MESSAGES.resetUnknown);
      // A verification token is not a reset token.
      const body = signupBody();
      await post(ctx.app, '/auth/signup', body);
      const verifyToken = (await verificationLink(body.email)).split('/').pop()!;
      assertFail(await patchReset(verifyToken, good), 400, AUTH_MESSAGES.resetUnknown);
    });

    it('answers the same for an unknown address and mails nothing; 400 for a malformed one', async () => {
      const unknown = uniqueEmail('nobody');
      const response = await post(ctx.app, '/auth/forgot-password', { email: unknown });
      assert.deepEqual(json(response), { status: 'success', message: AUTH_MESSAGES.forgotAccepted });
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(smtp.mailsTo(unknown).length, 0);
      assertFail(
        await post(ctx.app, '/auth/forgot-password', { email: 'x@' }),
        400,
        'Please enter a valid email address',
      );
    });

    it('a reset verifies a not yet verified account (the link proved the address)', async () => {
      const body = signupBody();
      await post(ctx.app, '/auth/signup', body);
      const token = await requestReset(body.email, 1);
      assert.equal(
        (await patchReset(token, { password: 'reset-pass', passwordConfirm: 'reset-pass' })).statusCode,
        200,
      );
      assert.equal(
        (await post(ctx.app, '/auth/login', { email: body.email, password: 'reset-pass' })).statusCode,
        200,
      );
    });
  },
  { env },
);

describe('rate limits (real allowances, RATE_LIMIT_FACTOR=1)', () => {
  let app: App;
  before(async () => {
    app = await buildTestApp('pglite', { env: { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_FACTOR: '1' } });
  });
  after(() => app?.close());

  function assert429(
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
    windowMs: number,
  ) {
    assert.equal(response.statusCode, 429, response.body);
    const seconds = Number(response.headers['retry-after']);
    assert.ok(seconds >= 1 && seconds <= windowMs / 1000, `Retry-After ${response.headers['retry-after']}`);
    assert.deepEqual(json(response), {
      status: 'fail',
      message: `Too many attempts, please try again in ${seconds} seconds.`,
    });
  }

  it('login: 10 failures from one address do not lock the owner out from another (§12)', async () => {
    const account = await verifiedAccount(app);
    const { max, windowMs } = AUTH_RATE_LIMITS.login.perKeyAndIp;
    assert.equal(max, 10);
    for (let i = 0; i < max; i++) {
      const response = await post(
        app,
        '/auth/login',
        { email: account.email, password: `guess-${i}` },
        '127.0.0.2',
      );
      assert.equal(response.statusCode, 401, `attempt ${i + 1}: ${response.body}`);
    }
    // The attacker's address is throttled, also with the right password ...
    assert429(
      await post(
        app,
        '/auth/login',
        { email: account.email.toUpperCase(), password: account.password },
        '127.0.0.2',
      ),
      windowMs,
    );
    // ... the owner elsewhere is not.
    const owner = await post(
      app,
      '/auth/login',
      { email: account.email, password: account.password },
      '127.0.0.1',
    );
    assert.equal(owner.statusCode, 200, owner.body);
  });

  it('login: a per-e-mail ceiling across addresses, far above the per-address limit', async () => {
    const { max, windowMs } = AUTH_RATE_LIMITS.login.perKey;
    assert.ok(max >= 10 * AUTH_RATE_LIMITS.login.perKeyAndIp.max);
    const email = uniqueEmail('guess');
    for (let i = 0; i < max; i++) {
      // A blank password is refused cheaply (400) but counts like any attempt.
      const response = await post(app, '/auth/login', { email, password: '' }, `10.1.${i >> 8}.${i & 255}`);
      assert.equal(response.statusCode, 400, `attempt ${i + 1}: ${response.body}`);
    }
    assert429(await post(app, '/auth/login', { email, password: 'x' }, '10.1.9.1'), windowMs);
    // Another account is not affected.
    assert.equal(
      (await post(app, '/auth/login', { email: uniqueEmail(), password: 'x' }, '10.1.9.2')).statusCode,
      401,
    );
  });

  it('login: per IP, across e-mails, sized for a lecture hall (§12)', async () => {
    const { max, windowMs } = AUTH_RATE_LIMITS.login.perIp;
    assert.ok(max >= 300);
    for (let i = 0; i < max; i++) {
      const response = await post(app, '/auth/login', { email: uniqueEmail(), password: '' }, '10.2.0.1');
      assert.equal(response.statusCode, 400);
    }
    assert429(await post(app, '/auth/login', { email: uniqueEmail(), password: 'x' }, '10.2.0.1'), windowMs);
    assert.equal(
      (await post(app, '/auth/login', { email: uniqueEmail(), password: 'x' }, '10.2.0.2')).statusCode,
      401,
    );
  });

  it('signup: per e-mail, and per IP at least 300 an hour for a campus NAT (§12)', async () => {
    const email = uniqueEmail('flood');
    const perKey = AUTH_RATE_LIMITS.signup.perKey;
    for (let i = 0; i < perKey.max; i++) {
      const response = await post(app, '/auth/signup', { email }, `10.3.0.${i + 1}`);
      assert.equal(response.statusCode, 400);
    }
    assert429(await post(app, '/auth/signup', signupBody({ email }), '10.3.1.1'), perKey.windowMs);
    const perIp = AUTH_RATE_LIMITS.signup.perIp;
    assert.ok(perIp.max >= 300 && perIp.windowMs === 3600_000);
    for (let i = 0; i < perIp.max; i++) {
      assert.equal((await post(app, '/auth/signup', { email: uniqueEmail() }, '10.3.2.1')).statusCode, 400);
    }
    assert429(await post(app, '/auth/signup', signupBody(), '10.3.2.1'), perIp.windowMs);
  });

  it('resend and forgot: per e-mail and per IP', async () => {
    for (const [url, limits] of [
      ['/auth/resend-verification', AUTH_RATE_LIMITS.resendVerification],
      ['/auth/forgot-password', AUTH_RATE_LIMITS.forgotPassword],
    ] as const) {
      const email = uniqueEmail('again');
      for (let i = 0; i < limits.perKey.max; i++) {
        assert.equal((await post(app, url, { email }, `10.4.${url.length}.${i + 1}`)).statusCode, 200);
      }
      assert429(await post(app, url, { email }, '10.4.9.9'), limits.perKey.windowMs);
      const ip = `10.5.${url.length}.1`;
      assert.ok(limits.perIp.max >= 300);
      for (let i = 0; i < limits.perIp.max; i++) {
        assert.equal((await post(app, url, { email: uniqueEmail() }, ip)).statusCode, 200);
      }
      assert429(await post(app, url, { email: uniqueEmail() }, ip), limits.perIp.windowMs);
    }
  });

  it('reset: per link token and per IP', async () => {
    const { perKey, perIp } = AUTH_RATE_LIMITS.resetPassword;
    const token = randomBytes(32).toString('base64url');
    const reset = (t: string, ip: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/reset-password/${t}`,
        payload: { password: 'abcd', passwordConfirm: 'abcd' },
        remoteAddress: ip,
      });
    for (let i = 0; i < perKey.max; i++)
      assert.equal((await reset(token, `10.6.0.${i + 1}`)).statusCode, 400);
    assert429(await reset(token, '10.6.1.1'), perKey.windowMs);
    for (let i = 0; i < perIp.max; i++) {
      assert.equal((await reset(randomBytes(32).toString('base64url'), '10.6.2.1')).statusCode, 400);
    }
    assert429(await reset(randomBytes(32).toString('base64url'), '10.6.2.1'), perIp.windowMs);
  });
});
