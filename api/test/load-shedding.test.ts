/**
 * Load shedding and priority (docs/decisions/0030): with the server renders in flight at their
 * limit a new page request gets the client-rendered shell at once; while the event loop is behind,
 * API reads answer 503 with Retry-After; health checks answer by their own rules throughout, and
 * requests already accepted complete.
 *
 * The site is served from a temporary STATIC_ROOT whose host "server build" is a small CommonJS
 * renderer the test holds and releases (the real `server-rendering.ts` loads and drives it as it
 * does the rspack build), so "a render in flight" is a fact, not a race. Event-loop pressure is
 * real: a timer blocks the loop for 300 ms again and again until the test stops it.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import {
  type LoadSheddingOptions,
  OVERLOADED_MESSAGE,
  RENDER_FALLBACK_HEADER,
  RENDER_FALLBACK_OVERLOAD,
} from '../src/plugins/app/load-shedding.ts';
import { json, testConfig } from './helper.ts';

/** How the test holds the stub renderer: each render waits for `release()` while `holding`. */
interface RenderControl {
  holding: boolean;
  started: string[];
  waiting: (() => void)[];
}
declare global {
  var campusRenderControl: RenderControl | undefined;
}

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Campus Soko</title></head>' +
  '<body><div id="root"></div></body></html>';

/** A host server build: renders `<main>rendered PATH</main>`, waiting while the test holds it. */
const RENDER_JS = `
exports.configureRemotes = () => {};
exports.renderPage = async ({ url }) => {
  const control = globalThis.campusRenderControl;
  const pathname = new URL(url).pathname;
  if (control) {
    control.started.push(pathname);
    if (control.holding) await new Promise((resolve) => control.waiting.push(resolve));
  }
  return {
    status: 200,
    head: { title: 'Products' },
    data: {},
    remoteModules: [],
    failedRemoteModules: [],
    saveData: false,
    pipe(destination) { destination.write('<main>rendered ' + pathname + '</main>'); destination.end(); },
    styleTags: () => '',
  };
};
`;

async function siteRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'campus-shed-site-'));
  await mkdir(path.join(root, 'host', 'dist', 'server'), { recursive: true });
  await writeFile(path.join(root, 'host', 'dist', 'index.html'), INDEX_HTML);
  await writeFile(path.join(root, 'host', 'dist', 'server', 'render.js'), RENDER_JS);
  return root;
}

/** An app serving the stub site on in-memory PGlite with the given load-shedding thresholds. */
async function buildSite(root: string, loadShedding: LoadSheddingOptions): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-shed-data-'));
  const app = await buildApp(
    testConfig(dataDir, {
      SERVE_STATIC: '1',
      STATIC_ROOT: root,
      SERVER_RENDERING: 'on',
      PUBLIC_URL: 'https://soko.example',
    }),
    {
      database: await createDatabase({ engine: 'pglite', dataDir: null }),
      logger: false,
      loadShedding,
    },
  );
  app.addHook('onClose', async () => rm(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

const page = (app: FastifyInstance, url = '/products') =>
  app.inject({ url, headers: { accept: 'text/html' } });

/**
 * Resolves once `condition()` holds (checked every 10 ms); rejects naming `what` after 60 s, so a
 * test that cannot get there fails instead of keeping the process alive.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Blocks the event loop for `blockMs` again and again until the returned function is called. */
function blockTheLoop(blockMs = 300): () => void {
  const timer = setInterval(() => {
    const end = performance.now() + blockMs;
    while (performance.now() < end) {
      // busy: the event loop falls behind, as under a crowd of server renders
    }
  }, 1);
  return () => clearInterval(timer);
}

/**
 * Sends page requests until one is admitted to a server render (held by `control`); a request
 * shed meanwhile (the shared machine's own load can make the loop lag) is simply answered.
 * @returns the admitted request's pending answer, wrapped (an async function returning the
 *   promise itself would wait for it)
 */
async function admittedPage(app: FastifyInstance, control: RenderControl, url: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = control.started.length;
    let settled = false;
    const attempt = page(app, url).finally(() => {
      settled = true;
    });
    while (!settled && control.started.length === before) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (control.started.length > before) return { answer: attempt };
  }
  throw new Error(`gave up waiting: a server render of ${url} admitted`);
}

/** The answer of `url` once it is not 503 (the loop calm again), or an error after 60 s. */
async function answeredWhenCalm(app: FastifyInstance, url: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await app.inject({ url });
    if (response.statusCode !== 503) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting: ${url} answered without shedding`);
}

function holdRenders(): RenderControl {
  const control: RenderControl = { holding: true, started: [], waiting: [] };
  globalThis.campusRenderControl = control;
  return control;
}

function releaseRenders(control: RenderControl): void {
  control.holding = false;
  for (const resolve of control.waiting.splice(0)) resolve();
}

async function assertHealthAnswers(app: FastifyInstance): Promise<void> {
  for (const url of ['/api/v1/health/live', '/api/v1/health/ready', '/api/v1/health']) {
    const response = await app.inject({ url });
    assert.equal(response.statusCode, 200, `${url} answered ${response.statusCode}`);
    assert.equal(json(response).status, 'ok', url);
  }
}

describe('load shedding', { timeout: 120_000 }, () => {
  let root: string;
  before(async () => {
    root = await siteRoot();
  });
  after(async () => {
    globalThis.campusRenderControl = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('with the renders in flight at the limit, a new page gets the client shell at once and health answers', async () => {
    const app = await buildSite(root, { maxRendersInFlight: 2 });
    try {
      const control = holdRenders();
      const held = [page(app, '/products'), page(app, '/services')];
      await until(() => control.started.length === 2, 'two renders in flight');
      assert.equal(app.renderGate.inFlight, 2);

      const shed = await page(app, '/products');
      assert.equal(shed.statusCode, 200);
      assert.equal(shed.headers[RENDER_FALLBACK_HEADER], RENDER_FALLBACK_OVERLOAD);
      assert.match(shed.body, /<div id="root"><\/div>/, 'the client-rendered shell');
      assert.doesNotMatch(shed.body, /data-server-rendered/);
      assert.equal(control.started.length, 2, 'no third render started');

      await assertHealthAnswers(app);
      // The renders do not hold the API: reads answer as usual.
      assert.equal((await app.inject({ url: '/api/v1/products' })).statusCode, 200);

      // Nothing accepted is dropped: the held renders complete, server-rendered.
      releaseRenders(control);
      for (const response of await Promise.all(held)) {
        assert.equal(response.statusCode, 200);
        assert.match(response.body, /data-server-rendered/);
        assert.equal(response.headers[RENDER_FALLBACK_HEADER], undefined);
      }
      assert.equal(app.renderGate.inFlight, 0);
      // With room again, the next page is rendered on the server.
      const next = await page(app, '/products');
      assert.match(next.body, /<main>rendered \/products<\/main>/);
      const metrics = await app.inject({ url: '/metrics' });
      assert.match(metrics.body, /^campus_shed_total\{kind="render"\} 1$/m);
    } finally {
      await app.close();
    }
  });

  it('while the event loop is behind: API reads 503 with Retry-After, health and writes answer, accepted requests complete', async () => {
    const app = await buildSite(root, {
      // Far above what a busy shared machine causes by itself, far below the blocks below.
      maxEventLoopDelayMs: 100,
      sampleIntervalMs: 50,
      maxRendersInFlight: 4,
    });
    let unblock: (() => void) | undefined;
    try {
      // Building the app (migrations on PGlite) kept the loop busy: reads answer once it is calm.
      assert.equal((await answeredWhenCalm(app, '/api/v1/products')).statusCode, 200);
      // A page accepted before the pressure starts.
      const control = holdRenders();
      const accepted = (await admittedPage(app, control, '/products')).answer;

      unblock = blockTheLoop();
      await until(() => app.isUnderPressure(), 'the event loop under pressure');

      const read = await app.inject({ url: '/api/v1/products' });
      assert.equal(read.statusCode, 503);
      assert.deepEqual(json(read), { status: 'error', message: OVERLOADED_MESSAGE });
      assert.match(String(read.headers['retry-after']), /^[1-9]\d*$/);
      assert.equal(read.headers['cache-control'], 'no-store');
      // A link the student followed (the verification link of a mail) is not shed.
      const followed = await app.inject({
        url: '/api/v1/auth/verify-email/not-a-token',
        headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
      });
      assert.notEqual(followed.statusCode, 503);
      await assertHealthAnswers(app);
      // A write is not thrown away (here: a login with a wrong password, judged as usual).
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@students.example.ke', password: 'not-the-password-1' },
      });
      assert.equal(login.statusCode, 401);
      // A new page is not rendered on the server meanwhile: the client shell.
      const shed = await page(app, '/services');
      assert.equal(shed.headers[RENDER_FALLBACK_HEADER], RENDER_FALLBACK_OVERLOAD);

      // The page accepted before completes, server-rendered.
      releaseRenders(control);
      const done = await accepted;
      assert.equal(done.statusCode, 200);
      assert.match(done.body, /<main>rendered \/products<\/main>/);

      unblock();
      unblock = undefined;
      assert.equal((await answeredWhenCalm(app, '/api/v1/products')).statusCode, 200);
    } finally {
      unblock?.();
      await app.close();
    }
  });
});
