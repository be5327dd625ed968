/**
 * Developing one remote against the running site (docs/decisions/0029-remote-releases.md,
 * "Serving"): `?remoteOverride=<remote>@<URL>` kept in a cookie, `?remoteOverride=off`, the
 * override rendered in the browser only (ssrEntry null, its origin allowed by the CSP), refused
 * input answered 400, and the switch: REMOTE_OVERRIDES, or a signed-in admin's `/remotes.json`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../src/config.ts';
import { insertUser } from './fixtures.ts';
import { forEachEngine, json, sessionToken } from './helper.ts';

const DEV = 'http://localhost:3001/mf-manifest.json';
const static_ = { SERVE_STATIC: '1', STATIC_ROOT: REPO_ROOT, SERVER_RENDERING: 'on' };
const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${name}=`));

describe('remote overrides', () => {
  forEachEngine(
    'REMOTE_OVERRIDES=on',
    (ctx) => {
      it('sets the cookie, renders that remote in the browser only and allows its origin', async () => {
        const page = await ctx.app.inject({
          url: `/products?remoteOverride=${encodeURIComponent(`catalog@${DEV}`)}`,
          headers: { accept: 'text/html' },
        });
        assert.equal(page.statusCode, 200);
        const cookie = cookieOf(page.headers['set-cookie'], 'soko_remote_override');
        assert.match(
          cookie ?? '',
          /^soko_remote_override=catalog%40http%3A%2F%2Flocalhost%3A3001%2Fmf-manifest\.json; Path=\/; SameSite=Lax$/,
        );
        const inline = JSON.parse(
          /<script id="remotes-config" type="application\/json">([^<]*)<\/script>/.exec(page.body)?.[1] ??
            '{}',
        );
        assert.deepEqual(inline.catalog, { entry: DEV, ssrEntry: null, version: 'override' });
        assert.match(
          String(page.headers['content-security-policy']),
          /script-src [^;]*http:\/\/localhost:3001/,
        );
        assert.match(
          String(page.headers['content-security-policy']),
          /connect-src [^;]*http:\/\/localhost:3001/,
        );

        const later = await ctx.app.inject({
          url: '/remotes.json',
          headers: { cookie: `soko_bucket=3; ${cookie?.split(';')[0]}` },
        });
        assert.deepEqual(json(later).catalog, { entry: DEV, ssrEntry: null, version: 'override' });
        assert.equal(json(later).auth.version === 'override', false);

        const off = await ctx.app.inject({
          url: '/remotes.json?remoteOverride=off',
          headers: { cookie: `soko_bucket=3; ${cookie?.split(';')[0]}` },
        });
        assert.match(cookieOf(off.headers['set-cookie'], 'soko_remote_override') ?? '', /Max-Age=0/);
        assert.notEqual(json(off).catalog.version, 'override');
      });

      it('refuses an unknown remote or a URL that is not http(s) with 400', async () => {
        for (const value of [
          'nope@http://localhost:3001/mf-manifest.json',
          'catalog@ftp://x/y',
          'catalog@not a url',
        ]) {
          for (const url of ['/remotes.json', '/products']) {
            const answer = await ctx.app.inject({
              url: `${url}?remoteOverride=${encodeURIComponent(value)}`,
              headers: { accept: 'text/html' },
            });
            assert.equal(answer.statusCode, 400, `${url} ${value}`);
            assert.equal(cookieOf(answer.headers['set-cookie'], 'soko_remote_override'), undefined);
          }
        }
      });
    },
    { env: { ...static_, REMOTE_OVERRIDES: 'on' } },
  );

  forEachEngine(
    'REMOTE_OVERRIDES off (npm start)',
    (ctx) => {
      it('ignores overrides of visitors; a signed-in admin gets them on /remotes.json', async () => {
        const param = `?remoteOverride=${encodeURIComponent(`catalog@${DEV}`)}`;
        const visitor = await ctx.app.inject({ url: `/remotes.json${param}` });
        assert.equal(cookieOf(visitor.headers['set-cookie'], 'soko_remote_override'), undefined);
        assert.notEqual(json(visitor).catalog.version, 'override');
        const user = await insertUser(ctx.app.db, { role: 'user', email_verified_at: new Date() });
        const signedIn = await ctx.app.inject({
          url: `/remotes.json${param}`,
          headers: { authorization: `Bearer ${sessionToken(ctx.app, user)}` },
        });
        assert.notEqual(json(signedIn).catalog.version, 'override', 'not for a user who is not an admin');
        const admin = await insertUser(ctx.app.db, { role: 'admin', email_verified_at: new Date() });
        const answer = await ctx.app.inject({
          url: `/remotes.json${param}`,
          headers: { authorization: `Bearer ${sessionToken(ctx.app, admin)}` },
        });
        assert.deepEqual(json(answer).catalog, { entry: DEV, ssrEntry: null, version: 'override' });
        assert.ok(cookieOf(answer.headers['set-cookie'], 'soko_remote_override'));
      });
    },
    { env: static_ },
  );
});
