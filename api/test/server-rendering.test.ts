/**
 * Server rendering of the site (docs/product.md §23.1-23.3, §23.5, §23.6; ADR 0009) with the real production
 * builds (host renderer + the catalog remote's Node build, built here when stale) and a listening
 * app, so the remote's server code is loaded over HTTP as in production.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../src/config.ts';
import type { BootConfig } from '../src/plugins/app/boot-script.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';

const PUBLIC_URL = 'https://soko.example';
const COVER = '/uploads/products/abc-1200.webp';

async function startApp(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildTestApp('pglite', {
    env: { SERVE_STATIC: '1', STATIC_ROOT: REPO_ROOT, PUBLIC_URL, SERVER_RENDERING: 'on', ...env },
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin };
}

describe('server rendering', { timeout: 600_000 }, () => {
  let app: FastifyInstance;
  let origin: string;
  let productId: string;
  let eventId: string;
  let sellerId: string;

  before(async () => {
    const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-if-stale.mjs')], {
      stdio: 'inherit',
    });
    assert.equal(build.status, 0, 'the front-end builds failed');
    ({ app, origin } = await startApp());
    const seller = await insertUser(app.db, { first_name: 'Wanjiru', whatsapp: '+254712345678' });
    const product = await insertProduct(app.db, {
      seller_id: seller.id,
      title: 'Casio fx-991ES <calculator>',
      description: 'Barely used </script><script>alert(1)</script>',
      price: 1500,
      cover_image: COVER,
      cover_thumbnail: '/uploads/products/abc-400.webp',
    });
    productId = product.id;
    sellerId = seller.id;
    const event = await app.db
      .insertInto('events')
      .values({
        organizer_id: seller.id,
        title: 'Freshers night',
        description: 'Music and games at the student centre.',
        starts_at: new Date(Date.now() + 7 * 86_400_000),
        ends_at: null,
        venue: 'Student Centre',
        university: 'Kenyatta University',
        cover_image: null,
        cover_thumbnail: null,
        price: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = event.id;
  });
  after(async () => {
    await app?.close();
  });

  it('/products: the first page in the HTML (title, price, item link, chat link, search form), data inline', async () => {
    const response = await fetch(`${origin}/products`, { headers: { accept: 'text/html' } });
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<div id="root" data-server-rendered="">/);
    assert.match(html, /Casio fx-991ES &lt;/);
    assert.match(html, /Kes 1,500/);
    assert.match(html, new RegExp(`href="/products/${productId}"`));
    // The chat button goes through the API's counted chat route (docs/product.md §20.6).
    assert.match(html, new RegExp(`href="/api/v1/products/${productId}/chat"`));
    assert.match(html, /<title>Products \| Campus Soko<\/title>/);
    assert.match(html, /<script id="route-data" type="application\/json">/);
    assert.match(html, /<script id="remotes-config" type="application\/json">/);
    // The description's </script> cannot close the inline data script.
    assert.doesNotMatch(html, /<\/script><script>alert/);
  });

  it('no script of its own loads without JavaScript: the boot script, allowed by its hash, preloads and starts them', async () => {
    const response = await fetch(`${origin}/products`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    assert.doesNotMatch(html, /<script\b[^>]*\bsrc=/, 'a deferred script may run before the first paint');
    assert.doesNotMatch(
      html,
      /<link[^>]*rel="(?:preload|modulepreload)"[^>]*as="(?:script|fetch)"/,
      'downloaded with JavaScript off',
    );
    const config = JSON.parse(
      /<script id="boot-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as BootConfig;
    assert.equal(config.scripts.length, 1, 'the host build has one start-up script');
    assert.match(config.scripts[0] ?? '', /^\/main\.[0-9a-f]+\.js$/);
    assert.equal((await fetch(`${origin}${config.scripts[0]}`)).status, 200, 'the script is served');
    // The route's remote files, in the modes the federation runtime requests them.
    assert.deepEqual(
      config.preloads.find((preload) => preload.href.endsWith('/mf-manifest.json')),
      { href: '/remotes/catalog/mf-manifest.json', as: 'fetch', crossOrigin: 'anonymous' },
    );
    assert.ok(
      config.preloads.some((preload) => preload.href.endsWith('/remoteEntry.js') && preload.as === 'script'),
    );
    // The route's page chunk, from the remote's manifest (its expose "ProductsPage" is imported
    // as "./ProductsPage"), behind the LCP photo like the host's own scripts.
    const chunk = config.preloads.find((preload) =>
      /\/__federation_expose_ProductsPage\.[0-9a-f]+\.js$/.test(preload.href),
    );
    assert.deepEqual(chunk && { as: chunk.as, fetchPriority: chunk.fetchPriority }, {
      as: 'script',
      fetchPriority: 'low',
    });
    assert.equal((await fetch(`${origin}${chunk?.href}`)).status, 200, 'the chunk is served');
    // Executable inline scripts: the boot script only (the JSON data scripts are not run), in the
    // head after its configuration.
    const inline = [
      ...html.matchAll(/<script(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
    ];
    assert.equal(inline.length, 1);
    const hash = createHash('sha256')
      .update(inline[0]?.[1] ?? '')
      .digest('base64');
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    assert.ok(
      scriptSrc.includes(`'sha256-${hash}'`),
      `script-src ${scriptSrc.join(' ')} allows the boot script`,
    );
    assert.ok(!scriptSrc.includes("'unsafe-inline'"));
    const at = html.indexOf(inline[0]?.[0] ?? '');
    assert.ok(at > html.indexOf('<script id="boot-config"') && at < html.indexOf('</head>'));
  });

  it("the page's styles are in the head (a few emotion tags), none inside the HTML, and cover every class it uses", async () => {
    const html = await (await fetch(`${origin}/products`, { headers: { accept: 'text/html' } })).text();
    const headEnd = html.indexOf('</head>');
    const head = html.slice(0, headEnd);
    const body = html.slice(headEnd);
    assert.doesNotMatch(
      body,
      /<style/,
      'a <style> inside the body makes the browser restyle the page while it parses',
    );
    const tags = [...head.matchAll(/<style data-emotion="css(?:-global)? ([^"]+)"[^>]*>([^<]*)<\/style>/g)];
    assert.ok(tags.length >= 2 && tags.length <= 10, `${tags.length} style tags in the head`);
    const css = tags.map((tag) => tag[2]).join('');
    const used = new Set(
      [...body.matchAll(/class="([^"]*)"/g)]
        .flatMap((m) => (m[1] ?? '').split(' '))
        .filter((c) => /^css-[a-z0-9]+$/.test(c) && c !== 'css-0'), // css-0 has no rule
    );
    assert.ok(used.size > 10, 'the page uses emotion classes');
    for (const className of used)
      assert.ok(css.includes(`.${className}`), `no rule for .${className} in the head`);
  });

  it('documents are brotli- or gzip-compressed by Accept-Encoding, and read the same decompressed', async () => {
    const plain = await fetch(`${origin}/products`, {
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    assert.equal(plain.headers.get('content-encoding'), null);
    const html = await plain.text();
    for (const [accepted, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      // undici's fetch decompresses: read the raw bytes through node:http instead.
      const raw = await new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${origin}/products`,
            { headers: { accept: 'text/html', 'accept-encoding': accepted } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  encoding: res.headers['content-encoding'],
                  vary: String(res.headers.vary),
                  body: Buffer.concat(chunks),
                }),
              );
            },
          )
          .on('error', reject);
      });
      assert.equal(raw.encoding, expected, accepted);
      assert.match(raw.vary ?? '', /Accept-Encoding/i);
      const text = (
        expected === 'br' ? zlib.brotliDecompressSync(raw.body) : zlib.gunzipSync(raw.body)
      ).toString();
      assert.match(text, /Casio fx-991ES &lt;/);
      assert.match(text, /<\/html>\s*$/);
      assert.ok(
        raw.body.length * 4 < Buffer.byteLength(html),
        `${expected}: ${raw.body.length} bytes vs ${Buffer.byteLength(html)} uncompressed`,
      );
    }
  });

  it('a current copy costs a 304: the document has an ETag, If-None-Match with it answers without a body', async () => {
    const first = await fetch(`${origin}/products`, { headers: { accept: 'text/html' } });
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag');
    assert.match(String(etag), /^W\/"[\w-]+"$/);
    await first.text();
    const again = await fetch(`${origin}/products`, {
      headers: { accept: 'text/html', 'if-none-match': String(etag) },
    });
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
    // Another page, or the same page with other data, has another ETag.
    const other = await fetch(`${origin}/services`, {
      headers: { accept: 'text/html', 'if-none-match': String(etag) },
    });
    assert.equal(other.status, 200);
    assert.notEqual(other.headers.get('etag'), etag);
    const seller = await insertUser(app.db, { first_name: 'Kamau' });
    await insertProduct(app.db, {
      seller_id: seller.id,
      title: 'Brand new listing for the ETag',
      price: 900,
    });
    await app.responseCache.invalidate('products'); // the fixture wrote past the API
    const changed = await fetch(`${origin}/products`, {
      headers: { accept: 'text/html', 'if-none-match': String(etag) },
    });
    assert.equal(changed.status, 200);
    assert.match(await changed.text(), /Brand new listing for the ETag/);
  });

  it('Save-Data: on (or the data saver cookie) renders the cards without photos; the cookie "off" wins', async () => {
    const page = async (headers: Record<string, string>) => {
      const response = await fetch(`${origin}/products`, { headers: { accept: 'text/html', ...headers } });
      assert.equal(response.status, 200);
      assert.match(String(response.headers.get('vary')), /Save-Data/);
      return response.text();
    };
    const coverImg = /<img[^>]*abc-(?:200|400|800|1200)\.webp/;
    const normal = await page({});
    assert.match(normal, coverImg);
    assert.doesNotMatch(normal, /<html[^>]*data-save-data/);
    for (const headers of [{ 'save-data': 'on' }, { cookie: 'data-saver=on' }] as Record<string, string>[]) {
      const saver = await page(headers);
      assert.match(saver, /<html[^>]*data-save-data="on"/, JSON.stringify(headers));
      assert.doesNotMatch(saver, coverImg, JSON.stringify(headers));
      assert.match(
        saver,
        /aria-label="Load photo: Casio fx-991ES &lt;calculator&gt;"/,
        JSON.stringify(headers),
      );
    }
    assert.match(await page({ 'save-data': 'on', cookie: 'data-saver=off' }), coverImg);
  });

  it('an item page carries the share tags with absolute URLs; link unfurlers (Accept */*) get it too', async () => {
    for (const accept of ['text/html', '*/*']) {
      const response = await fetch(`${origin}/products/${productId}`, { headers: { accept } });
      assert.equal(response.status, 200, accept);
      const html = await response.text();
      assert.match(html, /<title>Casio fx-991ES &#60;calculator&#62; \| Campus Soko<\/title>/);
      assert.match(html, new RegExp(`<link rel="canonical" href="${PUBLIC_URL}/products/${productId}"`));
      assert.match(html, new RegExp(`<meta property="og:image" content="${PUBLIC_URL}${COVER}"`));
      assert.match(html, new RegExp(`<meta property="og:url" content="${PUBLIC_URL}/products/${productId}"`));
      assert.match(html, /<meta property="og:title" content="Casio fx-991ES &#60;calculator&#62;"/);
      assert.match(html, /<meta property="og:description" content="Barely used/);
      assert.match(html, /<meta property="og:type" content="product"/);
      assert.match(html, /<meta name="twitter:card" content="summary_large_image"/);
      assert.match(html, /<meta name="description" content="Barely used/);
    }
  });

  it('/events and /events/:id (§20.9): the events in the HTML with Nairobi time, venue and "Free"', async () => {
    const list = await fetch(`${origin}/events`, { headers: { accept: 'text/html' } });
    assert.equal(list.status, 200);
    const html = await list.text();
    assert.match(html, /<title>Campus events \| Campus Soko<\/title>/);
    assert.match(html, /<h1[^>]*>Campus events<\/h1>/);
    assert.match(html, new RegExp(`href="/events/${eventId}"`));
    assert.match(html, /Student Centre/);
    assert.match(html, />Free</);
    const detail = await fetch(`${origin}/events/${eventId}`, { headers: { accept: 'text/html' } });
    assert.equal(detail.status, 200);
    const page = await detail.text();
    assert.match(page, /<title>Freshers night \| Campus Soko<\/title>/);
    assert.match(page, /Music and games at the student centre\./);
  });

  it("/sellers/:id (§20.8): the seller's name, campus and listings in the HTML", async () => {
    const response = await fetch(`${origin}/sellers/${sellerId}`, { headers: { accept: 'text/html' } });
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<title>Wanjiru[^<]* \| Campus Soko<\/title>/);
    assert.match(html, /<h1[^>]*>Wanjiru/);
    assert.match(html, /Member since /);
    assert.match(html, new RegExp(`href="/products/${productId}"`));
    assert.match(html, /<meta name="description" content="Products and services of Wanjiru/);
  });

  it('answers 404 with the not-found page for unknown routes and unknown items', async () => {
    for (const url of [
      '/no-such-page',
      '/products/00000000-0000-4000-8000-000000000000',
      '/events/00000000-0000-4000-8000-000000000000',
      '/sellers/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await fetch(`${origin}${url}`, { headers: { accept: 'text/html' } });
      assert.equal(response.status, 404, url);
      assert.match(await response.text(), /Page not found/, url);
    }
  });

  it('renders the shell for session pages and leaves the page to the browser', async () => {
    const response = await fetch(`${origin}/app/settings`, { headers: { accept: 'text/html' } });
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /aria-label="Main"/);
    assert.match(html, /aria-label="Loading"/);
    // A page that sets no description of its own gets the site's.
    assert.match(html, /<meta name="description" content="Campus Soko: buy, sell and swap goods/);
  });

  it('SERVER_RENDERING=off serves the client-rendered index.html', async () => {
    const off = await startApp({ SERVER_RENDERING: 'off' });
    try {
      const html = await (await fetch(`${off.origin}/products`, { headers: { accept: 'text/html' } })).text();
      assert.match(html, /<div id="root"><\/div>/);
      assert.doesNotMatch(html, /data-server-rendered/);
    } finally {
      await off.app.close();
    }
  });

  it('a remote whose server code is unreachable: its part is left to the browser, the shell still renders', async () => {
    const down = await startApp({ REMOTE_CATALOG_SSR_URL: 'http://127.0.0.1:9/remoteEntry.js' });
    try {
      const response = await fetch(`${down.origin}/products`, { headers: { accept: 'text/html' } });
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /data-server-rendered/);
      assert.match(html, /aria-label="Main"/);
      // React's marker of a boundary the browser renders, with the spinner as its fallback.
      assert.match(html, /<!--\$!-->/);
      const about = await (await fetch(`${down.origin}/about`, { headers: { accept: 'text/html' } })).text();
      assert.match(about, /What it is for/);
    } finally {
      await down.app.close();
    }
  });
});
