/**
 * Scam signals (docs/product.md §29, ADR 0034) in Chromium: a seller lists a phone with their own
 * photo; another lists one with a cropped, resized, re-encoded copy of it. The copy's item page
 * shows the specific warning above "Contact on WhatsApp", with and without JavaScript, and the
 * chat link opens the warnings page with "Continue to WhatsApp" before any redirect; the original
 * shows none. The moderation desk lists the flag with the matching photo, the listing still public.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { stolenCopy } from '../../api/test/stolen-copy';
import {
  createVerifiedAccount,
  E2E_SIGNALS_ADMIN_EMAIL,
  type Session,
  storeSession,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { siteState } from '../support/site';
import { uniqueWord } from '../support/unique-word';

const WARNING = 'A photo of this listing is the same as a photo on another seller’s listing.';

/** A phone on a desk (SVG drawn by sharp): a gradient, coloured shapes and the phone. JPEG 800x600. */
async function phonePhoto(): Promise<Buffer> {
  const shapes = [
    '<ellipse cx="120" cy="90" rx="110" ry="70" fill="#e4572e"/>',
    '<rect x="560" y="380" width="200" height="160" rx="20" fill="#17bebb"/>',
    '<ellipse cx="680" cy="120" rx="90" ry="120" fill="#ffc914"/>',
    '<rect x="60" y="400" width="240" height="120" rx="20" fill="#76b041"/>',
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ddd"/><stop offset="1" stop-color="#445"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>${shapes}<rect x="330" y="140" width="200" height="340" rx="30" fill="#111"/><rect x="345" y="165" width="170" height="280" fill="#5af"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Lists a phone as `session`'s user with `cover`; returns its id and safety signals. */
async function listPhone(
  request: APIRequestContext,
  session: Session,
  title: string,
  cover: Buffer,
  type: string,
) {
  const response = await request.post('/api/v1/products', {
    headers: { authorization: `Bearer ${session.token}` },
    multipart: {
      title,
      description: 'Works well, with charger. Meet at the main gate.',
      price: '9500',
      category: 'Electronics',
      coverImage: { name: `cover.${type.split('/')[1]}`, mimeType: type, buffer: cover },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (
    (await response.json()) as { data: { product: { _id: string; safetySignals: { kind: string }[] } } }
  ).data.product;
}

/** The item page shows the warning above the chat link; the chat link opens the warnings page first. */
async function expectWarningBeforeWhatsApp(page: Page, id: string, title: string) {
  await page.goto(`/products/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const warnings = page.getByRole('complementary', { name: 'Warnings about this listing' });
  await expect(warnings).toContainText(WARNING);
  const contact = page.getByRole('link', { name: 'Contact on WhatsApp' });
  const [warningsBox, contactBox] = [await warnings.boundingBox(), await contact.boundingBox()];
  expect(warningsBox!.y).toBeLessThan(contactBox!.y);
  await expect(page.getByRole('complementary', { name: 'Safety tips' })).toBeVisible();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), contact.click()]);
  await popup.waitForLoadState('domcontentloaded');
  expect(new URL(popup.url()).pathname).toBe(`/api/v1/products/${id}/chat`);
  await expect(popup.getByRole('alert')).toContainText(WARNING);
  const onward = popup.getByRole('link', { name: 'Continue to WhatsApp' });
  await expect(onward).toHaveAttribute('href', `/api/v1/products/${id}/chat?continue=1`);
  await popup.close();
}

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: siteState().baseURL, javaScriptEnabled: false });
  return context.newPage();
}

test('a stolen photo: its warning before WhatsApp with and without JavaScript, and on the moderation desk', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const [{ session: owner }, { session: thief }] = await Promise.all([
    createVerifiedAccount(request, 'owner'),
    createVerifiedAccount(request, 'thief'),
  ]);
  const original = await phonePhoto();
  const ownTitle = `Tecno Camon 20 ${word}`;
  const mine = await listPhone(request, owner, ownTitle, original, 'image/jpeg');
  expect(mine.safetySignals).toEqual([]);
  const copyTitle = `Tecno Camon 20 like new ${word}`;
  const copy = await listPhone(request, thief, copyTitle, await stolenCopy(original), 'image/webp');
  expect(copy.safetySignals.map((signal) => signal.kind)).toEqual(['reused_photo']);

  // With JavaScript.
  await expectWarningBeforeWhatsApp(page, copy._id, copyTitle);
  // The continue link goes on to WhatsApp (not followed: only localhost is visited).
  const onward = await request.get(`/api/v1/products/${copy._id}/chat?continue=1`, { maxRedirects: 0 });
  expect(onward.status()).toBe(302);
  expect(onward.headers().location).toMatch(/^https:\/\/wa\.me\//);
  // The original shows no warning.
  await page.goto(`/products/${mine._id}`);
  await expect(page.getByRole('heading', { level: 1, name: ownTitle })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Warnings about this listing' })).toHaveCount(0);

  // Without JavaScript: the server-rendered page and the warnings page.
  const plain = await noScriptPage(browser);
  await expectWarningBeforeWhatsApp(plain, copy._id, copyTitle);
  await plain.context().close();

  // The moderation desk lists the flag with the matching photo; the listing stays public.
  const { session: moderator } = await createVerifiedAccount(request, 'signals-moderator', {
    email: E2E_SIGNALS_ADMIN_EMAIL,
  });
  expect(moderator.user.role).toBe('admin');
  await page.goto('/');
  await storeSession(page, moderator);
  await page.goto('/app/moderation');
  const desk = page.getByRole('region', { name: /Scam signals/ });
  const flag = desk.getByRole('listitem').filter({ has: page.getByRole('link', { name: copyTitle }) });
  await expect(flag).toContainText('Photo copied from another seller');
  await expect(flag).toContainText('public');
  const match = flag.getByRole('img', { name: `Match: ${ownTitle}` });
  await expect(match).toBeVisible();
  await expect(match).toHaveAttribute('src', /^\/uploads\/products\/.+-1200\.webp$/);
});
