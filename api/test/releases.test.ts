/**
 * The release API (docs/decisions/0029-remote-releases.md) through fastify.inject on PGlite (and
 * PostgreSQL when DATABASE_URL is set): auth (own token, another remote's token, admin, none),
 * upload of a fixture dist as tar.gz, immutability, the gate's refusals (nothing stored after
 * one), promote / rollback / canary transitions with their audit rows, pruning, unsafe archives,
 * oversize bodies and serving release files with immutable caching.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { create } from 'tar';
import { insertUser } from './fixtures.ts';
import { forEachEngine, json, sessionToken } from './helper.ts';
import { makeDist, packDist } from './release-fixtures.ts';

const CATALOG_TOKEN = 'catalog-token-0123456789abcdef';
const AUTH_TOKEN = 'auth-token-0123456789abcdefabc';
const env = { DEPLOY_TOKENS: `catalog:${CATALOG_TOKEN},auth:${AUTH_TOKEN}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

forEachEngine(
  'releases',
  (ctx) => {
    const upload = (body: Buffer, token = CATALOG_TOKEN, remote = 'catalog', query = '') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/releases/${remote}${query}`,
        headers: { ...bearer(token), 'content-type': 'application/gzip' },
        payload: body,
      });
    const releaseOf = async (options: Parameters<typeof makeDist>[0] = {}) => {
      const dir = await makeDist(options);
      try {
        return await packDist(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };
    const state = async () => {
      const rows = await ctx.app.db
        .selectFrom('releases')
        .select(['remote', 'version'])
        .orderBy('version')
        .execute();
      const routing = await ctx.app.db.selectFrom('remote_routing').selectAll().execute();
      const root = path.join(ctx.app.config.dataDir, 'releases', 'catalog');
      const folders = await readdir(root).catch(() => [] as string[]);
      return { rows, routing, folders: folders.sort() };
    };
    const lastAudit = async () =>
      ctx.app.db
        .selectFrom('release_audit')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
    const versions: string[] = [];

    test('no token: 401; unknown token: 401; another remote’s token: 403 on its changes', async () => {
      const body = await releaseOf();
      const none = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog',
        headers: { 'content-type': 'application/gzip' },
        payload: body,
      });
      assert.equal(none.statusCode, 401);
      assert.equal((await upload(body, 'not-a-known-token-xxxxxxxx')).statusCode, 401);
      const other = await upload(body, AUTH_TOKEN);
      assert.equal(other.statusCode, 403);
      assert.match(json(other).message, /for auth, not catalog/);
      const promote = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog/promote',
        headers: bearer(AUTH_TOKEN),
        payload: { version: 'abcdefabcdef' },
      });
      assert.equal(promote.statusCode, 403);
      assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/v1/releases' })).statusCode, 401);
      assert.deepEqual((await state()).rows, []);
    });

    test('upload: 201 with the version and checks; the same build again: 200, same version, nothing new', async () => {
      const body = await releaseOf({ marker: 'first' });
      const first = await upload(body, CATALOG_TOKEN, 'catalog', '?gitCommit=ABCDEF0123456789');
      assert.equal(first.statusCode, 201, first.body);
      const { release } = json(first).data;
      assert.match(release.version, /^abcdef0-[0-9a-f]{12}$/);
      assert.equal(release.releasedBy, 'env:catalog');
      assert.equal(release.hasServerBuild, true);
      assert.deepEqual(
        release.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`),
        [
          'manifest:passed',
          'exposes:passed',
          'shared:passed',
          'server-build:passed',
          'contract:passed',
          'smoke-render:skipped',
        ],
      );
      assert.ok(release.manifest.exposes.includes('ProductsPage'));
      const again = await upload(body, CATALOG_TOKEN, 'catalog', '?gitCommit=ABCDEF0123456789');
      assert.equal(again.statusCode, 200);
      assert.equal(json(again).data.created, false);
      assert.equal(json(again).data.release.version, release.version);
      versions.push(release.version);
      assert.deepEqual((await state()).folders, [release.version]);
      assert.equal((await lastAudit()).action, 'release');
    });

    test('release files are served with immutable caching, CORS and precompressed siblings; hidden files are not stored', async () => {
      const base = `/releases/catalog/${versions[0]}/`;
      const manifest = await ctx.app.inject({ method: 'GET', url: `${base}mf-manifest.json` });
      assert.equal(manifest.statusCode, 200);
      assert.equal(manifest.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(manifest.headers['access-control-allow-origin'], '*');
      assert.equal(JSON.parse(manifest.body).metaData.name, 'catalog');
      const page = await ctx.app.inject({
        method: 'GET',
        url: `${base}page.js`,
        headers: { 'accept-encoding': 'br' },
      });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['content-encoding'], 'br');
      assert.equal(page.headers['cache-control'], 'public, max-age=31536000, immutable');
      const server = await ctx.app.inject({ method: 'GET', url: `${base}server/remoteEntry.js` });
      assert.equal(server.statusCode, 200);
      assert.equal((await ctx.app.inject({ method: 'GET', url: `${base}.build-stamp` })).statusCode, 404);
      assert.equal((await ctx.app.inject({ method: 'GET', url: `${base}missing.js` })).statusCode, 404);
      assert.equal(
        (await ctx.app.inject({ method: 'GET', url: `/releases/catalog/${versions[0]}/../../x` })).statusCode,
        404,
      );
      assert.equal(
        (await ctx.app.releaseStorage.read('catalog', versions[0] as string, 'remoteEntry.js'))?.toString(),
        'var catalog = {};\n',
      );
    });

    test('the gate refuses, naming what is wrong, and nothing changes', async () => {
      const before = await state();
      const cases: [Parameters<typeof makeDist>[0], RegExp, string][] = [
        [
          { dropExposes: ['ProductsPage'] },
          /missing exposed module the host loads: catalog\/ProductsPage/,
          'exposes',
        ],
        [
          { shared: { react: '18.3.1' } },
          /shared singleton of another major than the host's: react 18\.3\.1 \(host has 19\./,
          'shared',
        ],
        [
          { noServerBuild: true },
          /catalog is rendered on the server but its Node build server\/remoteEntry\.js is missing/,
          'server-build',
        ],
        [
          { contract: 'ffffffffffffffff' },
          /page contract ffffffffffffffff differs from the host's/,
          'contract',
        ],
      ];
      for (const [options, message, check] of cases) {
        const answer = await upload(await releaseOf({ ...options, marker: `refused-${check}` }));
        assert.equal(answer.statusCode, 422, answer.body);
        assert.match(json(answer).message, message);
        assert.match(json(answer).errors[check], message);
        const audit = await lastAudit();
        assert.equal(audit.action, 'refuse');
        assert.match(audit.reason ?? '', message);
      }
      assert.deepEqual(await state(), before);
      const tmp = await readdir(ctx.app.config.tempDir).catch(() => []);
      assert.deepEqual(
        tmp.filter((name) => name.startsWith('release-')),
        [],
      );
    });

    test('unsafe archives are refused: path traversal, absolute paths, symlinks; a body past the limit: 413', async () => {
      const before = await state();
      const dir = await mkdtemp(path.join(tmpdir(), 'campus-evil-'));
      try {
        await writeFile(path.join(dir, 'mf-manifest.json'), '{}');
        await symlink('/etc/passwd', path.join(dir, 'link.js'));
        const linked = await upload(await packDist(dir));
        assert.equal(linked.statusCode, 400);
        assert.match(json(linked).message, /SymbolicLink entries are not allowed/);
        // An entry named ../evil.js (tar's own writer refuses such names, so the header is patched).
        await rm(path.join(dir, 'link.js'));
        await writeFile(path.join(dir, 'xxxxevil.js'), 'x');
        const chunks: Buffer[] = [];
        for await (const chunk of create({ cwd: dir, portable: true }, ['xxxxevil.js']))
          chunks.push(chunk as Buffer);
        const raw = Buffer.concat(chunks);
        raw.write('../evil.js\0\0', 0, 'latin1');
        // Fix the header checksum (bytes 148-155) after renaming the entry.
        raw.fill(0x20, 148, 156);
        let sum = 0;
        for (let i = 0; i < 512; i += 1) sum += raw[i] as number;
        raw.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
        const { gzipSync } = await import('node:zlib');
        const traversal = await upload(gzipSync(raw));
        assert.equal(traversal.statusCode, 400, traversal.body);
        assert.match(json(traversal).message, /'\.\.' in the path/);
        raw.write('/etc/evil.js\0\0', 0, 'latin1');
        raw.fill(0x20, 148, 156);
        sum = 0;
        for (let i = 0; i < 512; i += 1) sum += raw[i] as number;
        raw.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
        const absolute = await upload(gzipSync(raw));
        assert.equal(absolute.statusCode, 400, absolute.body);
        assert.match(json(absolute).message, /absolute path/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      const big = await upload(Buffer.alloc(3 * 1024 * 1024, 7));
      assert.equal(big.statusCode, 413);
      // Without a Content-Length (chunked), the limit is enforced while the body streams in.
      const streamed = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog',
        headers: { ...bearer(CATALOG_TOKEN), 'content-type': 'application/gzip' },
        payload: Readable.from(
          (function* () {
            for (let i = 0; i < 48; i += 1) yield Buffer.alloc(64 * 1024, i);
          })(),
        ),
      });
      assert.equal(streamed.statusCode, 413, streamed.body);
      // A small archive that unpacks past the limit (10 MB in this suite), and one with too many files.
      const bomb = await mkdtemp(path.join(tmpdir(), 'campus-bomb-'));
      try {
        await writeFile(path.join(bomb, 'zeros.js'), Buffer.alloc(11 * 1024 * 1024));
        const unpacked = await upload(await packDist(bomb));
        assert.equal(unpacked.statusCode, 413);
        assert.match(json(unpacked).message, /unpacks to more than 10 MB/);
        await rm(path.join(bomb, 'zeros.js'));
        for (let i = 0; i < 101; i += 1) await writeFile(path.join(bomb, `f${i}.js`), String(i));
        const many = await upload(await packDist(bomb));
        assert.equal(many.statusCode, 400);
        assert.match(json(many).message, /more than 100 files/);
      } finally {
        await rm(bomb, { recursive: true, force: true });
      }
      const junk = await upload(Buffer.from('not a tarball at all'));
      assert.equal(junk.statusCode, 400);
      assert.deepEqual(await state(), before);
      assert.equal((await lastAudit()).action, 'refuse');
    });

    test('promote, canary, rollback: each change is one audit row; the routing answers it', async () => {
      const second = json(await upload(await releaseOf({ marker: 'second' }))).data.release.version;
      versions.push(second);
      const [first] = versions as [string];
      const call = (method: 'POST' | 'PUT', url: string, payload?: object, token = CATALOG_TOKEN) =>
        ctx.app.inject({
          method,
          url: `/api/v1/releases/catalog${url}`,
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });
      assert.equal((await call('POST', '/rollback')).statusCode, 409);
      assert.equal((await call('POST', '/promote', { version: 'abcabcabcabc' })).statusCode, 404);
      const promoted = await call('POST', '/promote', { version: first, reason: 'first release' });
      assert.equal(promoted.statusCode, 200, promoted.body);
      assert.deepEqual(json(promoted).data.routing.current, first);
      assert.equal((await call('POST', '/promote', { version: first })).statusCode, 409);
      // The first release rolls back to the site's own build (no current), and forward again.
      const toCheckout = json(await call('POST', '/rollback')).data.routing;
      assert.deepEqual([toCheckout.current, toCheckout.previous], [null, first]);
      const forward = json(await call('POST', '/rollback')).data.routing;
      assert.deepEqual([forward.current, forward.previous], [first, null]);
      const canary = await call('PUT', '/canary', { version: second, percent: 50 });
      assert.equal(canary.statusCode, 200, canary.body);
      assert.deepEqual((await ctx.app.releases.routing()).catalog.canary, { version: second, percent: 50 });
      assert.equal((await call('PUT', '/canary', { version: first, percent: 10 })).statusCode, 409);
      assert.equal((await call('PUT', '/canary', { version: second, percent: 101 })).statusCode, 400);
      assert.equal(await ctx.app.releases.rollbackCanary('catalog', 'abcabcabcabc', 'not it'), false);
      assert.equal(await ctx.app.releases.rollbackCanary('catalog', second, 'error rate 9 % over 5 %'), true);
      assert.equal((await ctx.app.releases.routing()).catalog.canary, null);
      const audit = await lastAudit();
      assert.equal(audit.action, 'auto_rollback');
      assert.equal(audit.actor, 'system');
      assert.equal((await call('PUT', '/canary', { percent: 0 })).statusCode, 409);
      await call('PUT', '/canary', { version: second, percent: 20 });
      assert.equal((await call('PUT', '/canary', { percent: 0 })).statusCode, 200);
      assert.equal((await lastAudit()).action, 'canary_end');
      assert.equal((await call('POST', '/promote', { version: second })).statusCode, 200);
      const rolled = await call('POST', '/rollback', { reason: 'broken list' });
      assert.equal(rolled.statusCode, 200);
      assert.deepEqual(
        { current: json(rolled).data.routing.current, previous: json(rolled).data.routing.previous },
        { current: first, previous: second },
      );
      const listed = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/releases/catalog',
        headers: bearer(AUTH_TOKEN),
      });
      assert.equal(listed.statusCode, 200);
      const data = json(listed).data;
      assert.deepEqual(
        data.releases.map((r: { version: string }) => r.version),
        [second, first],
      );
      assert.deepEqual(
        data.audit.slice(0, 10).map((a: { action: string }) => a.action),
        [
          'rollback',
          'promote',
          'canary_end',
          'canary',
          'auto_rollback',
          'canary',
          'rollback',
          'rollback',
          'promote',
          'release',
        ],
      );
      assert.equal(data.audit[0].reason, 'broken list');
      const all = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/releases',
        headers: bearer(CATALOG_TOKEN),
      });
      assert.equal(all.statusCode, 200);
      assert.deepEqual(
        json(all).data.remotes.map((r: { remote: string }) => r.remote),
        ['catalog', 'auth', 'dashboard'],
      );
    });

    test('an admin session may act on every remote; a signed-in non-admin may not', async () => {
      const admin = await insertUser(ctx.app.db, { role: 'admin', email_verified_at: new Date() });
      const user = await insertUser(ctx.app.db, { email_verified_at: new Date() });
      const adminToken = sessionToken(ctx.app, admin);
      const denied = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog/rollback',
        headers: bearer(sessionToken(ctx.app, user)),
      });
      assert.equal(denied.statusCode, 403);
      const done = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog/rollback',
        headers: bearer(adminToken),
      });
      assert.equal(done.statusCode, 200, done.body);
      assert.equal((await lastAudit()).actor, admin.email);
      const auth = await upload(await releaseOf({ remote: 'auth' }), adminToken, 'auth');
      assert.equal(auth.statusCode, 201, auth.body);
      assert.equal(
        json(auth).data.release.checks.find((c: { name: string }) => c.name === 'server-build').status,
        'skipped',
      );
    });

    test('pruning keeps current, previous, canary and the newest 10', async () => {
      // current = versions[0], previous = versions[1] (after the admin's rollback: second is current)
      const routing = (await ctx.app.releases.routing()).catalog;
      const canaryVersion = json(await upload(await releaseOf({ marker: 'canary' }))).data.release.version;
      await ctx.app.releases.setCanary('catalog', canaryVersion, 5, 'test');
      for (let i = 0; i < 11; i += 1) {
        const answer = await upload(await releaseOf({ marker: `bulk-${i}` }));
        assert.equal(answer.statusCode, 201);
      }
      const kept = (await ctx.app.releases.list('catalog')).map((r) => r.version);
      assert.equal(kept.length, 13);
      assert.ok(kept.includes(routing.current as string));
      assert.ok(kept.includes(routing.previous as string));
      assert.ok(kept.includes(canaryVersion));
      const pruned = await ctx.app.db
        .selectFrom('release_audit')
        .select('version')
        .where('action', '=', 'prune')
        .execute();
      assert.equal(pruned.length, 1);
      assert.ok(!kept.includes(pruned[0]?.version as string));
      assert.deepEqual((await state()).folders, [...kept].sort());
    });
  },
  {
    env,
    releases: {
      uploadLimits: { maxBytes: 2 * 1024 * 1024, maxUnpackedBytes: 10 * 1024 * 1024, maxFiles: 100 },
    },
  },
);
