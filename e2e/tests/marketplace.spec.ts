/**
 * Marketplace journeys of docs/product.md §20 (catalog side) in Chromium at 360 px: sort by price from the
 * list header; the "My campus" filter of a signed-in student; a seller's page (/sellers/:id) and
 * the campus events (/events, /events/:id) render, each axe-clean. Ids, universities and prices
 * come from the demo data through the API; the event is announced through the API.
 */
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { type ApiProduct, listProducts } from '../support/catalog-api';
import { expect, test } from '../support/fixtures';
import { siteState } from '../support/site';

test.use({ viewport: { width: 360, height: 740 } });

/** A product as the list answers it, with the docs/product.md §20 owner fields (the contract's type). */
type ListedProduct = ApiProduct;

/** The products list region of /products. */
const productList = (page: Page) => page.getByRole('region', { name: 'Products' });

/** Product ids of the cards shown, in order (from each card's link to /products/{id}). */
async function cardIds(page: Page): Promise<string[]> {
  return productList(page)
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map(
        (card) =>
          card.querySelector('a[href^="/products/"]')?.getAttribute('href')?.replace('/products/', '') ?? '',
      ),
    );
}

async function expectAxeClean(page: Page, where: string) {
  expect
    .soft(await seriousViolations(page), `axe: serious/critical violations on ${where} at 360 px`)
    .toEqual([]);
}

/** The first page of `GET /products` with `query`, as the list shows it. */
async function listed(request: APIRequestContext, query: Record<string, string>): Promise<ListedProduct[]> {
  return (await listProducts(request, query)).products;
}

let student: Session;
let campus: string;
let seller: NonNullable<ListedProduct['seller']>;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: siteState().baseURL });
  try {
    // A campus with demo products: the university of a demo product's seller.
    const withCampus = (await listed(request, { limit: '50' })).find((product) => product.seller?.university);
    if (!withCampus?.seller?.university) throw new Error('no demo product has a seller with a university');
    seller = withCampus.seller;
    campus = withCampus.seller.university;
    student = (await createVerifiedAccount(request, 'campus', { university: campus })).session;
  } finally {
    await request.dispose();
  }
});

test('sorts the products by price from the list header (?sort= in the URL)', async ({ page, request }) => {
  await page.goto('/products');
  await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
  const ascending = await listed(request, { sort: 'price_asc' });
  await expect.poll(() => cardIds(page)).toEqual(ascending.map((product) => product._id));
  const prices = ascending.map((product) => product.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
  const descending = await listed(request, { sort: 'price_desc' });
  await expect.poll(() => cardIds(page)).toEqual(descending.map((product) => product._id));
  // A reload keeps the order: the server renders the sorted page too.
  await page.reload();
  await expect.poll(() => cardIds(page)).toEqual(descending.map((product) => product._id));
  await expectAxeClean(page, '/products?sort=price_desc');
});

test('"My campus" shows only listings of the signed-in student\'s university', async ({ page, request }) => {
  await page.goto('/');
  await storeSession(page, student);
  await page.goto('/products');
  const choice = await page
    .getByLabel('Campus', { exact: true })
    .locator('option', { hasText: /^My campus/ })
    .textContent();
  expect(choice).toMatch(/^My campus \(.+\)$/);
  await page.getByLabel('Campus', { exact: true }).selectOption({ label: choice ?? '' });
  await expect(page).toHaveURL(
    new RegExp(`[?&]university=${encodeURIComponent(campus).replace(/%20/g, '\\+')}`),
  );
  const mine = await listed(request, { university: campus });
  expect(mine.length, 'the campus has demo products').toBeGreaterThan(0);
  for (const product of mine) expect(product.seller?.university).toBe(campus);
  await expect.poll(() => cardIds(page)).toEqual(mine.map((product) => product._id));
  // Combined with a sort: both stay in the URL and the API answers both.
  await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
  const sorted = await listed(request, { university: campus, sort: 'price_asc' });
  await expect.poll(() => cardIds(page)).toEqual(sorted.map((product) => product._id));
  await expectAxeClean(page, '/products?university=…');
});

test("a seller's page: name, campus, member since, their listings; linked from the cards", async ({
  page,
}) => {
  await page.goto(`/products?university=${encodeURIComponent(campus)}`);
  const card = productList(page).getByRole('article').first();
  const owner = card.locator('a[href^="/sellers/"]').first();
  await expect(owner).toBeVisible();
  await owner.click();
  await expect(page).toHaveURL(/\/sellers\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Member since \w{3} \d{4}$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Services' })).toBeVisible();
  await expectAxeClean(page, '/sellers/:id');

  // Directly (server-rendered), the demo seller's page names them.
  await page.goto(`/sellers/${seller._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.firstName ?? '');
  await expect(page.getByText(campus, { exact: true }).first()).toBeVisible();
  expect(await page.title()).toMatch(/ \| Campus Soko$/);
});

test('campus events: the list with Nairobi time, venue and price, a university filter, and the event page', async ({
  page,
  request,
}) => {
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  startsAt.setUTCHours(15, 0, 0, 0); // 18:00 in Nairobi
  const created = await request.post('/api/v1/events', {
    headers: { Authorization: `Bearer ${student.token}` },
    data: {
      title: `Campus games night ${Date.now().toString(36)}`,
      description: 'Board games, music and snacks for everyone on campus.',
      startsAt: startsAt.toISOString(),
      venue: 'Student Centre, Hall B',
      university: campus,
      price: '150',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = ((await created.json()) as { data: { event: { _id: string; title: string } } }).data.event;

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Campus events' })).toBeVisible();
  expect(await page.title()).toBe('Campus events | Campus Soko');
  const card = page.getByRole('article').filter({ hasText: event.title });
  await expect(card).toBeVisible();
  await expect(card.getByText(/, 18:00$/)).toBeVisible();
  await expect(card.getByText('Student Centre, Hall B')).toBeVisible();
  await expect(card.getByText('Kes 150.00')).toBeVisible();
  await expectAxeClean(page, '/events');

  // The filtered list is held back: while it loads, the spinner shows over the cards and nothing
  // moves under a student's finger; then the list is the campus's.
  const shownAt = (await card.boundingBox())?.y;
  let sendList = () => {};
  const listHeld = new Promise<void>((resolve) => {
    sendList = resolve;
  });
  const filteredList = /\/api\/v1\/events\?.*university=/;
  await page.route(filteredList, async (route) => {
    await listHeld;
    await route.continue();
  });
  await page.getByLabel('Campus', { exact: true }).selectOption(campus);
  await expect(page).toHaveURL(/[?&]university=/);
  const spinner = page.getByRole('progressbar', { name: 'Loading events' });
  await expect(spinner).toBeVisible();
  expect((await card.boundingBox())?.y).toBe(shownAt);
  sendList();
  await expect(spinner).toHaveCount(0);
  await page.unroute(filteredList);
  await expect(page.getByRole('article').filter({ hasText: event.title })).toBeVisible();

  await card.getByRole('link', { name: event.title }).click();
  await expect(page).toHaveURL(`/events/${event._id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByText('Board games, music and snacks for everyone on campus.')).toBeVisible();
  await expectAxeClean(page, '/events/:id');
});
