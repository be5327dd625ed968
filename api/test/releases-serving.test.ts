/**
 * Serving remote releases (docs/decisions/0029-remote-releases.md, "Serving") with the real
 * release service, the real front-end builds (built here when stale) and a listening app, so the
 * catalog's server code of each version is loaded over HTTP as in production: `/remotes.json` and
 * server-rendered pages follow a promote, a rollback and a sticky canary without a restart; the
 * gate's smoke render passes a real build; browser error reports are validated and roll a failing
 * canary back by themselves (injected clock).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../src/config.ts';
import { contractHash } from '../src/releases/contract.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { buildTestApp, ENGINES, json, sessionToken } from './helper.ts';
import { packDist } from './release-fixtures.ts';

const TOKEN = 'catalog-token-serving-0123456789';
const MARKER = 'Search products (canary build)';

/**
 * A copy of the checkout's catalog build: its "Search products" label changed when `marked`, or
 * made to throw in the Node build only when 'server-throws'.
 */
async function catalogBuild(marked: boolean | 'server-throws'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'campus-serving-'));
  try {
    await cp(path.join(REPO_ROOT, 'mfe-catalog', 'dist'), dir, { recursive: true });
    await writeFile(
      path.join(dir, 'release.json'),
      JSON.stringify({ contract: await contractHash(path.join(REPO_ROOT, 'shared', 'src')) }),
    );
    if (marked) {
      const folders =
        marked === 'server-throws' ? [path.join(dir, 'server')] : [dir, path.join(dir, 'server')];
      const replacement =
        marked === 'server-throws' ? '(()=>{throw new Error("smoke boom")})()' : JSON.stringify(MARKER);
      for (const folder of folders) {
        for (const name of await readdir(folder)) {
          if (!name.endsWith('.js')) continue;
          const file = path.join(folder, name);
          const text = await readFile(file, 'utf8');
          if (!text.includes('"Search products"')) continue;
          await writeFile(file, text.replaceAll('"Search products"', replacement));
          await rm(`${file}.br`, { force: true });
          await rm(`${file}.gz`, { force: true });
        }
      }
    }
    return await packDist(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) {
  describe(`serving releases [${engine}]`, { timeout: 600_000 }, () => {
    let app: FastifyInstance;
    let origin: string;
    let now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const versions: { plain: string; marked: string } = { plain: '', marked: '' };
    let adminToken = '';

    const get = (url: string, bucket?: number) =>
      fetch(`${origin}${url}`, {
        headers: { accept: 'text/html', ...(bucket ? { cookie: `soko_bucket=${bucket}` } : {}) },
      });
    const remotesJson = async (bucket?: number) =>
      (await (await get('/remotes.json', bucket)).json()) as Record<
        string,
        { entry: string; ssrEntry: string | null; version: string }
      >;
    const admin = async (method: string, url: string, payload?: object) =>
      app.inject({
        method: method as 'POST',
        url,
        headers: { authorization: `Bearer ${adminToken}` },
        payload,
      });

    before(async () => {
      const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-if-stale.mjs')], {
        stdio: 'inherit',
      });
      assert.equal(build.status, 0, 'the front-end builds failed');
      app = await buildTestApp(engine, {
        env: {
          SERVE_STATIC: '1',
          STATIC_ROOT: REPO_ROOT,
          SERVER_RENDERING: 'on',
          DEPLOY_TOKENS: `catalog:${TOKEN}`,
        },
        remoteServing: {
          now: () => now,
          autoRollback: { minErrors: 20, maxErrorRate: 0.05, windowMs: 5 * 60_000 },
        },
      });
      origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const seller = await insertUser(app.db, { first_name: 'Wanjiru' });
      await insertProduct(app.db, { seller_id: seller.id, title: 'Casio fx-991ES calculator', price: 1500 });
      const adminUser = await insertUser(app.db, {
        first_name: 'Admin',
        role: 'admin',
        email_verified_at: new Date(),
      });
      adminToken = sessionToken(app, adminUser);
    });
    after(async () => {
      await app?.close();
    });

    it('without a release: the checkout build, versioned by its manifest hash; a bucket cookie; private, Vary: Cookie', async () => {
      const manifest = await readFile(path.join(REPO_ROOT, 'mfe-catalog', 'dist', 'mf-manifest.json'));
      const response = await get('/remotes.json');
      assert.equal(response.status, 200);
      assert.match(response.headers.get('cache-control') ?? '', /private/);
      assert.match(response.headers.get('vary') ?? '', /Cookie/);
      assert.match(
        response.headers.get('set-cookie') ?? '',
        /^soko_bucket=([1-9]\d?|100); Path=\/; Max-Age=31536000; SameSite=Lax/,
      );
      const body = (await response.json()) as Record<
        string,
        { entry: string; version: string; ssrEntry: string | null }
      >;
      assert.deepEqual(body.catalog, {
        entry: '/remotes/catalog/mf-manifest.json',
        ssrEntry: '/remotes/catalog/server/remoteEntry.js',
        version: createHash('sha256').update(manifest).digest('hex').slice(0, 12),
      });
      assert.equal(body.auth?.ssrEntry, null);
      const again = await get('/remotes.json', 37);
      assert.equal(again.headers.get('set-cookie'), null, 'a visitor with a bucket keeps it');
    });

    it('releases pass the smoke render; a promote is served by /remotes.json and the server render at once; rollback undoes it', async () => {
      for (const [key, marked] of [
        ['plain', false],
        ['marked', true],
      ] as const) {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/v1/releases/catalog',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/gzip' },
          payload: await catalogBuild(marked),
        });
        assert.ok(answer.statusCode === 201 || answer.statusCode === 200, answer.body);
        const release = json(answer).data.release;
        const smoke = release.checks.find((check: { name: string }) => /smoke/i.test(check.name));
        assert.equal(smoke?.status, 'passed', JSON.stringify(release.checks));
        versions[key] = release.version;
      }
      assert.equal(
        (await admin('POST', '/api/v1/releases/catalog/promote', { version: versions.plain })).statusCode,
        200,
      );
      assert.equal(
        (await admin('POST', '/api/v1/releases/catalog/promote', { version: versions.marked })).statusCode,
        200,
      );
      const config = await remotesJson(5);
      assert.deepEqual(config.catalog, {
        entry: `/releases/catalog/${versions.marked}/mf-manifest.json`,
        ssrEntry: `/releases/catalog/${versions.marked}/server/remoteEntry.js`,
        version: versions.marked,
      });
      const page = await (await get('/products', 5)).text();
      assert.ok(page.includes(MARKER), 'the new version renders on the server');
      assert.ok(page.includes(`"version":"${versions.marked}"`), 'the inline configuration names it');
      assert.equal((await admin('POST', '/api/v1/releases/catalog/rollback')).statusCode, 200);
      const rolledBack = await (await get('/products', 5)).text();
      assert.ok(!rolledBack.includes(MARKER));
      assert.ok(rolledBack.includes(`"version":"${versions.plain}"`));
    });

    it("the gate's smoke render refuses a release whose Node build throws on /products, naming the page", async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/releases/catalog',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/gzip' },
        payload: await catalogBuild('server-throws'),
      });
      assert.equal(answer.statusCode, 422, answer.body);
      assert.match(json(answer).message, /\/products: .*smoke boom/);
      assert.equal((await remotesJson(5)).catalog?.version, versions.plain, 'nothing changed');
    });

    it('a canary at 50 %: buckets ≤ 50 get it on the server and in /remotes.json, the others the current release, every time', async () => {
      assert.equal(
        (await admin('PUT', '/api/v1/releases/catalog/canary', { version: versions.marked, percent: 50 }))
          .statusCode,
        200,
      );
      for (let round = 0; round < 2; round += 1) {
        assert.equal((await remotesJson(50)).catalog?.version, versions.marked);
        assert.equal((await remotesJson(51)).catalog?.version, versions.plain);
        assert.ok((await (await get('/products', 12)).text()).includes(MARKER));
        assert.ok(!(await (await get('/products', 99)).text()).includes(MARKER));
      }
    });

    it('error reports: bad bodies are refused with 400; page views and errors per version reach /metrics and the health route', async () => {
      const post = (payload: object) =>
        app.inject({ method: 'POST', url: '/api/v1/telemetry/remote-errors', payload });
      for (const bad of [
        {},
        { remote: 'nope', version: versions.marked, route: '/products', kind: 'load' },
        { remote: 'catalog', version: '../x', route: '/products', kind: 'load' },
        { remote: 'catalog', version: versions.marked, route: '/products', kind: 'crash' },
        { remote: 'catalog', version: versions.marked, route: 'products', kind: 'render' },
      ]) {
        const answer = await post(bad);
        assert.equal(answer.statusCode, 400, JSON.stringify(bad));
        assert.equal(json(answer).status, 'fail');
      }
      assert.equal(
        (await post({ remote: 'catalog', version: versions.plain, route: '/products', kind: 'render' }))
          .statusCode,
        202,
      );
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      assert.match(
        metrics,
        new RegExp(`campus_remote_page_views_total\\{remote="catalog",version="${versions.marked}"\\} [1-9]`),
      );
      assert.match(
        metrics,
        new RegExp(
          `campus_remote_errors_total\\{remote="catalog",version="${versions.plain}",kind="render",source="browser"\\} 1`,
        ),
      );
      const health = json(await admin('GET', '/api/v1/releases/health')).data;
      const plain = health.versions.find((row: { version: string }) => row.version === versions.plain);
      assert.equal(plain.errors, 1);
      assert.ok(plain.views >= 1);
      assert.equal((await app.inject({ method: 'GET', url: '/api/v1/releases/health' })).statusCode, 401);
    });

    it('a failing canary is rolled back by itself once the window holds ≥ 20 errors and > 5 % of its views; older errors do not count', async () => {
      const report = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/telemetry/remote-errors',
          payload: {
            remote: 'catalog',
            version: versions.marked,
            route: '/products',
            kind: 'render',
            message: 'boom',
          },
        });
      for (let i = 0; i < 19; i += 1) assert.equal((await report()).statusCode, 202);
      now += 6 * 60_000; // those 19 leave the 5-minute window
      for (let i = 0; i < 19; i += 1) await report();
      assert.equal(
        (await remotesJson(10)).catalog?.version,
        versions.marked,
        '19 errors in the window: still a canary',
      );
      await report();
      const remotes = json(await admin('GET', '/api/v1/releases')).data.remotes;
      const catalog = remotes.find((item: { remote: string }) => item.remote === 'catalog');
      assert.equal(catalog.routing.canary, null, JSON.stringify(catalog.routing));
      assert.equal((await remotesJson(10)).catalog?.version, versions.plain);
      const audit = await app.db
        .selectFrom('release_audit')
        .selectAll()
        .where('action', '=', 'auto_rollback')
        .executeTakeFirstOrThrow();
      assert.equal(audit.version, versions.marked);
      assert.match(
        audit.reason ?? '',
        /error rate .* \(20 errors in \d+ page views over 5 min\) is above 5\.0 %/,
      );
    });
  });
}
