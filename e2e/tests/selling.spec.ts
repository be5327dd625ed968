/**
 * Selling journeys (docs/product.md §15, e2e) through the composed site with a verified account made
 * through the account API and the real verification mail:
 * - sign in → /create-service with a cover picture → 'Service created successfully!' and
 *   /app/services-list → the service is in /services and on its detail page with the WebP
 *   picture → edit it → delete it;
 * - open a shop in settings → list a product with a photo → it shows on /shop/{id} and in the
 *   catalog → mark it sold → it leaves the catalog list.
 */
import type { Page } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { uniqueWord } from '../support/unique-word';
import { SMALL_PNG as PNG } from '../support/uploads';

const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** A word no demo listing has, to find ours by search. */

/** Signs `session` in: the site reads localStorage `jwt` and `user` on load (docs/product.md §3). */
async function signIn(page: Page, session: Session) {
  await page.goto('/');
  await storeSession(page, session);
}

test('create a service with a cover, find it in /services and its page, edit it, delete it', async ({
  page,
  request,
}) => {
  const { session } = await createVerifiedAccount(request, 'service');
  await signIn(page, session);
  const word = uniqueWord();
  const name = `Calculus tutoring ${word}`;

  await page.goto('/create-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a service' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create service' });
  await form.getByLabel(/^Title/).fill(name);
  await form.getByLabel(/^Description/).fill('Evening sessions before the CATs, at the main library.');
  await form.getByLabel(/^Price/).fill('750.50');
  await form.getByLabel(/^Category/).selectOption('Tutoring and Academic Support');
  await form.getByLabel(/^Cover image/).setInputFiles(picture('cover.png'));
  await expect(form.getByRole('img', { name: 'Preview of cover.png' })).toBeVisible();
  await form.getByRole('button', { name: 'Create Service' }).click();

  await expect(page.getByText('Service created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/services-list$/);
  const mine = page.getByRole('list', { name: 'My services' });
  const link = mine.getByRole('link', { name });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const id = href?.split('/').pop() ?? '';
  expect(href).toBe(`/services/${id}`);

  // The public list finds it (the cached totals were invalidated by the create).
  await page.goto(`/services?search=${word}`);
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="/services/${id}"]`) });
  await expect(card).toHaveCount(1);
  await card.locator(`a[href="/services/${id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/services/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const image = page.locator('img[src*="/uploads/services/"]').first();
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/\.webp$/);
  const served = await request.get(src);
  expect(served.headers()['content-type']).toBe('image/webp');

  // Edit it from the dashboard.
  await page.goto('/app/services-list');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service' });
  const renamed = `Calculus and statistics ${word}`;
  await dialog.getByLabel(/^Title/).fill(renamed);
  await dialog.getByLabel(/^Price/).fill('900');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Service updated')).toBeVisible();
  await expect(mine.getByRole('link', { name: renamed })).toBeVisible();
  const updated = await request.get(`/api/v1/services/${id}`);
  expect((await updated.json()).data.service).toMatchObject({ name: renamed, price: 900 });

  // Delete it, after the confirmation.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this service?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Service deleted')).toBeVisible();
  await expect(mine.getByRole('link', { name: renamed })).toHaveCount(0);
  expect((await request.get(`/api/v1/services/${id}`)).status()).toBe(404);
  expect((await request.get(src)).status()).toBe(404);
});

test('open a shop, list a product in it, find it in the shop and the catalog, mark it sold', async ({
  page,
  request,
}) => {
  const { session } = await createVerifiedAccount(request, 'shop');
  await signIn(page, session);
  const word = uniqueWord();
  const shopName = `Wanjiru Electronics ${word}`;
  const title = `Casio calculator ${word}`;

  // Open my shop in the settings (app.settings).
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByLabel(/^Shop name/).fill(shopName);
  await page.getByLabel(/^Address/).fill('Hall 6, main campus');
  await page.getByRole('button', { name: 'Open my shop' }).click();
  await expect(page.getByText('Your shop is open!')).toBeVisible();
  const shopLink = page.getByRole('link', { name: 'View my shop' });
  const shopHref = (await shopLink.getAttribute('href')) ?? '';
  expect(shopHref).toMatch(/^\/shop\/[0-9a-f-]{36}$/);

  // List a product from the dashboard (the navigation's real link).
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My products' })
    .click();
  await expect(page).toHaveURL(/\/app\/products-list$/);
  await expect(page.getByText('You have not listed any products yet')).toBeVisible();
  await page.getByRole('button', { name: 'List your first product' }).click();
  const dialog = page.getByRole('dialog', { name: 'List a product' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Description/).fill('Scientific calculator, barely used, with its cover.');
  await dialog.getByLabel(/^Price \(Kes\)/).fill('1800');
  await dialog.getByLabel(/^Category/).selectOption('Electronics');
  await dialog.getByLabel(/^Cover image/).setInputFiles(picture('calculator.png'));
  await dialog.getByLabel(/^Additional photos/).setInputFiles([picture('side.png')]);
  await dialog.getByRole('button', { name: 'List product' }).click();
  await expect(page.getByText('Product listed successfully!')).toBeVisible();
  const row = page
    .getByRole('list', { name: 'My products' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(row).toBeVisible();
  const productHref = (await row.getByRole('link', { name: title }).getAttribute('href')) ?? '';
  expect(productHref).toMatch(/^\/products\/[0-9a-f-]{36}$/);

  // It is in my shop's page...
  await page.goto(shopHref);
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  const inShop = page.getByRole('region', { name: 'Products in Shop' });
  await expect(inShop.getByRole('article').filter({ hasText: title })).toHaveCount(1);

  // ...and in the catalog.
  await page.goto(`/products?search=${word}`);
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="${productHref}"]`) });
  await expect(card).toHaveCount(1);

  // Mark it sold: it leaves the catalog (another URL than the one above, which the browser may
  // reuse for 10 s: ARCHITECTURE "short Cache-Control").
  await page.goto('/app/products-list');
  // (docs/product.md §20.5: the status select — Available / Reserved / Sold — replaced the button.)
  await page.getByRole('combobox', { name: `Status of ${title}` }).selectOption('Sold');
  await expect(page.getByText('Marked as sold')).toBeVisible();
  // Marking it sold asks who bought it (docs/product.md §28); nobody opened its chat: Skip.
  const whoBought = page.getByRole('dialog', { name: `Who bought “${title}”?` });
  await whoBought.getByRole('button', { name: 'Skip' }).click();
  await expect(whoBought).toBeHidden();
  await expect(row.getByRole('combobox', { name: `Status of ${title}` })).toHaveValue('sold');
  await page.goto(`/products?search=${word}&category=Electronics`);
  await expect(page.getByText('No products found.')).toBeVisible();
  const api = await request.get(`/api/v1/products?search=${word}&category=Electronics&limit=20`);
  expect((await api.json()).data.totalProducts).toBe(0);
});

test('the dashboard pages: one h1, real navigation links, axe clean, no sideways scrolling at 360 px', async ({
  page,
  request,
}) => {
  const { session } = await createVerifiedAccount(request, 'pages360');
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, session);
  const pages: { path: string; h1: string; tab?: string }[] = [
    { path: '/app', h1: 'Dashboard', tab: 'Overview' },
    { path: '/app/saved', h1: 'Saved items', tab: 'Saved' },
    { path: '/app/products-list', h1: 'My products' },
    { path: '/app/services-list', h1: 'My services' },
    { path: '/app/events-list', h1: 'My events' },
    { path: '/app/settings', h1: 'Settings' },
    { path: '/create-service', h1: 'Create a service' },
  ];
  for (const { path, h1, tab } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const widths = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect
      .soft(widths.scrollWidth, `${path}: no horizontal scrolling at 360 px`)
      .toBeLessThanOrEqual(widths.innerWidth);
    expect.soft(await seriousViolations(page), `${path}: axe serious/critical`).toEqual([]);
    if (path.startsWith('/app')) {
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(nav.getByRole('link')).toHaveCount(8);
      await expect(nav.getByRole('link', { name: tab ?? h1, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  }
  // 'Sell now' on the overview goes to app.products.
  await page.goto('/app');
  await page.getByRole('main').getByRole('link', { name: 'Sell now' }).click();
  await expect(page).toHaveURL(/\/app\/products-list$/);

  // An event: create, then it shows in the public list.
  await page.goto('/app/events-list');
  await page.getByRole('button', { name: 'Announce your first event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Announce an event' });
  const title = `Chess open ${uniqueWord()}`;
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Description/).fill('Rapid games in the student centre, boards provided.');
  await dialog.getByLabel(/^Starts at/).fill('2031-05-01T14:00');
  await dialog.getByLabel(/^Venue/).fill('Student centre');
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(page.getByRole('list', { name: 'My events' }).getByText(title)).toBeVisible();
  const events = await (await request.get('/api/v1/events?limit=50')).json();
  const created = events.data.events.find((event: { title: string }) => event.title === title);
  expect(created?.startsAt).toBe('2031-05-01T11:00:00.000Z');
});
