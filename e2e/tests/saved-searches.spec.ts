/**
 * Saved searches and alerts (docs/product.md §30) in real Chromium through the composed site, with
 * the run's SMTP sink: a student saves the textbooks search of a course code with instant alerts
 * ("Save this search" on /products); another student lists a matching textbook; the alert mail
 * arrives with the listing's link and a one-click unsubscribe; the unsubscribe works without
 * login (the saved search's alerts read 'off'); a second matching textbook is counted on
 * /app/saved-searches and no second alert is mailed. The e2e site sends an alert 1 s after its match (SAVED_SEARCH_ALERT_DELAY_MS).
 */
import type { APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { extractLink, mailsTo, waitForMail } from '../support/mailbox';
import { uniqueWord } from '../support/unique-word';
import { SMALL_PNG as PNG } from '../support/uploads';

const ALERT_SUBJECT = /new match/;

async function listTextbook(request: APIRequestContext, session: Session, title: string, code: string) {
  const response = await request.post('/api/v1/products', {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: {
      title,
      description: 'Clean copy, no highlighting.',
      price: '1200',
      category: 'Textbooks and Study Materials',
      courseCodes: code,
      coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { product: { _id: string } } }).data.product._id;
}

test('a saved course-code search mails a new textbook once; the unsubscribe works without login', async ({
  page,
  browser,
  request,
}) => {
  const { session: student, account } = await createVerifiedAccount(request, 'saver');
  const { session: seller } = await createVerifiedAccount(request, 'textbookseller');
  // A course code no other test lists: 2 letters, 4 digits.
  const code = `QZ${1000 + Math.floor(Math.random() * 9000)}`;

  await page.goto('/');
  await storeSession(page, student);
  await page.goto(`/products?course=${code}`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`${code} books`);
  await expect(dialog.getByRole('radio', { name: /As soon as something new is listed/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByRole('status')).toContainText('Search saved.');

  const first = await listTextbook(request, seller, `Organic chemistry ${uniqueWord()}`, code);
  const alert = await waitForMail(account.email, ALERT_SUBJECT, 120_000);
  expect(alert.text).toContain(`/products/${first}`);
  const header = (key: string) => alert.parsed.headerLines.find((line) => line.key === key)?.line ?? '';
  expect(header('list-unsubscribe-post')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i);
  expect(header('list-unsubscribe')).toContain('/api/v1/saved-searches/unsubscribe?token=');
  const unsubscribe = extractLink(alert, '/api/v1/saved-searches/unsubscribe');

  // No login: a fresh browser context follows the mail's link and confirms.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(unsubscribe);
  await guestPage.getByRole('button', { name: 'Stop these alerts' }).click();
  await expect(guestPage.getByRole('heading', { name: 'Alerts turned off' })).toBeVisible();
  await guest.close();

  await listTextbook(request, seller, `Physical chemistry ${uniqueWord()}`, code);
  // The second textbook is matched (the page counts it), and the search's alerts are off, so the
  // match queued no mail (a queued alert would anyway wait out the 15-minute window; the API tests
  // show that nothing is sent after an unsubscribe): still the one alert.
  await expect(async () => {
    await page.goto('/app/saved-searches');
    await expect(page.getByText('2 new')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('combobox', { name: `Alerts for ${code} books` })).toHaveValue('off');
  expect((await mailsTo(account.email)).filter((mail) => ALERT_SUBJECT.test(mail.subject))).toHaveLength(1);
});
