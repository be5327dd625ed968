/**
 * Production static serving (SERVE_STATIC): the host build with history fallback, the remotes,
 * /remotes.json from env, uploads, cache headers, precompressed files, and a missing build.
 * Uses a temporary STATIC_ROOT with fake dist files.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT_CSP_SOURCE } from '../src/plugins/app/boot-script.ts';
import { cacheControlFor, NOT_BUILT_MESSAGE } from '../src/plugins/app/static-site.ts';
import { buildTestApp, json } from './helper.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX_HTML =
  '<!doctype html><html><head><title>Campus Soko</title></head><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function writeFiles(root: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

describe('static site', () => {
  let root: string;
  let app: FastifyInstance;
  const mainJs = 'console.log("host main");'.repeat(20);

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'campus-soko-static-'));
    await writeFiles(root, {
      'host/dist/index.html': INDEX_HTML,
      'host/dist/main.3f9a1c2b.js': mainJs,
      'host/dist/main.3f9a1c2b.js.br': brotliCompressSync(mainJs),
      'host/dist/styles.0a1b2c3d4e.css': 'body{margin:0}',
      'host/dist/favicon.ico': 'icon',
      'mfe-catalog/dist/remoteEntry.js': 'var catalog;',
      'mfe-catalog/dist/mf-manifest.json': '{"id":"catalog"}',
      'mfe-catalog/dist/123.abcdef12.js': 'chunk',
      'mfe-dashboard/dist/remoteEntry.js': 'var dashboard;',
    });
    app = await buildTestApp('pglite', {
      env: {
        SERVE_STATIC: '1',
        STATIC_ROOT: root,
        REMOTE_CATALOG_URL: 'https://cdn.example.com/catalog/mf-manifest.json',
        REMOTE_DASHBOARD_URL: '/remotes/dashboard/remoteEntry.js',
      },
    });
    await writeFiles(app.config.uploadsDir, { 'products/0b5e-1200.webp': 'RIFF....WEBP' });
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache and a CSP that allows the remote origin', async () => {
    const response = await app.inject({ url: '/', headers: HTML });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, INDEX_HTML);
    assert.match(String(response.headers['content-type']), /text\/html/);
    assert.equal(response.headers['cache-control'], 'no-cache');
    const csp = String(response.headers['content-security-policy']);
    // The boot script's hash (ADR 0024), then the remote origin.
    assert.ok(csp.includes(`script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE} https://cdn.example.com;`), csp);
    assert.match(csp, /connect-src 'self' https:\/\/cdn\.example\.com;/);
  });

  it('caches hashed assets for a year and unhashed ones with no-cache', async () => {
    const js = await app.inject('/main.3f9a1c2b.js');
    assert.equal(js.statusCode, 200);
    assert.equal(js.body, mainJs);
    assert.equal(js.headers['cache-control'], IMMUTABLE);
    assert.equal((await app.inject('/styles.0a1b2c3d4e.css')).headers['cache-control'], IMMUTABLE);
    assert.equal((await app.inject('/favicon.ico')).headers['cache-control'], 'no-cache');
  });

  it('serves the precompressed .br sibling when the client accepts brotli', async () => {
    const response = await app.inject({
      url: '/main.3f9a1c2b.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], 'br');
    assert.equal(response.headers['cache-control'], IMMUTABLE);
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.equal(brotliDecompressSync(response.rawPayload).toString(), mainJs);
  });

  it('answers client-side routes with index.html (history fallback) for HTML requests only', async () => {
    for (const url of [
      '/products',
      '/products/7c0d5e36-3c9f-4a5e-9d7e-0a1b2c3d4e5f',
      '/app/settings?tab=shop',
    ]) {
      const response = await app.inject({ url, headers: HTML });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX_HTML);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
    const api = await app.inject({ url: '/api/v1/nope', headers: HTML });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(json(api), { status: 'fail', message: 'Route not found' });
    for (const url of ['/remotes/catalog/missing.js', '/uploads/missing.webp']) {
      const response = await app.inject({ url, headers: HTML });
      assert.equal(response.statusCode, 404, url);
    }
    const script = await app.inject({ url: '/missing.js', headers: { accept: '*/*' } });
    assert.equal(script.statusCode, 404);
    // Link unfurlers (WhatsApp) ask for a page with `Accept: */*` or none: they get the page (docs/product.md §23.6).
    for (const accept of ['*/*', undefined]) {
      const unfurl = await app.inject({
        url: '/products/7c0d5e36-3c9f-4a5e-9d7e-0a1b2c3d4e5f',
        headers: accept ? { accept } : {},
      });
      assert.equal(unfurl.statusCode, 200, String(accept));
      assert.equal(unfurl.body, INDEX_HTML);
    }
    const post = await app.inject({ method: 'POST', url: '/products', headers: HTML });
    assert.equal(post.statusCode, 404);
  });

  it('serves the remotes under /remotes/<name>/ with CORS and the same cache rules', async () => {
    const entry = await app.inject('/remotes/catalog/remoteEntry.js');
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.body, 'var catalog;');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(entry.headers['cross-origin-resource-policy'], 'cross-origin');
    const manifest = await app.inject('/remotes/catalog/mf-manifest.json');
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.equal((await app.inject('/remotes/catalog/123.abcdef12.js')).headers['cache-control'], IMMUTABLE);
    assert.equal((await app.inject('/remotes/dashboard/remoteEntry.js')).body, 'var dashboard;');
  });

  it('answers 503 asking for a build for a remote whose dist is missing', async () => {
    const response = await app.inject('/remotes/auth/remoteEntry.js');
    assert.equal(response.statusCode, 503);
    assert.deepEqual(json(response), { status: 'error', message: NOT_BUILT_MESSAGE });
  });

  it('writes /remotes.json from the REMOTE_*_URL and REMOTE_*_SSR_URL variables, private and not cached', async () => {
    const response = await app.inject('/remotes.json');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'private, no-cache');
    assert.equal(response.headers.vary, 'Cookie');
    const body = json(response);
    assert.match(body.catalog.version, /^env-[0-9a-f]{8}$/);
    assert.match(body.dashboard.version, /^env-[0-9a-f]{8}$/);
    assert.equal(body.auth.version, 'unbuilt');
    for (const remote of ['catalog', 'auth', 'dashboard']) delete body[remote].version;
    assert.deepEqual(body, {
      catalog: {
        entry: 'https://cdn.example.com/catalog/mf-manifest.json',
        ssrEntry: '/remotes/catalog/server/remoteEntry.js',
      },
      auth: { entry: '/remotes/auth/mf-manifest.json', ssrEntry: null },
      dashboard: { entry: '/remotes/dashboard/remoteEntry.js', ssrEntry: null },
    });
  });

  it('serves uploads as immutable files', async () => {
    const response = await app.inject('/uploads/products/0b5e-1200.webp');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/webp');
    assert.equal(response.headers['cache-control'], IMMUTABLE);
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(response.body, 'RIFF....WEBP');
    assert.equal(response.headers['content-length'], '12');
  });

  it('answers conditional, ranged and HEAD requests for an upload, and 404 for folders and unsafe keys', async () => {
    const url = '/uploads/products/0b5e-1200.webp';
    const { etag, 'last-modified': lastModified } = (await app.inject(url)).headers;
    assert.ok(etag && lastModified, 'ETag and Last-Modified');
    const revalidated = await app.inject({ url, headers: { 'if-none-match': String(etag) } });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, '');
    const ranged = await app.inject({ url, headers: { range: 'bytes=4-7' } });
    assert.equal(ranged.statusCode, 206);
    assert.equal(ranged.body, '....');
    assert.equal(ranged.headers['content-range'], 'bytes 4-7/12');
    const head = await app.inject({ method: 'HEAD', url });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], '12');
    assert.equal(head.body, '');
    for (const bad of ['/uploads/products', '/uploads/products/', '/uploads/.hidden', '/uploads/a//b.webp']) {
      const response = await app.inject(bad);
      assert.equal(response.statusCode, 404, bad);
      assert.equal(json(response).status, 'fail', bad);
    }
  });

  it('answers a missing 800/200 px variant of an older picture with its nearest stored sibling (§23)', async () => {
    await writeFiles(app.config.uploadsDir, {
      'products/old1-1200.webp': 'LARGE-1200',
      'products/old1-400.webp': 'THUMB-400',
      'products/new1-200.webp': 'SMALL-200',
    });
    const small = await app.inject('/uploads/products/old1-200.webp');
    assert.equal(small.statusCode, 200);
    assert.equal(small.body, 'THUMB-400');
    assert.equal(small.headers['content-type'], 'image/webp');
    assert.equal(small.headers['cache-control'], 'public, max-age=86400');
    assert.equal((await app.inject('/uploads/products/old1-800.webp')).body, 'LARGE-1200');
    // A stored variant is the file itself, immutable.
    const own = await app.inject('/uploads/products/new1-200.webp');
    assert.equal(own.body, 'SMALL-200');
    assert.equal(own.headers['cache-control'], IMMUTABLE);
    // Nothing to stand in: 404, and no way out of the uploads folder.
    assert.equal((await app.inject('/uploads/products/none-800.webp')).statusCode, 404);
    assert.equal((await app.inject('/uploads/../host/dist/x-200.webp')).statusCode, 404);
  });

  it('keeps the API working next to the site', async () => {
    assert.deepEqual(json(await app.inject('/api/v1/health')), { status: 'ok' });
  });
});

describe('static site without a build', () => {
  let root: string;
  let app: FastifyInstance;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'campus-soko-static-empty-'));
    app = await buildTestApp('pglite', { env: { SERVE_STATIC: '1', STATIC_ROOT: root } });
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('starts, and answers 503 with "run npm run build" for the site and the remotes', async () => {
    for (const url of ['/', '/products', '/remotes/catalog/remoteEntry.js']) {
      const response = await app.inject({ url, headers: HTML });
      assert.equal(response.statusCode, 503, url);
      assert.match(json(response).message, /run `npm run build`/);
    }
    assert.equal((await app.inject('/api/v1/health')).statusCode, 200);
  });
});

describe('without SERVE_STATIC', () => {
  it('serves no site but still serves uploads', async () => {
    const app = await buildTestApp('pglite');
    try {
      assert.equal((await app.inject({ url: '/', headers: HTML })).statusCode, 404);
      assert.equal((await app.inject('/remotes.json')).statusCode, 404);
      await writeFiles(app.config.uploadsDir, { 'a-400.webp': 'x' });
      assert.equal((await app.inject('/uploads/a-400.webp')).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

describe('cacheControlFor', () => {
  it('recognizes content hashes in file names', () => {
    for (const name of [
      'main.3f9a1c2b.js',
      '123.abcdef12.js',
      'vendor-0123456789abcdef.css',
      'a.3f9a1c2b.js.br',
    ]) {
      assert.equal(cacheControlFor(`/dist/${name}`), IMMUTABLE, name);
    }
    for (const name of [
      'index.html',
      'remoteEntry.js',
      'mf-manifest.json',
      'remotes.json',
      'logo.svg',
      'main.js',
    ]) {
      assert.equal(cacheControlFor(`/dist/${name}`), 'no-cache', name);
    }
  });
});
