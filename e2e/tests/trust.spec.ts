/**
 * Trust and safety (ADR 0013, ADR 0028) in Chromium: a student reports a product from its page, two
 * more report it through the API; their accounts are new, so it stays listed; the moderator hides it
 * on /app/moderation, it leaves /products, its owner sees "Under review" and gets the mail, the moderator restores it and
 * it is listed again; a verified student's badge is visible on their card at 360 px; axe finds no
 * serious violation on the report dialog, the desk and the owner's list.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, E2E_ADMIN_EMAIL, type Session, storeSession } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { uniqueWord } from '../support/unique-word';
import { SMALL_PNG as PNG } from '../support/uploads';

const THANKS = 'Thanks — our moderators will review this.';

/** Creates a product through the API as `session`'s user; returns its id. */
async function createProduct(request: APIRequestContext, session: Session, title: string): Promise<string> {
  const response = await request.post('/api/v1/products', {
    headers: { authorization: `Bearer ${session.token}` },
    multipart: {
      title,
      description: 'Works perfectly, pick up at the main gate.',
      price: '2500',
      category: 'Electronics',
      coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { product: { _id: string } } }).data.product._id;
}

async function signIn(page: Page, session: Session) {
  await page.goto('/');
  await storeSession(page, session);
}

/** Titles of the cards /products shows for `search`. */
async function listedTitles(page: Page, search: string): Promise<number> {
  await page.goto(`/products?search=${encodeURIComponent(search)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading products' })).toHaveCount(0);
  // The list has settled when it shows cards or the spec's empty text (the spinner may not have
  // appeared yet when the heading does).
  const cards = page.getByRole('article');
  await expect(cards.or(page.getByText('No products found.')).first()).toBeVisible();
  return cards.count();
}

test('report → two more reports from new accounts (still listed) → moderator hides (gone from /products) and restores → owner sees "Under review" and gets the mail', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const title = `Fake AirPods ${word}`;
  const { account: owner, session: ownerSession } = await createVerifiedAccount(request, 'owner');
  const productId = await createProduct(request, ownerSession, title);
  const [first, second, third] = await Promise.all([
    createVerifiedAccount(request, 'rep1'),
    createVerifiedAccount(request, 'rep2'),
    createVerifiedAccount(request, 'rep3'),
  ]);

  // The first student reports it from the product page.
  await signIn(page, first.session);
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Safety tips' })).toBeVisible();
  await page.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this product' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog
    .getByRole('textbox', { name: 'Details (optional)' })
    .fill('Asked me to send M-Pesa before meeting.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText(THANKS)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await listedTitles(page, word)).toBe(1);

  // Two more students report it. Their accounts are minutes old, so their reports do not hold it
  // (ADR 0028): it stays listed until a moderator decides.
  for (const reporter of [second, third]) {
    const response = await request.post('/api/v1/reports', {
      headers: { authorization: `Bearer ${reporter.session.token}` },
      data: { targetType: 'product', targetId: productId, reason: 'prohibited' },
    });
    expect(response.status()).toBe(201);
  }
  expect(await listedTitles(page, word)).toBe(1);

  // The moderator hides it on the desk: it is gone from the public list.
  const { session: adminSession } = await createVerifiedAccount(request, 'moderator', {
    email: E2E_ADMIN_EMAIL,
  });
  expect(adminSession.user.role).toBe('admin');
  await signIn(page, adminSession);
  await page.goto('/app/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  await expect(card.getByText(/^3 reports:/)).toBeVisible();
  await expect(card.getByText('Held after reports')).toHaveCount(0);
  await expect(card.getByText('“Asked me to send M-Pesa before meeting.”')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Hide listing' }).click();
  const hide = page.getByRole('dialog', { name: `Hide “${title}”` });
  await hide.getByRole('textbox', { name: /Reason/ }).fill('Counterfeit electronics are prohibited');
  await hide.getByRole('button', { name: 'Hide listing' }).click();
  await expect(page.getByText('Listing hidden. The owner was told why.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Audit log entries' })
      .getByText('Counterfeit electronics are prohibited'),
  ).toBeVisible();
  await expect.poll(() => listedTitles(page, word), { timeout: 30_000 }).toBe(0);
  await expect(page.getByText('No products found.')).toBeVisible();

  // The owner sees it under review in the dashboard and got the mail.
  const mail = await waitForMail(owner.email, /was hidden/);
  expect(mail.text).toContain('Counterfeit electronics are prohibited');
  expect(mail.text).toContain(title);
  await signIn(page, ownerSession);
  await page.goto('/app/products-list');
  const mine = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(mine.getByText('Under review')).toBeVisible();
  await expect(mine.getByText('Hidden by a moderator: Counterfeit electronics are prohibited')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The moderator restores it from the closed reports; it is listed again.
  await signIn(page, adminSession);
  await page.goto('/app/moderation?status=closed');
  const closed = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  await closed.getByRole('button', { name: 'Restore listing' }).click();
  await expect(page.getByText(`${title} is public again.`)).toBeVisible();
  await expect.poll(() => listedTitles(page, word), { timeout: 30_000 }).toBe(1);
});

test('a verified student’s badge is visible on their card at 360 px, and "Verified students only" keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const { session } = await createVerifiedAccount(request, 'student', {
    email: `e2e-${word}@students.uonbi.ac.ke`,
    university: 'University of Nairobi',
  });
  expect(session.user.verifiedStudent).toBe(true);
  const title = `Desk lamp ${word}`;
  await createProduct(request, session, title);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/products?search=${word}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  const badge = card.getByRole('img', { name: 'Verified student at University of Nairobi' });
  await expect(badge).toBeVisible();
  const box = await badge.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The box follows the URL (the list's state lives there): checked once the navigation commits.
  const verifiedOnly = page.getByRole('checkbox', { name: 'Verified students only' });
  await verifiedOnly.click();
  await expect(page).toHaveURL(/verifiedOnly=true/);
  await expect(verifiedOnly).toBeChecked();
  await expect(card).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
