/**
 * Deals and ratings (docs/product.md §28) in real Chromium through the composed site: a signed-in
 * buyer taps "Contact on WhatsApp" on a seller's product (the page tells the API who opened the
 * chat; the test answers the WhatsApp tab itself, so no request leaves the machine), says "I
 * bought this"; the seller gets the mail, confirms on /app/deals and rates the buyer; the buyer
 * rates the seller; the seller page and its card show the rating and the review, and the seller
 * replies to it there once (the reply shows at once). The deals page
 * says how to check an M-Pesa payment. Axe-clean (serious and critical).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { uniqueWord } from '../support/unique-word';
import { SMALL_PNG as PNG } from '../support/uploads';

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

async function signIn(page: Page, session: Session) {
  await page.goto('/');
  await storeSession(page, session);
}

async function listProduct(request: APIRequestContext, session: Session, title: string): Promise<string> {
  const response = await request.post('/api/v1/products', {
    headers: auth(session),
    multipart: {
      title,
      description: 'Reading lamp, works well.',
      price: '900',
      category: 'Electronics',
      coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { product: { _id: string } } }).data.product._id;
}

/** Rates the other side on the deal card of `title` in /app/deals. */
async function rate(page: Page, title: string, stars: number, comment: string) {
  await page.goto('/app/deals');
  const card = page.getByRole('listitem', { name: title });
  const form = card.getByRole('form', { name: /^Rate / });
  await form
    .locator('label', { hasText: `${stars} Star` })
    .first()
    .click();
  await form.getByLabel('Comment (optional)').fill(comment);
  await form.getByRole('button', { name: 'Save rating' }).click();
  await expect(page.getByText('Thanks! Your rating is saved.')).toBeVisible();
  await expect(card).toContainText('Your rating of');
}

test('a buyer who opened the chat claims, the seller confirms, both rate; the seller page and card show it', async ({
  page,
  request,
}) => {
  const { session: seller, account: sellerAccount } = await createVerifiedAccount(request, 'dealseller');
  const { session: buyer } = await createVerifiedAccount(request, 'dealbuyer');
  const title = `Desk lamp ${uniqueWord()}`;
  const id = await listProduct(request, seller, title);
  const sellerId = String(seller.user._id);

  // The buyer, signed in, opens the product and taps Contact on WhatsApp. Both the new tab and the
  // page's own request (with the session's Authorization header) reach the real API; the test
  // answers them itself instead of following the redirect to wa.me.
  const context = page.context();
  const chatRequests: string[] = [];
  await context.route('**/api/v1/products/*/chat', async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    chatRequests.push(
      `${answer.status()} ${route.request().headers().authorization ? 'signed-in' : 'guest'}`,
    );
    await route.fulfill({ contentType: 'text/plain', body: 'WhatsApp (answered by the test)' });
  });
  await signIn(page, buyer);
  await page.goto(`/products/${id}`);
  await expect(page.getByRole('complementary', { name: 'Safety tips' })).toContainText('*334#');
  const [chat] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Contact on WhatsApp' }).click(),
  ]);
  await chat.close();
  await expect.poll(() => chatRequests).toContain('302 signed-in');

  await page.getByRole('button', { name: 'I bought this' }).click();
  await expect(page.getByText('Sent! The seller will be asked to confirm.')).toBeVisible();
  await expect(page.getByText(/Waiting for the seller to confirm/)).toBeVisible();
  const mail = await waitForMail(sellerAccount.email, /says they got/);
  expect(mail.text).toContain('/app/deals');

  // The seller confirms on the deals page, which says how to check an M-Pesa payment, and rates.
  await signIn(page, seller);
  await page.goto('/app');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Deals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My deals' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Check M-Pesa payments' })).toContainText(
    'Never trust an SMS alone',
  );
  const card = page.getByRole('listitem', { name: title });
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toContainText('Confirmed');
  expect(await seriousViolations(page)).toEqual([]);
  await rate(page, title, 5, 'Paid on time, friendly buyer');

  // The buyer rates the seller.
  await signIn(page, buyer);
  await rate(page, title, 4, 'Lamp as described, met at the library');

  // The seller page shows the rating (one rated deal: the count, stars from 3) and the review;
  // so does the card of the product on it.
  await page.goto(`/sellers/${sellerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: '1 deal rated, too few for stars yet' }).first()).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(1);
  await expect(reviews).toContainText('Lamp as described, met at the library');
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  const productCard = page
    .getByRole('region', { name: 'Products' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(productCard.getByRole('img', { name: '1 deal rated, too few for stars yet' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(reviews.getByRole('button', { name: /^Reply/ })).toHaveCount(0);

  // The seller, on their own page, replies once; the reply shows at once and is saved.
  await signIn(page, seller);
  await page.goto(`/sellers/${sellerId}`);
  const review = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await review.getByRole('button', { name: /^Reply to the review by / }).click();
  const replyForm = review.getByRole('form', { name: /^Reply to / });
  await replyForm.getByLabel('Your reply').fill('Asante! Enjoy the lamp.');
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Your reply is posted.')).toBeVisible();
  await expect(review).toContainText('Reply: Asante! Enjoy the lamp.');
  await expect(review.getByRole('button', { name: /^Reply to the review by / })).toHaveCount(0);
  const saved = await request.get(`/api/v1/sellers/${sellerId}/reviews`);
  expect(
    ((await saved.json()) as { data: { reviews: { reply: string | null }[] } }).data.reviews[0]?.reply,
  ).toBe('Asante! Enjoy the lamp.');
});
