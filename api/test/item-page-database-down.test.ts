/**
 * An item page whose data cannot be read (docs/decisions/0030): with the database closed under
 * the running app, `/products/:id` and `/services/:id` answer 503 with `Retry-After` and a short
 * readable HTML page, never an empty 200 that a browser, a search engine or a link preview would
 * take for the item. An item the response cache still holds is served as usual. Real production
 * builds (host renderer and the catalog remote's Node build, built here when stale) and a
 * listening app, as in server-rendering.test.ts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../src/config.ts';
import { UNAVAILABLE_HEADING } from '../src/plugins/app/unavailable-page.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';

describe('item pages with the database down', { timeout: 600_000 }, () => {
  let app: FastifyInstance;
  let origin: string;
  let cachedId: string;
  let uncachedId: string;

  before(async () => {
    const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-if-stale.mjs')], {
      stdio: 'inherit',
    });
    assert.equal(build.status, 0, 'the front-end builds failed');
    app = await buildTestApp('pglite', {
      env: {
        SERVE_STATIC: '1',
        STATIC_ROOT: REPO_ROOT,
        PUBLIC_URL: 'https://soko.example',
        SERVER_RENDERING: 'on',
      },
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const seller = await insertUser(app.db, { first_name: 'Wanjiru', whatsapp: '+254712345678' });
    cachedId = (await insertProduct(app.db, { seller_id: seller.id, title: 'Casio fx-991ES', price: 1500 }))
      .id;
    uncachedId = (await insertProduct(app.db, { seller_id: seller.id, title: 'Lab coat', price: 800 })).id;
  });
  after(async () => {
    await app?.close();
  });

  const page = (pathname: string) => fetch(`${origin}${pathname}`, { headers: { accept: 'text/html' } });

  it('answers 503 with a readable page, not an empty 200; a cached item still renders', async () => {
    const before = await page(`/products/${cachedId}`);
    assert.equal(before.status, 200);
    assert.match(await before.text(), /Casio fx-991ES/);

    await app.database.destroy();

    for (const pathname of [`/products/${uncachedId}`, `/services/${randomUUID()}`]) {
      const response = await page(pathname);
      assert.equal(response.status, 503, pathname);
      assert.match(String(response.headers.get('content-type')), /^text\/html/);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.match(String(response.headers.get('retry-after')), /^[1-9]\d*$/);
      const html = await response.text();
      assert.ok(html.includes(UNAVAILABLE_HEADING), `${pathname}: the page says what happened`);
      assert.match(html, /try again/i);
      assert.doesNotMatch(html, /data-server-rendered/);
    }

    const cached = await page(`/products/${cachedId}`);
    assert.equal(cached.status, 200);
    assert.match(await cached.text(), /Casio fx-991ES/);
  });
});
