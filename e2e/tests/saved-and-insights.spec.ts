/**
 * Saved items and seller insights (docs/product.md §20.1, §20.6, §20.7) through the composed site on a 360 px
 * phone, with verified accounts made through the account API and the real verification mail:
 * - a product saved through the API (`PUT /favourites/products/:id`) shows in /app/saved, and
 *   'Remove' takes it out there and in the API;
 * - a visitor taps Chat on a seller's new product (`GET /products/:id/chat`: the real API counts
 *   it and answers 302 to wa.me; the test stops at that answer, so no request leaves the machine) → the seller's overview shows one
 *   chat click in the insights totals and on the listing's row, and the 30-day chart.
 * Both pages are axe-clean (serious and critical).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { listProducts } from '../support/catalog-api';
import { expect, test } from '../support/fixtures';
import { uniqueWord } from '../support/unique-word';
import { SMALL_PNG as PNG } from '../support/uploads';

test.use({ viewport: { width: 360, height: 740 } });

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** Signs `session` in: the site reads localStorage `jwt` and `user` on load (docs/product.md §3). */
async function signIn(page: Page, session: Session) {
  await page.goto('/');
  await storeSession(page, session);
}

/** The page is no wider than the 360 px screen (nothing scrolls sideways). */
async function noHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Lists a product as `session` through `POST /products` (multipart); returns its id. */
async function listProduct(request: APIRequestContext, session: Session, title: string): Promise<string> {
  const response = await request.post('/api/v1/products', {
    headers: auth(session),
    multipart: {
      title,
      description: 'Scientific calculator, barely used, with its cover.',
      price: '1800',
      category: 'Electronics',
      condition: 'like_new',
      negotiable: 'true',
      coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { product: { _id: string } } }).data.product._id;
}

test('a product saved through the API shows in /app/saved, and Remove unsaves it', async ({
  page,
  request,
}) => {
  const { session } = await createVerifiedAccount(request, 'saver');
  const [product] = (await listProducts(request, { limit: 1 })).products;
  if (!product) throw new Error('the demo data has no product');
  const save = await request.put(`/api/v1/favourites/products/${product._id}`, { headers: auth(session) });
  expect(save.ok(), await save.text()).toBe(true);

  await signIn(page, session);
  await page.goto('/app');
  // Every signed-in user reaches it from the dashboard navigation.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Saved', exact: true })
    .click();
  await expect(page).toHaveURL(/\/app\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved items' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Saved items' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('link', { name: product.title })).toHaveAttribute(
    'href',
    `/products/${product._id}`,
  );
  await expect(cards.first()).toContainText('Kes');
  await noHorizontalScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await cards
    .first()
    .getByRole('button', { name: `Remove ${product.title} from saved items` })
    .click();
  await expect(page.getByText('Removed from saved items')).toBeVisible();
  await expect(page.getByText('Nothing saved yet')).toBeVisible();
  const after = await request.get('/api/v1/favourites', { headers: auth(session) });
  expect(((await after.json()) as { data: { favourites: unknown[] } }).data.favourites).toEqual([]);
});

test("a visitor's Chat tap shows as one chat click in the seller's insights", async ({ page, request }) => {
  const { session: seller } = await createVerifiedAccount(request, 'insights');
  const title = `Casio calculator ${uniqueWord()}`;
  const id = await listProduct(request, seller, title);

  // A visitor (no session) opens the product and taps Chat. The tab it opens asks the real API
  // (which counts the click and answers 302 to wa.me); the test stops there and answers the tab
  // itself, so no request leaves the machine.
  const context = page.context();
  const redirects: string[] = [];
  await context.route('**/api/v1/products/*/chat', async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    redirects.push(`${answer.status()} ${answer.headers().location ?? ''}`);
    await route.fulfill({ contentType: 'text/plain', body: 'WhatsApp (answered by the test)' });
  });
  await page.goto(`/products/${id}`);
  const [chat] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Contact on WhatsApp' }).click(),
  ]);
  await expect(chat.getByText('WhatsApp (answered by the test)')).toBeVisible();
  expect(chat.url()).toMatch(new RegExp(`/api/v1/products/${id}/chat$`));
  expect(redirects).toEqual([expect.stringMatching(/^302 https:\/\/wa\.me\/254\d{9}\?text=/)]);
  await chat.close();

  await signIn(page, seller);
  await page.goto('/app');
  const insights = page.getByRole('region', { name: 'Insights' });
  await expect(insights.getByTestId('insight-chatClicks')).toHaveText('1');
  const row = insights
    .getByRole('table', { name: 'Each listing (all time)' })
    .getByRole('row', { name: title });
  await expect(row.getByRole('cell')).toHaveText([/^\d+$/, '1', '0']);
  const chart = insights.getByRole('figure', { name: /Views and chat clicks, last 30 days/ });
  await expect(chart).toContainText('1 chat click in all');
  // The chart's code arrived (its own chunk) and drew the two lines' legend.
  await expect(chart.getByText('Chat clicks', { exact: true })).toBeVisible();
  await noHorizontalScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});

/** The ids of `session`'s saved products, from `GET /favourites/ids`. */
async function savedProductIds(request: APIRequestContext, session: Session): Promise<string[]> {
  const response = await request.get('/api/v1/favourites/ids', { headers: auth(session) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { products: string[] } }).data.products;
}

test("the heart on a card in /products saves it (it is in /app/saved); a guest's heart saves it after login", async ({
  page,
  request,
}) => {
  const { account, session } = await createVerifiedAccount(request, 'heart');
  const [first, second] = (await listProducts(request, { limit: 2 })).products;
  if (!first || !second) throw new Error('the demo data has fewer than 2 products');
  // The card of `title` (its heading may be shortened on a phone; the heart's name is whole).
  const cardOf = (title: string) =>
    page
      .locator('section[aria-label="Products"]')
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) })
      .first();

  // Signed in: tap the heart on the first card.
  await signIn(page, session);
  await page.goto('/products');
  const heart = cardOf(first.title).getByRole('button', { name: `Save ${first.title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => savedProductIds(request, session)).toEqual([first._id]);
  await page.goto('/app/saved');
  const saved = page.getByRole('list', { name: 'Saved items' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first().getByRole('link', { name: first.title })).toBeVisible();

  // A guest: the heart is a link to login; after logging in the item is saved.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/products');
  await cardOf(second.title)
    .getByRole('link', { name: `Save ${second.title}` })
    .click();
  await expect(page).toHaveURL(/\/auth/);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Saved. Find it under Saved in your dashboard.')).toBeVisible();
  await expect.poll(() => savedProductIds(request, session)).toContain(second._id);
  expect(await seriousViolations(page)).toEqual([]);
});
