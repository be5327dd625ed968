/**
 * Catalog journeys (docs/product.md §11, e2e): search → filter → paginate → open a product → the
 * WhatsApp chat link; the shop page and its product modal; the mobile filter drawer at 375 px.
 * Ids, search terms and filters come from the demo data through the API.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import {
  type ApiProduct,
  allProducts,
  chatRedirect,
  demoShopId,
  getProduct,
  getShop,
  getShopProducts,
  kes,
  listProducts,
} from '../support/catalog-api';
import { clickNextPage, expect, test } from '../support/fixtures';

/** The product list region of /products. */
const productList = (page: Page) => page.getByRole('region', { name: 'Products' });

/** Product ids of the cards shown, in order (from each card's link to /products/{id}). */
async function cardIds(list: Locator): Promise<string[]> {
  const hrefs = await list
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector('a[href^="/products/"]')?.getAttribute('href') ?? ''),
    );
  return hrefs.map((href) => href.replace('/products/', ''));
}

const ids = (products: ApiProduct[]) => products.map((product) => product._id);

/** The decoded pieces of a wa.me link: the recipient number and the prefilled text. */
function parseChatLink(href: string | null): { number: string; text: string } {
  expect(href, 'chat link href').toBeTruthy();
  const url = new URL(href ?? '');
  expect(url.origin).toBe('https://wa.me');
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' };
}

/** A word of the demo titles that finds some products but not all (the search of the journey). */
function pickSearchTerm(products: ApiProduct[]): string {
  const counts = new Map<string, number>();
  for (const product of products) {
    for (const word of new Set(product.title.toLowerCase().match(/[a-z]{5,}/g) ?? [])) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const term = [...counts].sort((a, b) => b[1] - a[1]).find(([, count]) => count >= 3 && count <= 15)?.[0];
  if (!term) throw new Error('no suitable search term in the demo titles');
  return term;
}

test.describe('products list → product → WhatsApp', () => {
  test('search, filter, paginate, open a product and check its chat link', async ({
    page,
    request,
    site,
  }) => {
    const everything = await allProducts(request);
    const term = pickSearchTerm(everything);
    const searched = await listProducts(request, { search: term });
    expect(searched.totalProducts, `demo data: products matching '${term}'`).toBeGreaterThan(1);
    expect(searched.totalProducts).toBeLessThanOrEqual(20);

    // A max price that keeps more than one page of products and some but not all search results.
    const prices = [...new Set(everything.map((product) => product.price))].sort((a, b) => a - b);
    const maxPrice = prices.find((price) => {
      const kept = searched.products.filter((product) => product.price <= price).length;
      const total = everything.filter((product) => product.price <= price).length;
      return total > 20 && kept >= 1 && kept < searched.products.length;
    });
    expect(maxPrice, 'demo data: a max price that narrows the search and keeps 2+ pages').toBeDefined();

    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const list = productList(page);
    await expect.poll(() => cardIds(list)).toEqual(ids((await listProducts(request)).products));

    // Search (debounced, sent while typing; no Enter needed).
    await page.getByRole('searchbox', { name: 'Search products' }).fill(term);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${term}`));
    await expect.poll(() => cardIds(list)).toEqual(ids(searched.products));

    // Filter on top of the search: only the cheaper matches stay.
    const filters = page.getByRole('form', { name: 'Product filters' });
    await filters.getByLabel('Max price (Kes)').fill(String(maxPrice));
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(new RegExp(`maxPrice=${maxPrice}`));
    const narrowed = await listProducts(request, { search: term, maxPrice: String(maxPrice) });
    await expect.poll(() => cardIds(list)).toEqual(ids(narrowed.products));
    expect(narrowed.products.every((product) => product.price <= (maxPrice ?? 0))).toBe(true);
    await expect(filters.getByRole('button', { name: 'Clear Filters' })).toBeVisible();

    // Clear the search, keep the filter: several pages.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    const filtered = await listProducts(request, { maxPrice: String(maxPrice) });
    expect(filtered.totalPages).toBeGreaterThan(1);
    await expect.poll(() => cardIds(list)).toEqual(ids(filtered.products));

    // Paginate.
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pagination.getByRole('link', { name: '1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await clickNextPage(page);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const secondPage = await listProducts(request, { maxPrice: String(maxPrice), page: 2 });
    await expect.poll(() => cardIds(list)).toEqual(ids(secondPage.products));

    // Open the first product of page 2.
    const target = secondPage.products[0];
    if (!target) throw new Error('page 2 is empty');
    await list.getByRole('article').first().getByRole('link', { name: target.title, exact: true }).click();
    await expect(page).toHaveURL(`/products/${target._id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect(page.getByText(kes(target.price)).first()).toBeVisible();

    // The chat link (docs/product.md §7): recipient = the shop's number, else the seller's; the decoded message.
    const product = await getProduct(request, target._id);
    const chat = page.getByRole('link', { name: 'Contact on WhatsApp' });
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', /noopener/);
    // Through the API's counted chat route (docs/product.md §20.6), redirected to the docs/product.md §7 link.
    const { number, text } = parseChatLink(await chatRedirect(request, await chat.getAttribute('href')));
    expect(number).toMatch(/^254\d{9}$/);
    expect(number).toBe(product.shop?.whatsApp || product.seller?.whatsApp);
    expect(text).toMatch(
      new RegExp(`^Hello ${escapeRegExp(product.shop?.name || product.seller?.firstName || '')}`),
    );
    expect(text).toContain(product.title);
    expect(text).toContain(kes(product.price));
    expect(text).toContain(`${site.baseURL}/products/${product._id}`);
    const description = product.description ?? '';
    expect(text).toContain(description.length > 100 ? `${description.slice(0, 100)}...` : description);
    expect(text).toContain(
      product.coverImage ? `${site.baseURL}${product.coverImage}` : 'No image available',
    );

    // Back to the list: the URL kept the filter and the page.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect.poll(() => cardIds(list)).toEqual(ids(secondPage.products));
  });
});

test.describe('shop page', () => {
  test("shows the shop, its products and a product's modal with Close and 'Contact on WhatsApp'", async ({
    page,
    request,
    site,
  }) => {
    const shopId = await demoShopId(request);
    const shop = await getShop(request, shopId);
    const products = await getShopProducts(request, shopId);
    expect(products.length, 'demo shop has products').toBeGreaterThan(0);

    await page.goto(`/shop/${shopId}`);
    await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
    const ownerName = [shop.owner?.firstName, shop.owner?.lastName].filter(Boolean).join(' ');
    await expect(page.getByText(ownerName || 'Owner name not available', { exact: true })).toBeVisible();
    await expect(page.getByText(shop.address || 'Location not specified', { exact: true })).toBeVisible();
    // The number reads '+254 700 000 005' (docs/product.md §21.13).
    const phone = shop.owner?.whatsApp?.replace(/^254(\d{3})(\d{3})(\d{3})$/, '+254 $1 $2 $3');
    await expect(page.getByText(phone || 'Phone not specified', { exact: true })).toBeVisible();

    const section = page.getByRole('region', { name: 'Products in Shop' });
    await expect(section.getByRole('heading', { name: 'Products in Shop' })).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(products.length);
    const [first] = products;
    if (!first) throw new Error('no shop product');
    const card = section.getByRole('article').filter({ hasText: first.title }).first();
    await expect(card.getByText(kes(first.price))).toBeVisible();

    // Clicking the title opens the modal.
    await card.getByRole('button', { name: first.title }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: first.title })).toBeVisible();
    await expect(dialog.getByRole('img').first()).toBeVisible();
    if (first.description) await expect(dialog.getByText(first.description)).toBeVisible();
    await expect(dialog.getByText(kes(first.price))).toBeVisible();

    const chat = dialog.getByRole('link', { name: 'Contact on WhatsApp' });
    const { number, text } = parseChatLink(await chatRedirect(request, await chat.getAttribute('href')));
    expect(number).toBe(shop.owner?.whatsApp || shop.phone);
    expect(text).toMatch(new RegExp(`^Hello ${escapeRegExp(shop.name)}`));
    expect(text).toContain(first.title);
    expect(text).toContain(kes(first.price));
    expect(text).toContain(`${site.baseURL}/products/${first._id}`);
    expect(text).toMatch(/discuss further/i);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('mobile filter drawer', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens at 375 px, applying a category closes it and filters the list', async ({ page, request }) => {
    const everything = await allProducts(request);
    const category = everything[0]?.category;
    if (!category) throw new Error('no demo product');
    const expected = await listProducts(request, { category });

    await page.goto('/products');
    const list = productList(page);
    await expect(list.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Product filters' })).toBeHidden();

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Category').selectOption({ label: categoryLabel(category) });
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();

    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(
      new RegExp(`[?&]category=${encodeURIComponent(category).replace(/%20/g, '(\\+|%20)')}`),
    );
    await expect.poll(() => cardIds(list)).toEqual(ids(expected.products));
    expect(expected.products.every((product) => product.category === category)).toBe(true);
  });
});

test.describe('scrolling between pages (ADR 0048)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a product opened from the scrolled list starts at the top; Back returns to where the student was', async ({
    page,
  }) => {
    await page.goto('/products');
    const card = productList(page).getByRole('article').nth(8);
    await card.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(500);

    await card.locator('a[href^="/products/"]').first().click();
    await expect(page).toHaveURL(/\/products\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(left));
  });
});

/** The option label of a category in the select ('other' is shown as 'Other'). */
function categoryLabel(category: string): string {
  return category === 'other' ? 'Other' : category;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('card photos on dense screens (ADR 0025)', () => {
  /**
   * The listing photo files (`/uploads/products|services/…-200/400/800.webp`) fetched, and those the page's `<img>`s show,
   * while `path` loads in a context with `options`. The screen is the viewport's size, as on a
   * real phone: Chromium evaluates React's `<link rel="preload" imagesizes>` of the first row's
   * photos against the screen's width before the meta viewport applies (docs/stack-notes.md
   * "Network profiles and the slow phone"), so the desktop project's 1920 px screen would have it fetch the 800 px file.
   */
  async function photoFiles(
    browser: Browser,
    baseURL: string,
    path: string,
    options: { viewport: { width: number; height: number }; deviceScaleFactor: number; isMobile: boolean },
  ): Promise<{ fetched: string[]; shown: string[] }> {
    const context = await browser.newContext({ ...options, screen: options.viewport });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}${path}`);
      await expect(page.locator('img[srcset]').first()).toHaveJSProperty('complete', true);
      await page.waitForLoadState('networkidle');
      return await page.evaluate(() => {
        const photo = (url: string) => {
          const { pathname } = new URL(url, location.href);
          return /^\/uploads\/(products|services)\/.*-\d+\.webp$/.test(pathname) ? pathname : null;
        };
        const fetched = performance.getEntriesByType('resource').map((entry) => photo(entry.name));
        const shown = [...document.querySelectorAll('img[srcset]')]
          .filter((img) => (img as HTMLImageElement).complete)
          .map((img) => photo((img as HTMLImageElement).currentSrc));
        return {
          fetched: fetched.filter((file): file is string => file !== null),
          shown: shown.filter((file): file is string => file !== null),
        };
      });
    } finally {
      await context.close();
    }
  }

  test('a phone at 2.625 and 3 dppx fetches the 400 px files; a desktop at 2 dppx the 800 px ones', async ({
    browser,
    baseURL,
    request,
  }) => {
    const shopId = await demoShopId(request);
    for (const path of ['/products', '/', `/shop/${shopId}`]) {
      for (const [width, density] of [
        [412, 2.625],
        [360, 3],
      ] as const) {
        const where = `${path} at ${width} px, ${density} dppx`;
        const { fetched, shown } = await photoFiles(browser, baseURL ?? '', path, {
          viewport: { width, height: 800 },
          deviceScaleFactor: density,
          isMobile: true,
        });
        expect(shown.length, where).toBeGreaterThan(0);
        expect(
          fetched.filter((file) => !file.endsWith('-400.webp')),
          where,
        ).toEqual([]);
        expect(
          shown.filter((file) => !file.endsWith('-400.webp')),
          where,
        ).toEqual([]);
      }
    }
    // The cap is for phones only: a dense laptop screen still gets files as sharp as its cards need.
    const desktop = await photoFiles(browser, baseURL ?? '', '/products', {
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 2,
      isMobile: false,
    });
    expect(desktop.shown.length).toBeGreaterThan(0);
    expect(desktop.fetched.filter((file) => !file.endsWith('-800.webp'))).toEqual([]);
  });
});
