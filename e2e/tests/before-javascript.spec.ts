/**
 * Before the JavaScript arrives (ADR 0032), in Chromium on a phone screen with every `.js` response
 * held back until the test lets it through (service workers blocked): what a student types or taps
 * on a server-rendered page before hydration is kept and carried out once the page is live (or at
 * once, natively), the contact forms are posted and stored without JavaScript, scroll positions
 * survive hydration, and no request URL ever carries a form field. The native controls are
 * checked again with JavaScript disabled.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { waitUntilLive } from '../support/fixtures';
import { siteState } from '../support/site';

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** Values typed into the contact forms: none may appear in any request URL. */
const TYPED = {
  name: 'Achieng Before',
  email: 'achieng.before@students.uonbi.ac.ke',
  feedback: 'Typed before the scripts came',
  subject: 'Early subject line',
  message: 'Written without any JavaScript',
};

/** Every request URL of every context this file opens. */
const requestUrls: string[] = [];

interface HeldPage {
  context: BrowserContext;
  page: Page;
  /** Lets the held `.js` responses (and all later ones) through. */
  release: () => void;
}

/**
 * A phone page whose `.js` responses wait until `release()` (the page is server-rendered HTML only
 * until then); `javaScriptEnabled: false` for a browser without JavaScript.
 */
async function openHeld(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<HeldPage> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: siteState().baseURL,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    ...options,
  });
  context.on('request', (request) => requestUrls.push(request.url()));
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  return { context, page, release };
}

/** Opens `path` without waiting for the (held) scripts: the server's HTML is there. */
async function gotoServerHtml(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
}

/** No request URL so far carries a contact form field (by name or by a typed value). */
function expectNoFieldInUrls() {
  const words = Object.values(TYPED).map((value) => value.split(' ')[0]?.toLowerCase() ?? value);
  const leaked = requestUrls.filter((url) => {
    const query = decodeURIComponent(new URL(url).search).toLowerCase();
    return (
      /(^|[?&])(name|email|rating|feedback|subject|message)=/.test(query) ||
      words.some((word) => query.includes(word))
    );
  });
  expect(requestUrls.length).toBeGreaterThan(0);
  expect(leaked, 'no request URL carries a form field').toEqual([]);
}

test.describe('before the JavaScript arrives', () => {
  test('/products: Filters opens its drawer at once (native), what is picked in it survives hydration, and the scroll position is kept', async ({
    browser,
  }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/products');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Category').selectOption('Electronics');
    await drawer.getByLabel('Min price (Kes)').fill('5');
    release();
    await waitUntilLive(page);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByLabel('Category')).toHaveValue('Electronics');
    await expect(drawer.getByLabel('Min price (Kes)')).toHaveValue('5');
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // React's form now: Apply filters in place (no page load) and closes the drawer.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/[?&]category=Electronics\b/);
    await expect(page).toHaveURL(/[?&]minPrice=5\b/);
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await context.close();
  });

  test('/products: text typed into "Search products" is kept and its search sent', async ({ browser }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('calculator');
    release();
    await waitUntilLive(page);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('calculator');
    await expect(page).toHaveURL(/[?&]search=calculator\b/);
    await context.close();
  });

  test('/services: typed search kept and sent; Filters opens the price filters at once (native) and they survive hydration', async ({
    browser,
  }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/services');
    await page.getByRole('searchbox', { name: 'Search services' }).fill('tutor');
    await page.getByRole('button', { name: 'Filters' }).click();
    const modal = page.getByRole('dialog', { name: 'Price Filters' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Max price (Kes)').fill('900');
    release();
    await waitUntilLive(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Max price (Kes)')).toHaveValue('900');
    await expect(page.locator('#list-search')).toHaveValue('tutor');
    await expect(page).toHaveURL(/[?&]search=tutor\b/);
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/[?&]maxPrice=900\b/);
    await expect(page).toHaveURL(/[?&]search=tutor\b/);
    await context.close();
  });

  test('/products: a sort and a campus picked early, a search typed early and the checkboxes ticked early all apply once live', async ({
    browser,
  }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/products');
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
    const campus = page.getByLabel('Campus', { exact: true });
    const university = await campus.locator('option').nth(1).getAttribute('value');
    await campus.selectOption(university ?? '');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('calculator');
    const verifiedOnly = page.getByRole('checkbox', { name: 'Verified students only' });
    await verifiedOnly.check();
    const dataSaver = page.getByRole('checkbox', { name: 'Data saver: load photos on tap' });
    await dataSaver.check();
    release();
    await waitUntilLive(page);
    await expect(page).toHaveURL(/[?&]sort=price_asc\b/);
    await expect(page).toHaveURL(/[?&]university=/);
    await expect(page).toHaveURL(/[?&]search=calculator\b/);
    await expect(page).toHaveURL(/[?&]verifiedOnly=true\b/);
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('price_asc');
    await expect(campus).toHaveValue(university ?? '');
    await expect(verifiedOnly).toBeChecked();
    await expect(dataSaver).toBeChecked();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('dataSaver'))).toBe('on');
    await context.close();
  });

  test('/events: a campus picked early filters the list once live', async ({ browser }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/events');
    const campus = page.getByLabel('Campus', { exact: true });
    const university = await campus.locator('option').nth(1).getAttribute('value');
    await campus.selectOption(university ?? '');
    release();
    await waitUntilLive(page);
    await expect(page).toHaveURL(
      `/events?university=${encodeURIComponent(university ?? '').replace(/%20/g, '+')}`,
    );
    await expect(campus).toHaveValue(university ?? '');
    await context.close();
  });

  test('the phone menu tapped early opens once live', async ({ browser }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    await waitUntilLive(page);
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await context.close();
  });

  test('terms: "Show Full Terms" tapped early expands once live, the scroll stays; Back to Top works at once', async ({
    browser,
  }) => {
    const { context, page, release } = await openHeld(browser);
    await gotoServerHtml(page, '/terms-and-conditions');
    const toggle = page.getByRole('button', { name: 'Show Full Terms' });
    await toggle.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await toggle.click();
    release();
    await waitUntilLive(page);
    await expect(page.getByRole('heading', { level: 2, name: '7. Governing Law' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await context.close();

    // Back to Top is a link: it works before hydration, natively.
    const held = await openHeld(browser);
    await gotoServerHtml(held.page, '/privacy-policy');
    await held.page.getByRole('link', { name: 'Back to Top' }).click();
    await expect.poll(() => held.page.evaluate(() => window.scrollY)).toBe(0);
    held.release();
    await waitUntilLive(held.page);
    expect(await held.page.evaluate(() => window.scrollY)).toBe(0);
    await held.context.close();
  });

  test('/contact: typed fields survive hydration; the toggle and both forms work before it, posted, never in a URL', async ({
    browser,
  }) => {
    const early = await openHeld(browser);
    await gotoServerHtml(early.page, '/contact');
    await early.page.getByRole('textbox', { name: 'Name' }).fill(TYPED.name);
    await early.page.getByRole('textbox', { name: 'Email' }).fill(TYPED.email);
    await early.page.getByRole('combobox', { name: 'Rating' }).selectOption('4');
    await early.page.getByRole('textbox', { name: 'Feedback' }).fill(TYPED.feedback);
    early.release();
    await waitUntilLive(early.page);
    await expect(early.page.getByRole('textbox', { name: 'Name' })).toHaveValue(TYPED.name);
    await expect(early.page.getByRole('textbox', { name: 'Email' })).toHaveValue(TYPED.email);
    await expect(early.page.getByRole('combobox', { name: 'Rating' })).toHaveValue('4');
    await expect(early.page.getByRole('textbox', { name: 'Feedback' })).toHaveValue(TYPED.feedback);
    await early.context.close();

    // Nothing runs in this page until the end: the toggle and the message form work natively.
    const held = await openHeld(browser);
    await gotoServerHtml(held.page, '/contact');
    await held.page.getByRole('link', { name: 'Send a message' }).click();
    await expect(held.page).toHaveURL(/\/contact\?form=message$/);
    await held.page.getByRole('textbox', { name: 'Name' }).fill(TYPED.name);
    await held.page.getByRole('textbox', { name: 'Email' }).fill(TYPED.email);
    await held.page.getByRole('textbox', { name: 'Subject' }).fill(TYPED.subject);
    await held.page.getByRole('textbox', { name: 'Message' }).fill(TYPED.message);
    await held.page.getByRole('button', { name: 'Send Message' }).click();
    await expect(held.page).toHaveURL(/\/contact\?form=message&sent=message$/);
    await expect(
      held.page.getByRole('status').filter({ hasText: 'Your message has been sent' }),
    ).toBeVisible();
    held.release();
    await waitUntilLive(held.page);
    await expect(
      held.page.getByRole('status').filter({ hasText: 'Your message has been sent' }),
    ).toBeVisible();
    await held.context.close();
    expectNoFieldInUrls();
  });

  test('without JavaScript: the feedback form is stored, the toggle and Back to Top work', async ({
    browser,
  }) => {
    const { context, page } = await openHeld(browser, { javaScriptEnabled: false });
    await page.goto('/contact?form=message');
    await page.getByRole('link', { name: 'Give feedback' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // The browser's own checks stop an empty form; nothing is sent.
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole('textbox', { name: 'Name' }).fill(TYPED.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(TYPED.email);
    await page.getByRole('combobox', { name: 'Rating' }).selectOption('5');
    await page.getByRole('textbox', { name: 'Feedback' }).fill(TYPED.feedback);
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=feedback$/);
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback!' })).toBeVisible();

    await page.goto('/privacy-policy');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: 'Back to Top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
    expectNoFieldInUrls();
  });

  test('without JavaScript: the products Filters drawer, the services price filters and "Verified students only" filter the list', async ({
    browser,
  }) => {
    const { context, page } = await openHeld(browser, { javaScriptEnabled: false });
    await page.goto('/products?search=a&sort=price_asc');
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await drawer.getByLabel('Category').selectOption('Electronics');
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/products\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe('Electronics');
    expect(url.searchParams.get('search')).toBe('a');
    expect(url.searchParams.get('sort')).toBe('price_asc');
    // The server rendered the filtered list: the button shows a filter in force, the drawer has it.
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(drawer.getByLabel('Category')).toHaveValue('Electronics');
    await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('Electronics');

    await page.goto('/services');
    await page.getByRole('button', { name: 'Filters' }).click();
    const modal = page.getByRole('dialog', { name: 'Price Filters' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Min price (Kes)').fill('100');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/services\?(.*&)?minPrice=100\b/);
    // "Verified students only" with its own Apply keeps the price filter.
    const verifiedOnly = page.getByRole('checkbox', { name: 'Verified students only' });
    await verifiedOnly.check();
    await page.locator('form', { has: verifiedOnly }).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]verifiedOnly=true\b/);
    expect(new URL(page.url()).searchParams.get('minPrice')).toBe('100');
    await expect(page.getByRole('checkbox', { name: 'Verified students only' })).toBeChecked();
    await context.close();
  });
});
