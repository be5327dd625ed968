/**
 * API tests of the current user and profile routes (docs/product.md §7: `GET /users/me`,
 * `PATCH /users/updateMe` multipart), `app.authenticate` / `app.requireVerified` as other
 * routes use them, and `GET /universities?country=KE`. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { UNIVERSITIES_CACHE_CONTROL } from '../src/universities/routes.ts';
import { universitiesByCountry } from '../src/universities/universities.ts';
import { insertUser } from './fixtures.ts';
import { type EngineContext, forEachEngine, json, sessionToken } from './helper.ts';

type App = FastifyInstance;

/** A verified user row and a session token for it (minted like login does). */
async function signedIn(app: App, values: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(app.db, { email_verified_at: new Date(), ...values });
  const token = sessionToken(app, user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

/** A multipart body with text fields and an optional file. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; data: Buffer }) {
  const boundary = `----campus${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 110, b: 79 } } })
    .png()
    .toBuffer();

/** Adds a route guarded like a selling route, to test the exported hooks. */
function addGuardedRoute(app: App) {
  app.get('/test/guarded', { onRequest: [app.authenticate, app.requireVerified] }, async (request) => ({
    id: request.user.id,
    verified: request.user.emailVerified,
  }));
}

forEachEngine(
  'GET /users/me and PATCH /users/updateMe',
  (ctx: EngineContext) => {
    const patch = (
      headers: Record<string, string>,
      body: { payload: unknown; headers?: Record<string, string> },
    ) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/updateMe',
        headers: { ...headers, ...body.headers },
        payload: body.payload as string,
      });

    it('GET /users/me answers data.user for a valid token and 401 without one', async () => {
      const { user, auth } = await signedIn(ctx.app, { first_name: 'Njeri', university: 'Moi University' });
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(json(response), {
        status: 'success',
        data: {
          user: {
            _id: user.id,
            firstName: 'Njeri',
            lastName: user.last_name,
            email: user.email,
            whatsApp: user.whatsapp,
            photo: null,
            university: 'Moi University',
            role: 'user',
            verifiedStudent: false,
          },
        },
      });
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me' });
      assert.equal(anonymous.statusCode, 401);
      assert.deepEqual(json(anonymous), { status: 'fail', message: 'Please log in to continue' });
    });

    it('updates text fields from JSON, trimmed, with the list spelling of the university', async () => {
      const { auth } = await signedIn(ctx.app);
      const response = await patch(auth, {
        payload: JSON.stringify({
          firstName: ' Akinyi ',
          whatsApp: '254799000111',
          university: 'egerton university',
          email: 'x@y.co',
        }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(response.statusCode, 200, response.body);
      const { user } = json(response).data;
      assert.equal(user.firstName, 'Akinyi');
      assert.equal(user.whatsApp, '254799000111');
      assert.equal(user.university, 'Egerton University');
      assert.notEqual(user.email, 'x@y.co');
    });

    it('updates fields and the photo from multipart; the photo becomes a served 400 px WebP', async () => {
      const { user, auth } = await signedIn(ctx.app);
      const response = await patch(
        auth,
        multipart({ lastName: 'Mwangi' }, { name: 'photo', filename: 'me.png', data: await png() }),
      );
      assert.equal(response.statusCode, 200, response.body);
      const updated = json(response).data.user;
      assert.equal(updated.lastName, 'Mwangi');
      assert.match(updated.photo, /^\/uploads\/avatars\/[0-9a-f-]{36}-400\.webp$/);
      const file = await ctx.app.inject({ method: 'GET', url: updated.photo });
      assert.equal(file.statusCode, 200);
      const meta = await sharp(file.rawPayload).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.width, 400);
      // The unused 1200 px variant is not kept.
      const large = path.join(
        ctx.app.config.uploadsDir,
        updated.photo.replace('/uploads/', '').replace('-400.', '-1200.'),
      );
      assert.equal(existsSync(large), false);
      // Replacing the photo deletes the old file.
      const again = await patch(
        auth,
        multipart({}, { name: 'photo', filename: 'me2.png', data: await png(500, 500) }),
      );
      assert.equal(again.statusCode, 200, again.body);
      assert.notEqual(json(again).data.user.photo, updated.photo);
      assert.equal(
        existsSync(path.join(ctx.app.config.uploadsDir, updated.photo.replace('/uploads/', ''))),
        false,
      );
      const row = await ctx.app.db
        .selectFrom('users')
        .select('photo')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.photo, json(again).data.user.photo);
    });

    it('400 with the §5 messages for invalid fields', async () => {
      const { auth } = await signedIn(ctx.app);
      const response = await patch(
        auth,
        multipart({ firstName: ' ', whatsApp: '0712345678', university: 'Nowhere College' }),
      );
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(json(response), {
        status: 'fail',
        message: 'First name is required',
        errors: {
          firstName: 'First name is required',
          whatsApp: 'Please enter a valid WhatsApp number (e.g., 254 followed by 9 digits)',
          university: 'Please select your university',
        },
      });
    });

    it('refuses a file that is not an image (400), an oversized one (413) and an empty update (400)', async () => {
      const { auth } = await signedIn(ctx.app);
      const text = await patch(
        auth,
        multipart({}, { name: 'photo', filename: 'photo.png', data: Buffer.from('not an image at all') }),
      );
      assert.equal(text.statusCode, 400, text.body);
      assert.match(json(text).message, /^Unsupported image type/);
      const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
      const tooLarge = await patch(auth, multipart({}, { name: 'photo', filename: 'big.jpg', data: big }));
      assert.equal(tooLarge.statusCode, 413, tooLarge.body);
      assert.equal(json(tooLarge).message, 'Image is larger than 10 MB');
      const empty = await patch(auth, multipart({}));
      assert.equal(empty.statusCode, 400);
      assert.match(json(empty).message, /^Nothing to update/);
    });

    it('PATCH without a token is 401', async () => {
      const response = await patch({}, multipart({ firstName: 'X' }));
      assert.equal(response.statusCode, 401);
    });

    it('authenticate + requireVerified guard other routes: 401, 403 for an unverified account, 200', async () => {
      const verified = await signedIn(ctx.app);
      const unverified = await signedIn(ctx.app, { email_verified_at: null });
      const call = (headers: Record<string, string> = {}) =>
        ctx.app.inject({ method: 'GET', url: '/test/guarded', headers });
      assert.equal((await call()).statusCode, 401);
      const refused = await call(unverified.auth);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(json(refused), {
        status: 'fail',
        message: 'Please verify your email address to continue.',
      });
      const ok = await call(verified.auth);
      assert.equal(ok.statusCode, 200);
      assert.deepEqual(json(ok), { id: verified.user.id, verified: true });
    });

    it('GET /users/usersCount counts the accounts', async () => {
      const before = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/users/usersCount' })).results;
      await insertUser(ctx.app.db);
      // Written around the API: drop the cached count like a signup does.
      ctx.app.users.invalidate();
      const after = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/users/usersCount' })).results;
      assert.equal(after, before + 1);
    });
  },
  { beforeReady: addGuardedRoute },
);

forEachEngine('GET /universities', (ctx: EngineContext) => {
  it('serves the KE entries as {name, url}, one per name, sorted, cacheable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/universities?country=KE' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], UNIVERSITIES_CACHE_CONTROL);
    assert.ok(response.headers.etag);
    const { universities } = json(response).data;
    assert.deepEqual(universities, universitiesByCountry('KE'));
    assert.ok(universities.length >= 70);
    const names = universities.map((u: { name: string }) => u.name);
    assert.equal(new Set(names.map((n: string) => n.toLowerCase())).size, names.length);
    assert.deepEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en')),
      names,
    );
    assert.ok(names.includes('University of Nairobi'));
    assert.ok(!names.includes('Makerere University'));
    for (const u of universities) assert.deepEqual(Object.keys(u).sort(), ['name', 'url']);
    const cached = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/universities?country=KE',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    assert.equal(cached.statusCode, 304);
  });

  it('defaults to KE, accepts other codes in any case and refuses malformed ones', async () => {
    const byDefault = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/universities' }));
    assert.deepEqual(byDefault.data.universities, universitiesByCountry('KE'));
    const uganda = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/universities?country=ug' }));
    assert.ok(uganda.data.universities.some((u: { name: string }) => u.name === 'Makerere University'));
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/universities?country=KEN' });
    assert.equal(bad.statusCode, 400);
    assert.equal(json(bad).status, 'fail');
  });
});
