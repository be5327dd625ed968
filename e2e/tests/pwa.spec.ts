/**
 * Installable site and data saver (docs/product.md §23.7 and §23.8), in Chromium with service workers
 * allowed (this spec only; the others block them, playwright.config.ts):
 * - the web app manifest is served, valid and linked from the page; its icons are real PNGs;
 * - the service worker installs and takes control, caches what the first visit loaded, and with
 *   the network gone answers /products from its cache and a page never visited with the offline
 *   page (the "You are offline" notice of the list pages is tested in ProductsPage.test.tsx);
 * - the footer's data saver toggle: cards load no photo until tapped, then the 200 px thumbnail.
 */
import type { Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../playwright.config';
import { clickNextPage, expect, test } from '../support/fixtures';

test.use({
  serviceWorkers: 'allow',
  // Chromium may start a navigation's network request while the worker boots (auto preload);
  // offline that request fails the navigation before the worker answers from its cache.
  launchOptions: {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args, '--disable-features=ServiceWorkerAutoPreload'],
  },
});

const FIRST_CARD = 'article a[href^="/products/"]';

/** Width and height of a PNG from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

/** Waits until the service worker controls the page and has cached the page itself. */
async function waitForOfflineCopy(page: Page) {
  // page.evaluate awaits the Cache API's promise (waitForFunction would take the pending promise
  // itself as a truthy answer and return at once).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (registration?.active?.state !== 'activated' || !navigator.serviceWorker.controller)
            return false;
          return Boolean(await caches.match(location.href, { cacheName: 'pages' }));
        }),
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

test('the web app manifest is served, valid and linked from the page', async ({ page, request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Campus Soko',
    short_name: expect.any(String),
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b6e4f',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeTruthy();
    const file = await request.get(icon!.src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toEqual(sizes.split('x').map(Number));
  }
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

test('the service worker installs, caches the first visit, and answers offline from its caches', async ({
  page,
  context,
}) => {
  await page.goto('/products');
  await expect(page.locator(FIRST_CARD).first()).toBeVisible();
  await waitForOfflineCopy(page);
  // The first page's list came inside the server-rendered HTML; page 2 is fetched as JSON.
  const pageTwo = page.waitForResponse((response) => /\/api\/v1\/products\?.*page=2/.test(response.url()));
  await clickNextPage(page);
  await pageTwo;
  await expect(page.locator(FIRST_CARD).first()).toBeVisible();
  // The first visit's remote files, catalog JSON and pictures are cached too.
  const cacheSizes = () =>
    page.evaluate(async () => {
      const sizes: Record<string, number> = {};
      for (const name of ['remote-entries', 'remote-chunks', 'catalog-api', 'images']) {
        sizes[name] = (await (await caches.open(name)).keys()).length;
      }
      return sizes;
    });
  await expect
    .poll(
      async () =>
        Object.entries(await cacheSizes())
          .filter(([, n]) => n === 0)
          .map(([name]) => name),
      {
        timeout: 20_000,
      },
    )
    .toEqual([]);
  // The document of /products is in the pages cache (the worker stores it after the page told
  // it what the first visit loaded: it may land after the other caches).
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await caches.open('pages')).keys()).map((request) => {
            const url = new URL(request.url);
            return url.pathname + url.search;
          }),
        ),
      { timeout: 20_000 },
    )
    .toContain('/products');

  // Offline: every request that would reach the network fails (the worker's included).
  // (Chromium under Playwright does not let a navigation reach the worker offline, so the
  // worker is asked through the controlled page's fetch, which it answers like a navigation.)
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  try {
    const answer = (path: string) =>
      page.evaluate(async (url) => {
        const response = await fetch(url, { headers: { accept: 'text/html' } });
        return { status: response.status, html: await response.text() };
      }, path);
    const products = await answer('/products');
    expect(products.status).toBe(200);
    expect(products.html).toContain('<div id="root"');
    const never = await answer('/privacy-policy');
    expect(never.status).toBe(200);
    expect(never.html).toContain('<h1>You are offline</h1>');
    // The list's JSON and the remote's entry come from the caches as well.
    const json = await page.evaluate(async () => {
      const request = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((url) => url.includes('/api/v1/products?'));
      return request ? (await fetch(request)).status : 0;
    });
    expect(json).toBe(200);
  } finally {
    await context.unrouteAll();
  }
});

test('data saver: cards load no photos until tapped, then the 200 px thumbnail', async ({ page }) => {
  await page.goto('/products');
  await expect(page.locator(FIRST_CARD).first()).toBeVisible();
  const toggle = page.getByLabel('Data saver: load photos on tap');
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  expect(await page.evaluate(() => localStorage.getItem('dataSaver'))).toBe('on');

  const pictures: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/uploads/')) pictures.push(r.url());
  });
  await page.reload();
  await expect(page.locator(FIRST_CARD).first()).toBeVisible();
  await expect(page.getByLabel('Data saver: load photos on tap')).toBeChecked();
  const holders = page.getByRole('button', { name: /^Load photo: / });
  await expect(holders.first()).toBeVisible();
  await expect(page.locator('article img[src^="/uploads/"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(pictures).toEqual([]);

  await holders.first().click();
  const photo = page.locator('article img[src^="/uploads/"]');
  await expect(photo).toHaveCount(1);
  await expect(photo).toHaveAttribute('src', /-200\.webp$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(200);
  expect(pictures.length).toBe(1);
});
