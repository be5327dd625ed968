/**
 * Every page of the route table (docs/product.md §17, e2e): it renders its one h1 and its own title;
 * axe-core finds no serious or critical violation, at desktop width and at 360 px; at 360 px
 * nothing scrolls horizontally. Ids come from the demo data; /app and /create-service are
 * visited signed in.
 */
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { demoShopId, firstService, getShop, listProducts } from '../support/catalog-api';
import { expect, test } from '../support/fixtures';
import { siteState } from '../support/site';

interface RouteCase {
  /** Path to open; `:product`, `:service`, `:shop`, `:seller` are replaced by demo ids. */
  path: string;
  /** The h1's text (exact string) or pattern; a function of the demo data for detail pages. */
  h1: string | RegExp | ((data: DemoData) => string | RegExp);
  signedIn?: boolean;
}

interface DemoData {
  product: { _id: string; title: string };
  service: { _id: string; name: string };
  shop: { _id: string; name: string };
  /** A demo product's seller (docs/product.md §20.8). */
  seller: { _id: string; firstName: string };
}

const ROUTES: RouteCase[] = [
  { path: '/', h1: /Campus Soko/ },
  { path: '/auth?mode=login', h1: 'Welcome Back!' },
  { path: '/auth?mode=register', h1: 'Join Us Today' },
  { path: '/forgot-password', h1: /password/i },
  { path: '/verify-email?status=success&code=verified', h1: 'Email Verified Successfully' },
  { path: '/check-inbox', h1: 'Check Your Inbox' },
  { path: '/reset-password/x', h1: /password/i },
  { path: '/user-navigation', h1: /\S/ },
  { path: '/products', h1: 'Products' },
  { path: '/products/:product', h1: (data) => data.product.title },
  { path: '/shop/:shop', h1: (data) => data.shop.name },
  { path: '/services', h1: 'Services' },
  { path: '/services/:service', h1: (data) => data.service.name },
  // docs/product.md §20.8 and §20.9: a seller's page (their full name) and the campus events.
  { path: '/sellers/:seller', h1: (data) => new RegExp(`^${data.seller.firstName}\\b`) },
  { path: '/events', h1: 'Campus events' },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms-and-conditions', h1: /Terms and Conditions/ },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/about', h1: /About/ },
  { path: '/coming-soon', h1: /Coming Soon|launched/i },
  // The dashboard's content is not in the spec: any heading.
  { path: '/app', h1: /\S/, signedIn: true },
  { path: '/create-service', h1: /service/i, signedIn: true },
  { path: '/forbidden', h1: /Access denied|Forbidden/i },
  { path: '/this-page-does-not-exist', h1: 'Page not found' },
];

let demo: DemoData;
let session: Session;

test.beforeAll(async () => {
  const request: APIRequestContext = await playwrightRequest.newContext({ baseURL: siteState().baseURL });
  try {
    const [product] = (await listProducts(request, { limit: 1 })).products;
    if (!product) throw new Error('no demo product');
    const shop = await getShop(request, await demoShopId(request));
    const seller = (product as { seller?: { _id: string; firstName: string } | null }).seller;
    if (!seller) throw new Error('no demo seller');
    demo = { product, service: await firstService(request), shop, seller };
    session = (await createVerifiedAccount(request, 'pages')).session;
  } finally {
    await request.dispose();
  }
});

function resolvePath(path: string): string {
  return path
    .replace(':product', demo.product._id)
    .replace(':service', demo.service._id)
    .replace(':shop', demo.shop._id)
    .replace(':seller', demo.seller._id);
}

/** Waits until the page's h1 is there and no spinner is left (remote loaded, data fetched). */
async function settled(page: Page, h1: string | RegExp): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCount(1);
  await expect(heading).toHaveText(h1);
  await expect(heading).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

for (const route of ROUTES) {
  test(`${route.path}${route.signedIn ? ' (signed in)' : ''}: h1, title, axe, 360 px`, async ({ page }) => {
    const path = resolvePath(route.path);
    const h1 = typeof route.h1 === 'function' ? route.h1(demo) : route.h1;
    if (route.signedIn) {
      await page.goto('/');
      await storeSession(page, session);
    }

    await page.goto(path);
    await settled(page, h1);
    expect(await page.title()).toMatch(/\S \| Campus Soko$|^Campus Soko$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect.soft(await seriousViolations(page), 'axe: serious/critical violations at 1280 px').toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await settled(page, h1);
    const widths = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect
      .soft(widths.scrollWidth, 'no horizontal scrolling at 360 px')
      .toBeLessThanOrEqual(widths.innerWidth);
    expect.soft(await seriousViolations(page), 'axe: serious/critical violations at 360 px').toEqual([]);
  });
}
