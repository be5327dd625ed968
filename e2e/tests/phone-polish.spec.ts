/**
 * Phone polish (docs/product.md §21): each numbered item at 360 × 740 (and 1280 × 800 where the desktop
 * layout matters), with an assertion a regression breaks, and axe on the states the items add.
 * Test names start with the item's number.
 */
import {
  type APIRequestContext,
  type Locator,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession, type TestAccount } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { allProducts, demoShopId, getShop } from '../support/catalog-api';
import { clickNextPage, expect, test } from '../support/fixtures';
import { siteState } from '../support/site';
import { SMALL_PNG as PNG } from '../support/uploads';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Smallest tap target on phones, px (item 7). */
const TAP = 44;
const LONG_EMAIL = 'firstname.lastname@students.uonbi.ac.ke';

let account: TestAccount;
let session: Session;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  const request: APIRequestContext = await playwrightRequest.newContext({ baseURL: siteState().baseURL });
  try {
    ({ account, session } = await createVerifiedAccount(request, 'polish'));
  } finally {
    await request.dispose();
  }
});

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto('/');
  await storeSession(page, session);
  await page.goto(path);
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width at 360 px').toBeLessThanOrEqual(innerWidth);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element's computed outline: width in px, style and colour. */
function focusOutline(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return {
      width: Number.parseFloat(style.outlineWidth),
      style: style.outlineStyle,
      color: style.outlineColor,
    };
  });
}

const sectionCards = (page: Page, name: 'Products' | 'Services') =>
  page.locator(`section[aria-label="${name}"]`).getByRole('article');

test('1. long e-mails wrap: /check-inbox with a real student address is 360 px wide and shows it whole', async ({
  page,
}) => {
  await page.goto(`/check-inbox?email=${encodeURIComponent(LONG_EMAIL)}`);
  const address = page.getByText(LONG_EMAIL, { exact: true });
  await expect(address).toBeVisible();
  await noHorizontalScroll(page);
  const { x, width } = await box(address);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflowWrap)).toBe('anywhere');
});

test.describe('2. keyboard focus', () => {
  test.use({ viewport: DESKTOP });

  test("'Skip to main content' is the first tab stop and moves focus to <main>", async ({ page }) => {
    await page.goto('/products');
    await expect(sectionCards(page, 'Products').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('navbar links, cards and Chat buttons show a ring of at least 2 px (white on the green navbar)', async ({
    page,
  }) => {
    await page.goto('/products');
    const firstCard = sectionCards(page, 'Products').first();
    await expect(firstCard).toBeVisible();
    const navLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' });
    await tabTo(page, navLink);
    let ring = await focusOutline(page);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.color).toBe('rgb(255, 255, 255)');

    const cardLink = firstCard.getByRole('link').first();
    await tabTo(page, cardLink);
    ring = await focusOutline(page);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.color).toBe('rgb(11, 110, 79)'); // brand green: 6:1 on the page background

    const chat = firstCard.getByRole('link', { name: /WhatsApp/ });
    await tabTo(page, chat);
    ring = await focusOutline(page);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });
});

test('2. keyboard focus before the page is live: without JavaScript a card and its Chat button still show the 3 px ring', async ({
  browser,
  site,
}) => {
  // A server-rendered page can be tabbed before hydration (slow phones) or never hydrated (no
  // JavaScript): the ring must come from CSS alone, not from MUI's `.Mui-focusVisible` class.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await page.goto(`${site.baseURL}/products`);
    const firstCard = sectionCards(page, 'Products').first();
    await expect(firstCard).toBeVisible();
    for (const target of [
      firstCard.getByRole('link').first(),
      firstCard.getByRole('link', { name: /WhatsApp/ }),
    ]) {
      await tabTo(page, target);
      const ring = await focusOutline(page);
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    }
  } finally {
    await context.close();
  }
});

test.describe('3. one password message, one place', () => {
  const mismatchMessages = (scope: Locator) => scope.getByText(/^Passwords (must|do not) match$/);

  test('signup: typing, then leaving the confirmation, shows exactly one mismatch message', async ({
    page,
  }) => {
    await page.goto('/auth?mode=register');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Password', { exact: true }).fill('pass1234');
    await form.getByLabel('Confirm Password', { exact: true }).fill('pass12');
    await expect(mismatchMessages(form)).toHaveCount(1);
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await form.getByLabel('First Name').click(); // leave the field: its validation message takes the place
    await expect(form.getByText('Passwords must match')).toBeVisible();
    await expect(mismatchMessages(form)).toHaveCount(1);
    await form.getByLabel('Confirm Password', { exact: true }).fill('pass1234');
    await expect(form.getByText('Passwords match')).toBeVisible();
    await expect(mismatchMessages(form)).toHaveCount(0);
  });

  test('reset password: one mismatch message after leaving the field', async ({ page }) => {
    await page.goto('/reset-password/some-token');
    await page.getByLabel('New Password', { exact: true }).fill('pass1234');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('pass12');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(mismatchMessages(page.locator('main'))).toHaveCount(1);
  });
});

test.describe('4. toasts on a phone', () => {
  test('the resend toast fits the screen and sits at the bottom, clear of the menu button', async ({
    page,
  }) => {
    await page.goto(`/check-inbox?email=${encodeURIComponent(LONG_EMAIL)}`);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    const toast = page.locator('.notistack-MuiContent').first();
    await expect(toast).toBeVisible();
    const toastBox = await box(toast);
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(PHONE.height);
    const menu = await box(page.getByRole('button', { name: 'Open menu' }));
    expect(toastBox.y, 'toast below the navbar').toBeGreaterThan(menu.y + menu.height);
    await noHorizontalScroll(page);
  });

  test("'Login successful' closes the form's stale error toast", async ({ page }) => {
    await page.goto('/auth?mode=login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Log In' }).click();
    const errorToast = page.locator('.notistack-MuiContent-error');
    await expect(errorToast).toHaveCount(1);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(page.locator('.notistack-MuiContent-success')).toContainText('Login successful');
    await expect(errorToast).toHaveCount(0);
  });
});

test.describe('5. network failures say so and offer a retry', () => {
  test('offline, page 2 of the products says so; Try again loads it once back online', async ({
    page,
    context,
  }) => {
    await page.goto('/products');
    const list = sectionCards(page, 'Products');
    await expect(list.first()).toBeVisible();
    const firstText = (await list.first().textContent()) ?? '';
    await context.setOffline(true);
    await clickNextPage(page);
    // The list's load notice (§23 offline notice, reused) with its 'Try again'.
    // The notice shows as soon as the browser is offline; wait until page 2's load has failed
    // (its 'Try again' is there only then), or going online first races the failure.
    const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(notice).toContainText('Page 2 of the products could not be loaded');
    await expect(list.first()).toHaveText(firstText); // the list stays (docs/product.md §4)
    await context.setOffline(false);
    // Back online the notice drops "You are offline" and keeps the failure and its 'Try again'.
    const failedNotice = page.getByRole('status').filter({ hasText: 'could not be loaded' });
    await expect(failedNotice).not.toContainText('You are offline');
    await failedNotice.getByRole('button', { name: 'Try again' }).click();
    await expect(list.first()).not.toHaveText(firstText);
    await expect(page.getByRole('status').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  });

  test('an unreachable server: "Can\'t reach Campus Soko — check your connection"', async ({ page }) => {
    await page.goto('/services');
    await expect(sectionCards(page, 'Services').first()).toBeVisible();
    await page.route('**/api/v1/services?**', (route) => route.abort('connectionrefused'));
    await clickNextPage(page);
    await expect(
      page.getByRole('status').filter({ hasText: "Can't reach Campus Soko — check your connection" }),
    ).toBeVisible();
  });

  test("offline login says 'You are offline' (not 'Wrong email or password') and retries", async ({
    page,
    context,
  }) => {
    await page.goto('/auth?mode=login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByRole('alert')).toHaveText('You are offline');
    await expect(page.getByText(/Wrong email or password/)).toHaveCount(0);
    await context.setOffline(false);
    await form.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('6. filters on phones', () => {
  test('chips of the active filters, each removable, Clear all, and an empty state that clears', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(sectionCards(page, 'Products').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByLabel('Category').selectOption('Electronics');
    await drawer.getByLabel('Min price (Kes)').fill('1');
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    const active = page.getByRole('region', { name: 'Active filters' });
    await expect(active.getByRole('button', { name: 'Remove Electronics' })).toBeVisible();
    await expect(active.getByRole('button', { name: /^Remove From Kes 1\.00$/ })).toBeVisible();
    await expect(active.getByRole('button', { name: 'Clear all' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await active.getByRole('button', { name: 'Remove Electronics' }).click();
    await expect(page).not.toHaveURL(/category=/);
    await expect(page).toHaveURL(/minPrice=1/);
    await active.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).not.toHaveURL(/minPrice=/);
    await expect(page.getByRole('region', { name: 'Active filters' })).toHaveCount(0);

    // Empty state: the spec's text, and a button that clears the filters.
    await page.goto('/services?minPrice=99999999');
    await expect(page.getByText('No services found.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(sectionCards(page, 'Services').first()).toBeVisible();
    await expect(page).not.toHaveURL(/minPrice=/);
  });
});

test.describe('7. tap targets of at least 44 × 44 px on phones', () => {
  test('Chat buttons, filters, pagination, menu button, footer links', async ({ page }) => {
    await page.goto('/products');
    await expect(sectionCards(page, 'Products').first()).toBeVisible();
    const targets: [string, Locator][] = [
      [
        'Chat button',
        sectionCards(page, 'Products')
          .first()
          .getByRole('link', { name: /WhatsApp/ }),
      ],
      ['Filters', page.getByRole('button', { name: 'Filters' })],
      ['Open menu', page.getByRole('button', { name: 'Open menu' })],
      ['Search', page.getByRole('button', { name: 'Search', exact: true })],
      ['Next page', page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' })],
      ['search box', page.getByRole('searchbox', { name: 'Search products' })],
      ['Verified students only', page.locator('label').filter({ hasText: 'Verified students only' })],
    ];
    for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
      targets.push([`footer link ${await link.innerText()}`, link]);
    }
    for (const [name, target] of targets) {
      const { width, height } = await box(target);
      expect.soft(height, `${name} height`).toBeGreaterThanOrEqual(TAP);
      expect.soft(width, `${name} width`).toBeGreaterThanOrEqual(TAP);
    }
  });
});

test('8. the university picker shows at least 6 entries on a phone', async ({ page }) => {
  await page.goto('/auth?mode=register');
  const picker = page.getByRole('combobox', { name: 'University' });
  await picker.click();
  const options = page.getByRole('listbox', { name: 'University' }).getByRole('option');
  await expect(options.nth(6)).toBeAttached();
  let visible = 0;
  for (const option of (await options.all()).slice(0, 12)) {
    const optionBox = await option.boundingBox();
    if (optionBox && optionBox.y >= 0 && optionBox.y + optionBox.height <= PHONE.height) visible += 1;
  }
  expect(visible).toBeGreaterThanOrEqual(6);
  const first = await box(options.first());
  expect(first.height).toBeGreaterThanOrEqual(TAP);
  expect(await seriousViolations(page)).toEqual([]);
});

test("9. 'Sell now' as a guest: the login page says why", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sell now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByText('Log in or create an account to start selling')).toBeVisible();
  await page.goto('/auth?mode=login');
  await expect(page.getByText('Log in or create an account to start selling')).toHaveCount(0);
});

test('10. picture inputs: a non-image is refused with the server message, no raw file input', async ({
  page,
}) => {
  await signIn(page, '/create-service');
  const form = page.getByRole('form', { name: 'Create service' });
  const cover = form.getByLabel(/^Cover image/);
  await expect(form.getByRole('button', { name: 'Choose photo', exact: true })).toBeVisible();
  // No raw "Choose File / No file chosen": the input is visually hidden (at most 1 × 1 px, for
  // screen readers and the label), the drop zone's button stands for it.
  const box = await cover.boundingBox();
  expect(
    box === null || (box.width <= 1 && box.height <= 1),
    `raw file input box ${JSON.stringify(box)}`,
  ).toBe(true);
  await cover.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(
    form.getByText('Unsupported image type: upload a JPEG, PNG, WebP, GIF or HEIC picture'),
  ).toBeVisible();
  await expect(form.getByRole('img', { name: /Preview of/ })).toHaveCount(0);
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Preview of cover.png' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Change photo', exact: true })).toBeVisible();
  await expect(form.getByText(/Unsupported image type/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('11. /profile redirects to /app/settings', async ({ page }) => {
  await signIn(page, '/profile');
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test.describe('12. the dashboard looks like the rest of the site', () => {
  async function h1Style(page: Page) {
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeVisible();
    return h1.evaluate((node) => {
      const style = getComputedStyle(node);
      const container = node.closest('.MuiContainer-root') as HTMLElement;
      return {
        fontSize: style.fontSize,
        fontWeight: style.fontWeight,
        paddingLeft: getComputedStyle(container).paddingLeft,
      };
    });
  }

  test('same heading style and side padding as /products; tabs scroll, nothing overflows; aligned actions', async ({
    page,
  }) => {
    await page.goto('/products');
    const publicStyle = await h1Style(page);
    await signIn(page, '/app');
    expect(await h1Style(page)).toEqual(publicStyle);
    await noHorizontalScroll(page);

    const tabs = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('list');
    const { scrollWidth, clientWidth, overflowX, background } = await tabs.evaluate((node) => ({
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
      overflowX: getComputedStyle(node).overflowX,
      background: getComputedStyle(node).backgroundImage,
    }));
    expect(overflowX).toBe('auto');
    expect(scrollWidth).toBeGreaterThan(clientWidth); // more tabs than fit: the row scrolls
    expect(background).toContain('gradient'); // the overflow cue

    const offer = page.getByRole('link', { name: 'Offer a service' });
    const announce = page.getByRole('link', { name: 'Announce an event' });
    const [a, b] = [await box(offer), await box(announce)];
    expect(a.x).toBe(b.x);
    expect(a.width).toBe(b.width);

    // The current tab is scrolled into view.
    await page.goto('/app/settings');
    const settingsTab = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' });
    await expect(settingsTab).toBeInViewport({ ratio: 0.95 });
    expect(await h1Style(page)).toEqual(publicStyle);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('13. shop page: phone as +254 700 000 005, chat icon beside every price, one-line WhatsApp button', async ({
  page,
  request,
}) => {
  const shop = await getShop(request, await demoShopId(request));
  await page.goto(`/shop/${shop._id}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  const whatsApp = shop.owner?.whatsApp ?? '';
  const formatted = `+254 ${whatsApp.slice(3, 6)} ${whatsApp.slice(6, 9)} ${whatsApp.slice(9)}`;
  const phoneLink = page.getByRole('link', { name: formatted });
  await expect(phoneLink).toBeVisible();
  expect(await phoneLink.getAttribute('href')).toBe(`tel:+${whatsApp}`);

  const shopCards = page.getByRole('region', { name: 'Products in Shop' }).getByRole('article');
  const count = await shopCards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const card = shopCards.nth(i);
    const price = await box(card.getByText(/^Kes /));
    const chat = await box(card.getByRole('link', { name: /WhatsApp/ }));
    expect
      .soft(chat.x, `card ${i}: chat icon right of the price`)
      .toBeGreaterThanOrEqual(price.x + price.width - 1);
    expect
      .soft(Math.abs(chat.y + chat.height / 2 - (price.y + price.height / 2)), `card ${i}: same row`)
      .toBeLessThanOrEqual(12);
  }

  await shopCards.first().getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  const contact = dialog.getByRole('link', { name: 'Contact on WhatsApp' });
  await expect(contact).toBeVisible();
  const { height } = await box(contact);
  expect(height).toBeLessThanOrEqual(48); // one line
  const contactFits = await box(contact);
  expect(contactFits.x + contactFits.width).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('14. small things', () => {
  test("card titles cut at 18 characters end with '…'", async ({ page, request }) => {
    const products = await allProducts(request);
    const long = products.find((product) => Array.from(product.title).length > 18);
    if (!long) throw new Error('no demo product with a long title');
    await page.goto(`/products?search=${encodeURIComponent(long.title)}`);
    const card = sectionCards(page, 'Products').filter({ has: page.getByRole('link', { name: long.title }) });
    await expect(card.getByRole('heading')).toHaveText(`${Array.from(long.title).slice(0, 18).join('')}…`);
  });

  test("the not-found page's buttons have a gap", async ({ page }) => {
    await page.goto('/no-such-page');
    const home = await box(page.getByRole('link', { name: 'Go to Homepage' }));
    const browse = await box(page.getByRole('link', { name: 'Browse products' }));
    const sameRow = Math.abs(home.y - browse.y) < 4;
    const gap = sameRow ? browse.x - (home.x + home.width) : browse.y - (home.y + home.height);
    expect(gap).toBeGreaterThanOrEqual(8);
  });

  test('every site-map row has an icon (Privacy and Terms too)', async ({ page }) => {
    await page.goto('/user-navigation');
    const help = page.getByRole('list', { name: 'Help and information' }).getByRole('link');
    await expect(help.filter({ hasText: 'Privacy Policy' }).locator('svg')).toHaveCount(1);
    await expect(help.filter({ hasText: 'Terms and Conditions' }).locator('svg')).toHaveCount(1);
    for (const list of ['Browse', 'Sell', 'Your account', 'Help and information']) {
      for (const link of await page.getByRole('list', { name: list, exact: true }).getByRole('link').all()) {
        await expect(link.locator('svg')).toHaveCount(1);
      }
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`products and services put the category filter in the same place (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const list of ['products', 'services'] as const) {
        await page.goto(`/${list}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (viewport === DESKTOP) {
          const panel = page.getByRole('complementary');
          await expect(panel.getByRole('heading', { name: 'Filters' })).toBeVisible();
          await expect(panel.getByLabel('Category')).toBeVisible();
          await expect(page.getByLabel('Category')).toHaveCount(1);
        } else {
          await expect(page.getByLabel('Category')).toBeHidden(); // not on the page itself
          await page.getByRole('button', { name: 'Filters' }).click();
          await expect(page.getByRole('dialog').getByLabel('Category')).toBeVisible();
        }
      }
    });
  }
});
