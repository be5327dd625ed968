/**
 * Screenshots of every route at 360 × 740 (docs/product.md §21: before/after sets). Opt-in: runs
 * only when `SCREENSHOT_DIR` is set (e.g. `SCREENSHOT_DIR=../docs/screenshots/after npx playwright
 * test tests/route-screenshots.spec.ts`), so `npm test` never spends time on it. Each page is saved
 * as a quality-60 JPEG of the top 2200 px (small files; the sets live in docs/screenshots/).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { demoShopId, firstService, listProducts } from '../support/catalog-api';
import { expect, test } from '../support/fixtures';
import { siteState } from '../support/site';

const OUT_DIR = process.env.SCREENSHOT_DIR ? path.resolve(process.env.SCREENSHOT_DIR) : '';
/** Tallest part of a page kept in a screenshot, px. */
const MAX_HEIGHT = 2200;

interface Shot {
  /** File name without extension. */
  name: string;
  path: string;
  signedIn?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'auth-login', path: '/auth?mode=login' },
  { name: 'auth-login-sell-redirect', path: '/auth?mode=login&redirect=%2Fapp%2Fproducts-list' },
  { name: 'auth-register', path: '/auth?mode=register' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'verify-email', path: '/verify-email?status=success&message=Your%20email%20is%20verified' },
  { name: 'check-inbox-long-email', path: '/check-inbox?email=firstname.lastname%40students.uonbi.ac.ke' },
  { name: 'reset-password', path: '/reset-password/x' },
  { name: 'user-navigation', path: '/user-navigation' },
  { name: 'products', path: '/products' },
  { name: 'product-detail', path: '/products/:product' },
  { name: 'shop', path: '/shop/:shop' },
  { name: 'services', path: '/services' },
  { name: 'service-detail', path: '/services/:service' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-and-conditions', path: '/terms-and-conditions' },
  { name: 'contact', path: '/contact' },
  { name: 'about', path: '/about' },
  { name: 'coming-soon', path: '/coming-soon' },
  { name: 'forbidden', path: '/forbidden' },
  { name: 'not-found', path: '/this-page-does-not-exist' },
  { name: 'app', path: '/app', signedIn: true },
  { name: 'app-products-list', path: '/app/products-list', signedIn: true },
  { name: 'app-services-list', path: '/app/services-list', signedIn: true },
  { name: 'app-events-list', path: '/app/events-list', signedIn: true },
  { name: 'app-settings', path: '/app/settings', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'create-service', path: '/create-service', signedIn: true },
];

let ids: { product: string; service: string; shop: string };
let session: Session;

test.describe('route screenshots at 360 px', () => {
  test.skip(!OUT_DIR, 'set SCREENSHOT_DIR to take the screenshots');
  test.use({ viewport: { width: 360, height: 740 } });

  test.beforeAll(async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    const request: APIRequestContext = await playwrightRequest.newContext({ baseURL: siteState().baseURL });
    try {
      const [product] = (await listProducts(request, { limit: 1 })).products;
      if (!product) throw new Error('no demo product');
      ids = {
        product: product._id,
        service: (await firstService(request))._id,
        shop: await demoShopId(request),
      };
      session = (await createVerifiedAccount(request, 'shots')).session;
    } finally {
      await request.dispose();
    }
  });

  async function settle(page: Page): Promise<void> {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // Card images load lazily; give the visible ones a moment.
    await page.waitForLoadState('networkidle');
  }

  for (const shot of SHOTS) {
    test(`${shot.name}: ${shot.path}`, async ({ page }) => {
      if (shot.signedIn) {
        await page.goto('/');
        await storeSession(page, session);
      }
      await page.goto(
        shot.path
          .replace(':product', ids.product)
          .replace(':service', ids.service)
          .replace(':shop', ids.shop),
      );
      await settle(page).catch(() => undefined); // a page that never settles is still worth a picture
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      await page.screenshot({
        path: path.join(OUT_DIR, `${shot.name}.jpg`),
        type: 'jpeg',
        quality: 60,
        fullPage: true,
        clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) },
      });
    });
  }
});
