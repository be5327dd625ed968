/**
 * Server rendering (docs/product.md §23, e2e): the site is started here a second time with
 * SERVER_RENDERING=on (same bundles, own data folder with the demo data), and a third time with
 * the catalog remote's server code unreachable. Checks: the HTML of /products (no JS) holds the
 * first page's titles, prices and item links; no hydration warnings on the public routes; with
 * JavaScript disabled the list, search, pagination, item page and chat link work; a remote whose
 * server code is unreachable still works in the browser while the other routes server-render;
 * an item page's head has the share tags with an absolute image URL; the page paints before its
 * JavaScript runs, and without JavaScript it downloads none (ADR 0024).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnswerOf } from '@campus/shared/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { CONFIG_ENV_NAMES } from '../../api/src/config-env-names';
import { freePort } from '../../scripts/test-machine.mjs';
import { clickNextPage, waitUntilLive } from '../support/fixtures';
import { siteState } from '../support/site';

const ROOT = path.resolve(__dirname, '../..');
/** The phone screen of the first-view checks: Lighthouse's mobile screen, as bench/lib/network.ts PHONE. */
const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, isMobile: true };

interface Site {
  baseURL: string;
  child: ChildProcess;
  dir: string;
}

/** Every site this file started (stopped in afterAll even when a start failed). */
const started: Site[] = [];

/** Starts the production site (the run's bundle snapshot) with `env`; resolves once healthy. */
async function startSite(env: Record<string, string>): Promise<Site> {
  const dir = mkdtempSync(path.join(tmpdir(), 'campus-soko-ssr-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_ENV_NAMES) delete childEnv[key];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    SERVE_STATIC: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: baseURL,
    STATIC_ROOT: siteState().staticRoot,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '100',
    ...env,
  });
  const logFile = path.join(dir, 'site.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', log, log],
  });
  started.push({ baseURL, child, dir });
  const deadline = Date.now() + 280_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`site exited: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      if ((await fetch(`${baseURL}/api/v1/health`)).ok) {
        await untilSettled(baseURL, deadline);
        return { baseURL, child, dir };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`site not healthy: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

/**
 * Waits until `baseURL` has settled after start: the demo seed, VACUUM and first compiles keep
 * the event loop behind for a while, and until it catches up a production site answers API reads
 * 503 and may send a page as the client-rendered shell (load shedding, ADR 0030).
 */
async function untilSettled(baseURL: string, deadline: number): Promise<void> {
  let last = '';
  while (Date.now() < deadline) {
    const [read, page] = await Promise.all([
      fetch(`${baseURL}/api/v1/services?limit=1`),
      fetch(`${baseURL}/about`, { headers: { accept: 'text/html' } }),
    ]);
    await Promise.all([read.arrayBuffer(), page.arrayBuffer()]);
    const fallback = page.headers.get('x-render-fallback');
    if (read.ok && page.ok && !fallback) return;
    last = `API read ${read.status}, page ${page.status} ${fallback ?? ''}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseURL} did not settle after start (last: ${last})`);
}

async function stopSite(site: Site | undefined): Promise<void> {
  if (!site) return;
  if (site.child.exitCode === null && site.child.pid) {
    const exited = new Promise((resolve) => site.child.once('exit', resolve));
    process.kill(site.child.pid, 'SIGTERM');
    await exited;
  }
  rmSync(site.dir, { recursive: true, force: true });
}

/** A product as `GET /products` lists it (the contract's type). */
type ApiProduct = AnswerOf<'GET /products'>['data']['products'][number];

async function firstPage(
  baseURL: string,
  query = '',
): Promise<{ products: ApiProduct[]; totalPages: number }> {
  const response = await fetch(`${baseURL}/api/v1/products?page=1&limit=20${query}`);
  if (!response.ok)
    throw new Error(`GET /api/v1/products answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { products: ApiProduct[]; totalPages: number } }).data;
}

const kes = (price: number) => `Kes ${new Intl.NumberFormat('en-KE').format(price)}`;

/** Console messages that signal a hydration problem. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|did not match|Minified React error #418|#423|#425/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let ssr: Site | undefined;
let remoteDown: Site | undefined;

test.beforeAll(async () => {
  // Two fresh sites: the first one seeds the demo data (pictures included).
  test.setTimeout(300_000);
  [ssr, remoteDown] = await Promise.all([
    startSite({ SERVER_RENDERING: 'on' }),
    startSite({
      SERVER_RENDERING: 'on',
      SEED_DEMO: '0',
      REMOTE_CATALOG_SSR_URL: 'http://127.0.0.1:9/remoteEntry.js',
    }),
  ]);
});
test.afterAll(async () => {
  await Promise.all(started.map((one) => stopSite(one)));
});

function site(): Site {
  if (!ssr) throw new Error('the server-rendered site did not start');
  return ssr;
}

test('the HTML of /products (no JavaScript, like curl) holds the first page: titles, prices, item links', async () => {
  const { products } = await firstPage(site().baseURL);
  expect(products.length).toBeGreaterThan(0);
  const response = await fetch(`${site().baseURL}/products`, { headers: { accept: 'text/html' } });
  expect(response.headers.get('x-render-fallback'), 'the page was rendered on the server').toBeNull();
  const html = await response.text();
  for (const product of products.slice(0, 5)) {
    expect(html).toContain(`href="/products/${product._id}"`);
    expect(html).toContain(kes(product.price));
  }
  expect(html).toContain(`title="${products[0]?.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
});

test("signup's first view takes the universities from the page's route data: no API call, no HTTP client until submit", async ({
  browser,
}) => {
  const context = await browser.newContext({
    ...PHONE_SCREEN,
    baseURL: site().baseURL,
    serviceWorkers: 'block',
  });
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  const page = await context.newPage();
  await page.goto('/auth?mode=register');
  await waitUntilLive(page);
  await page.getByRole('combobox', { name: /university/i }).click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  expect(urls.filter((url) => url.includes('/universities'))).toEqual([]);
  expect(urls.filter((url) => url.includes('/api/'))).toEqual([]);
  await context.close();
});

test('an item page head has the share tags with an absolute image URL', async () => {
  const { products } = await firstPage(site().baseURL);
  const product = products.find((item) => item.coverImage);
  if (!product) throw new Error('no demo product with a cover');
  const html = await (
    await fetch(`${site().baseURL}/products/${product._id}`, { headers: { accept: '*/*' } })
  ).text();
  expect(html).toContain(`<meta property="og:image" content="${site().baseURL}${product.coverImage}"`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(html).toContain(`<meta property="og:url" content="${site().baseURL}/products/${product._id}"`);
  expect(html).toContain('<meta property="og:type" content="product"');
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
});

test('a cold /, /products and item page fetch every JS file once, the page chunk by its preload (preloads match the runtime)', async ({
  browser,
}) => {
  const [product] = (await firstPage(site().baseURL)).products;
  if (!product) throw new Error('no demo product');
  const routes = {
    '/': 'LatestListings',
    '/products': 'ProductsPage',
    [`/products/${product._id}`]: 'ProductDetailPage',
  };
  for (const [route, module] of Object.entries(routes)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    const unused: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) fetched.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      if (/preloaded using link preload but not used/i.test(message.text())) unused.push(message.text());
    });
    await page.goto(`${site().baseURL}${route}`);
    await page.waitForLoadState('networkidle');
    const twice = fetched.filter((file, index) => fetched.indexOf(file) !== index);
    expect(twice, route).toEqual([]);
    // The route's page chunk starts with the HTML (the boot script's preload, from the remote's
    // manifest), not one hop after the remote entry has run.
    const chunks = await page.evaluate(
      (name) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes(`/__federation_expose_${name}.`))
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
      module,
    );
    expect(chunks, route).toEqual(['link']);
    expect(unused, route).toEqual([]);
    await context.close();
  }
});

test('on a phone, the page paints before its JavaScript runs: the host starts after the first paint and the LCP photo', async ({
  browser,
}) => {
  for (const route of ['/', '/products']) {
    const context = await browser.newContext(PHONE_SCREEN);
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.addInitScript(() => {
      const paints: { time: number; photo: boolean }[] = [];
      Object.assign(window, { largestPaints: paints });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          renderTime: number;
          element: Element | null;
        })[])
          paints.push({
            time: entry.renderTime || entry.startTime,
            photo: entry.element?.getAttribute('fetchpriority') === 'high',
          });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${site().baseURL}${route}`);
    await waitUntilLive(page);
    const timings = await page.evaluate(() => ({
      boot: performance.getEntriesByName('campus:boot')[0]?.startTime ?? null,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      paints: (window as unknown as { largestPaints: { time: number; photo: boolean }[] }).largestPaints,
    }));
    expect(timings.boot, `${route}: the boot script started the host`).not.toBeNull();
    expect(timings.firstPaint, route).not.toBeNull();
    expect(timings.boot ?? 0, `${route}: after the first paint`).toBeGreaterThanOrEqual(
      timings.firstPaint ?? Infinity,
    );
    if (route === '/products') {
      const photo = timings.paints.find((paint) => paint.photo);
      expect(photo, 'the first card photo is a largest-contentful-paint candidate').toBeDefined();
      expect(timings.boot ?? 0, 'after the first card photo was painted').toBeGreaterThanOrEqual(
        photo?.time ?? Infinity,
      );
    }
    expect(blocked, `${route}: the CSP blocked nothing`).toEqual([]);
    await context.close();
  }
});

test('no hydration warnings on the public routes; the page then works as before', async ({ page }) => {
  const { products } = await firstPage(site().baseURL);
  const services = (await (await fetch(`${site().baseURL}/api/v1/services?limit=1`)).json()) as {
    data: { services: { _id: string }[] };
  };
  const shop = (await (await fetch(`${site().baseURL}/api/v1/products?limit=50`)).json()) as {
    data: { products: ApiProduct[] };
  };
  const shopId = shop.data.products.find((product) => product.shop)?.shop?._id;
  const routes = [
    '/',
    '/products',
    '/products?page=2',
    '/services',
    `/products/${products[0]?._id}`,
    `/services/${services.data.services[0]?._id}`,
    `/shop/${shopId}`,
    '/about',
    '/privacy-policy',
    '/terms-and-conditions',
    '/contact',
    '/user-navigation',
    '/coming-soon',
    '/no-such-page',
  ];
  for (const route of routes) {
    const problems = watchHydration(page);
    await page.goto(`${site().baseURL}${route}`);
    await page.waitForLoadState('networkidle');
    expect(problems, route).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
  // After hydration the list still reacts: a search goes through the client.
  await page.goto(`${site().baseURL}/products`);
  await waitUntilLive(page); // typing into server HTML before hydration would be lost
  await page.getByRole('searchbox', { name: 'Search products' }).fill('zzzz-nothing');
  await expect(page.getByText('No products found.')).toBeVisible();
});

test('on a phone, hydration writes no style rule: the server sent every class, composition layers too', async ({
  browser,
}) => {
  const { products } = await firstPage(site().baseURL);
  // A phone screen: the server renders the phone layout, so nothing re-renders after hydration
  // (on a desktop the filters' sidebar appears then, with rules of its own).
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const written: string[] = [];
    (window as unknown as { writtenRules: string[] }).writtenRules = written;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      written.push(rule);
      return insertRule.call(this, rule, index);
    };
  });
  for (const route of ['/', '/products', `/products/${products[0]?._id}`]) {
    await page.goto(`${site().baseURL}${route}`);
    await waitUntilLive(page);
    await page.waitForLoadState('networkidle');
    const written = await page.evaluate(() => (window as unknown as { writtenRules: string[] }).writtenRules);
    // Class rules only: MUI's global keyframes (InputBase's autofill) are written by a global style.
    expect(
      written.filter((rule) => rule.startsWith('.css-')),
      route,
    ).toEqual([]);
  }
  await context.close();
});

/**
 * `/products` of the server-rendered site opened on a phone screen in a fresh context (close it when
 * done), once its 20 cards (the list items holding an article) are in the page.
 */
async function productsOnPhone(browser: Browser) {
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  await page.goto(`${site().baseURL}/products`);
  const cards = page.locator('main ul > li:has(article)');
  await expect(cards).toHaveCount(20);
  return { context, page, cards };
}

test('on a phone, the first view lays out only the cards near the screen; the rest are laid out on the way down', async ({
  browser,
}) => {
  const { context, cards } = await productsOnPhone(browser);
  // `contentVisibilityAuto: true` reports an element inside a list item whose rendering the
  // browser skips (CardGrid's content-visibility: auto) as not visible.
  const laidOut = () =>
    cards.evaluateAll((items) =>
      items.map((item) => item.querySelector('article')?.checkVisibility({ contentVisibilityAuto: true })),
    );
  // Which cards are near the screen is decided at a rendering update: until the first one after
  // the cards were parsed, every card counts as skipped. Wait until the first card is laid out.
  await expect.poll(async () => (await laidOut())[0]).toBe(true);
  const atLoad = await laidOut();
  expect(atLoad.at(-1)).toBe(false);
  // Skipped cards stay in the page for readers and find-in-page: their links are there.
  await expect(cards.last().getByRole('link').first()).toBeAttached();
  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await laidOut()).at(-1)).toBe(true);
  await context.close();
});

test('on a phone, a card draws its chat mark and heart from one CSS rule: no inline SVG per card', async ({
  browser,
}) => {
  const { context, page, cards } = await productsOnPhone(browser);
  await waitUntilLive(page);
  const card = cards.first();
  await expect(card.locator('svg')).toHaveCount(0);
  const icons = card.locator('[data-icon]');
  await expect(icons).toHaveCount(2);
  for (const [shape, sizePx] of [
    ['WhatsApp', 18], // the chat link's small size
    ['FavoriteBorder', 24], // a guest's heart: an outline
  ] as const) {
    const icon = card.locator(`[data-icon="${shape}"]`);
    const style = await icon.evaluate((element) => {
      const css = getComputedStyle(element);
      const parent = getComputedStyle(element.closest('a, button') ?? element);
      return {
        mask: css.maskImage || css.webkitMaskImage,
        width: css.width,
        height: css.height,
        fill: css.backgroundColor,
        text: parent.color,
      };
    });
    expect(style.mask, shape).toMatch(/^url\("data:image\/svg\+xml,/);
    expect([style.width, style.height], shape).toEqual([`${sizePx}px`, `${sizePx}px`]);
    expect(style.fill, shape).toBe(style.text);
    // The mask draws a shape: neither nothing nor a filled square.
    const drawn = await icon.screenshot();
    await icon.evaluate((element) => {
      (element as HTMLElement).style.mask = 'none';
      (element as HTMLElement).style.webkitMask = 'none';
    });
    const square = await icon.screenshot();
    await icon.evaluate((element) => {
      (element as HTMLElement).style.opacity = '0'; // still "visible" to the screenshot's wait
    });
    const nothing = await icon.screenshot();
    expect(drawn.equals(square), `${shape} is not a filled square`).toBe(false);
    expect(drawn.equals(nothing), `${shape} is painted`).toBe(false);
  }
  await context.close();
});

test.describe('with JavaScript disabled', () => {
  async function noJsPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled: false });
    return context.newPage();
  }

  test('list, search, pagination, item page and chat link work', async ({ browser }) => {
    const page = await noJsPage(browser);
    const { products, totalPages } = await firstPage(site().baseURL);
    await page.goto(`${site().baseURL}/products`);
    const list = page.getByRole('region', { name: 'Products' });
    await expect(list.getByRole('article')).toHaveCount(products.length);

    // Pagination links.
    if (totalPages > 1) {
      await clickNextPage(page);
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(list.getByRole('article').first()).toBeVisible();
    }

    // Search is a GET form.
    const term = products[0]?.title.split(' ')[0] ?? '';
    await page.goto(`${site().baseURL}/products`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(term);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(term)}`));
    await expect(list.getByRole('article').first()).toContainText(term.slice(0, 10));

    // Item page and its chat link.
    const product = products[0];
    if (!product) throw new Error('no products');
    await page.goto(`${site().baseURL}/products/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const chat = page.getByRole('link', { name: 'Contact on WhatsApp' });
    // The API's counted chat route (docs/product.md §20.6): a same-site link that works without JavaScript.
    await expect(chat).toHaveAttribute('href', `/api/v1/products/${product._id}/chat`);
    await page.context().close();
  });

  test('a page downloads no JavaScript it cannot run (the boot script preloads it)', async ({ browser }) => {
    const page = await noJsPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.js$|mf-manifest\.json$/.test(pathname)) scripts.push(pathname);
    });
    const { products } = await firstPage(site().baseURL);
    for (const route of ['/', '/products', `/products/${products[0]?._id}`]) {
      await page.goto(`${site().baseURL}${route}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    expect(scripts).toEqual([]);
    await page.context().close();
  });

  test('a category from the URL filters the list', async ({ browser }) => {
    const page = await noJsPage(browser);
    const { products: all } = await firstPage(site().baseURL);
    const category = all[0]?.category;
    if (!category) throw new Error('no demo product with a category');
    const { products } = await firstPage(site().baseURL, `&category=${encodeURIComponent(category)}`);
    await page.goto(`${site().baseURL}/products?category=${encodeURIComponent(category)}`);
    const list = page.getByRole('region', { name: 'Products' });
    await expect(list.getByRole('article')).toHaveCount(products.length);
    for (const product of products.slice(0, 3)) {
      await expect(list.locator(`a[href="/products/${product._id}"]`).first()).toBeAttached();
    }
    await page.context().close();
  });

  test('services and shop pages read fully, with their chat links', async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto(`${site().baseURL}/services`);
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    const listed = await fetch(`${site().baseURL}/api/v1/products?limit=50`);
    const { products } = ((await listed.json()) as { data: { products: ApiProduct[] } }).data;
    const shop = products.find((product) => product.shop)?.shop;
    if (!shop) throw new Error('no demo product belongs to a shop');
    const response = await fetch(`${site().baseURL}/api/v1/shops/${shop._id}/products`);
    const shopProducts = ((await response.json()) as { data: { products: { title: string }[] } }).data
      .products;
    expect(shopProducts.length).toBeGreaterThan(0);
    await page.goto(`${site().baseURL}/shop/${shop._id}`);
    await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
    const first = shopProducts[0]?.title ?? '';
    await expect(page.getByText(first).first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Chat with ${shop.name} on WhatsApp about ${first}` }),
    ).toHaveAttribute('href', new RegExp(`^/api/v1/shops/${shop._id}/chat\\?product=`));
    await page.context().close();
  });
});

test('a remote whose server code is unreachable: its routes work in the browser, the others still server-render', async ({
  page,
  browser,
}) => {
  if (!remoteDown) throw new Error('the second site did not start');
  const base = remoteDown.baseURL;
  // The shell and the host's own pages are server-rendered.
  const about = await (await fetch(`${base}/about`, { headers: { accept: 'text/html' } })).text();
  expect(about).toContain('What it is for');
  // The catalog's part is left to the browser (React's client-render marker, spinner fallback).
  const products = await (await fetch(`${base}/products`, { headers: { accept: 'text/html' } })).text();
  expect(products).toContain('aria-label="Main"');
  expect(products).toContain('<!--$!-->');
  // In the browser the catalog remote renders the page (this site has no data: the empty list).
  await page.goto(`${base}/products`);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByText('No products found.')).toBeVisible();
  // Without JavaScript the shell is still there.
  const noJs = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await noJs.goto(`${base}/about`);
  await expect(noJs.getByRole('heading', { level: 1 })).toBeVisible();
  await noJs.context().close();
});
