/**
 * The composed site (docs/product.md §10, e2e): host shell with navbar and footer; remotes loaded
 * at run time from `/remotes.json`; one React, one react-dom, one `@campus/shared` and one jotai
 * store across host and remotes; a dead remote shows the outage message with 'Try again' while
 * the rest works; guards; the not-found page; deep links.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request, Response } from '@playwright/test';
import { createVerifiedAccount, type Session, storeSession } from '../support/accounts';
import { listProducts } from '../support/catalog-api';
import { clickNextPage, expect, test } from '../support/fixtures';

/** A string that survives minification and exists once in react-dom (docs/stack-notes.md "Shared singletons and sizes"). */
const REACT_DOM_MARKER = '__reactContainer$';
/** A string of `@campus/shared` (the product chat message in shared/src/whatsapp.ts). */
const SHARED_MARKER = 'I found your product on';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const productCards = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('article');

/** Client-side navigation through the app's router (no page load): history.pushState + popstate. */
async function clientNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

/** Opens the signed-in user menu of the navbar and clicks `item`. */
async function userMenu(page: Page, item: 'Dashboard' | 'Profile' | 'Logout'): Promise<void> {
  await mainNav(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Loads the site with `session` in localStorage (as after a login). */
async function openSignedIn(page: Page, session: Session, path = '/'): Promise<void> {
  await page.goto('/');
  await storeSession(page, session);
  await page.goto(path);
}

test.describe('host shell', () => {
  test('shows the navbar and footer, and /products lists the API’s first page through the catalog remote, rendered on the server without a second fetch', async ({
    page,
    request,
  }) => {
    const first = await listProducts(request);
    const listRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/v1\/products(\?|$)/.test(req.url())) listRequests.push(req.url());
    });
    await page.goto('/products');
    const nav = mainNav(page);
    for (const name of ['Home', 'Services', 'Products', 'Sell now', 'Register', 'Login']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    for (const name of ['Services', 'Products', 'Privacy Policy', 'Terms & Conditions']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(productCards(page)).toHaveCount(first.products.length);
    await expect(productCards(page).first()).toContainText(first.products[0]?.title.slice(0, 18) ?? '');
    // Hydrated (the catalog's page chunk ran) and settled: the list came with the HTML only.
    await page.waitForLoadState('networkidle');
    await expect(productCards(page)).toHaveCount(first.products.length);
    expect(listRequests, 'the browser did not fetch the server-rendered list again').toEqual([]);
    // The page is live: a client-side move to page 2 asks the API through the remote.
    const next = page.waitForRequest((req) => /\/api\/v1\/products\?.*page=2/.test(req.url()));
    await clickNextPage(page);
    await next;
  });

  test('a deep link to a product page loads directly', async ({ page, request }) => {
    const [product] = (await listProducts(request, { limit: 1 })).products;
    if (!product) throw new Error('no demo product');
    await page.goto(`/products/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
  });

  test('an unknown path shows the not-found page inside the shell', async ({ page }) => {
    await page.goto('/no/such/page-here');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe('remotes at run time', () => {
  test('/remotes.json decides where a remote is loaded from: the host follows a changed URL without a rebuild', async ({
    page,
    baseURL,
    site,
  }, testInfo) => {
    const served = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
    expect(Object.keys(served).sort()).toEqual(['auth', 'catalog', 'dashboard']);

    // "Deploy" the catalog remote elsewhere: a copy of its dist/, served under another path.
    const copy = testInfo.outputPath('cdn', 'catalog');
    cpSync(path.join(site.staticRoot, 'mfe-catalog', 'dist'), copy, { recursive: true });
    const movedEntry = `${baseURL}/cdn-copy/catalog/mf-manifest.json`;
    // The server inlines /remotes.json into each page (docs/product.md §23): change the catalog entry in the
    // HTML of a host page, then go to the catalog's route in the browser.
    await page.route('**/about', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script id="remotes-config" type="application\/json">)(.*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const remotes = JSON.parse(json) as Record<string, { entry: string; ssrEntry: string | null }>;
          if (!remotes.catalog) throw new Error('no catalog in the inline remotes config');
          remotes.catalog.entry = movedEntry;
          return `${open}${JSON.stringify(remotes)}${close}`;
        },
      );
      expect(html).toContain(movedEntry);
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.route('**/cdn-copy/catalog/**', async (route) => {
      const file = path.join(copy, new URL(route.request().url()).pathname.replace('/cdn-copy/catalog/', ''));
      if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
      return route.fulfill({ path: file, headers: { 'cache-control': 'no-cache' } });
    });
    const fromCopy: string[] = [];
    const fromOriginal: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/cdn-copy/catalog/')) fromCopy.push(pathname);
      if (pathname.startsWith('/remotes/catalog/')) fromOriginal.push(pathname);
    });

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(productCards(page).first()).toBeVisible();
    expect(fromCopy).toContain('/cdn-copy/catalog/mf-manifest.json');
    expect(fromCopy).toContain('/cdn-copy/catalog/remoteEntry.js');
    expect(fromCopy.some((p) => /__federation_expose_ProductsPage/.test(p))).toBe(true);
    expect(fromOriginal, 'nothing of the catalog comes from its old location').toEqual([]);
  });

  test('React, react-dom and @campus/shared are loaded once, and no JS file is fetched twice', async ({
    page,
    request,
  }) => {
    const { session } = await createVerifiedAccount(request, 'singletons');
    await page.goto('/');
    await storeSession(page, session);
    // The first document keeps loading federated chunks after 'load' (the home page's latest
    // listings): let it finish, or its late requests would be counted with the reload's.
    await page.waitForLoadState('networkidle');

    const requested = new Map<string, number>();
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('request', (req: Request) => {
      if (req.resourceType() === 'script') requested.set(req.url(), (requested.get(req.url()) ?? 0) + 1);
    });
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response
          .body()
          .then((body) => ({ url: response.url(), body: body.toString('utf8') }))
          .catch(() => ({ url: response.url(), body: '' })),
      );
    });

    // One page load, then host, catalog, dashboard and auth pages through client-side navigation.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(productCards(page).first()).toBeVisible();
    await clientNavigate(page, '/app');
    await expect(page.getByRole('main').getByText(session.user.firstName).first()).toBeVisible();
    await clientNavigate(page, '/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/password/i);

    const bodies = await Promise.all(scripts);
    const remotesSeen = ['catalog', 'dashboard', 'auth'].filter((name) =>
      bodies.some(({ url }) => url.includes(`/remotes/${name}/`)),
    );
    expect(remotesSeen, 'JS of every remote was loaded').toEqual(['catalog', 'dashboard', 'auth']);
    const withReactDom = bodies.filter(({ body }) => body.includes(REACT_DOM_MARKER)).map(({ url }) => url);
    expect(withReactDom, 'JS files containing react-dom').toHaveLength(1);
    const withShared = bodies.filter(({ body }) => body.includes(SHARED_MARKER)).map(({ url }) => url);
    expect(withShared, 'JS files containing @campus/shared').toHaveLength(1);
    const twice = [...requested].filter(([, count]) => count > 1).map(([url]) => url);
    expect(twice, 'JS files fetched more than once').toEqual([]);
  });

  test('one jotai store: a session set in the host is seen in the remotes, and logout in the host clears it there', async ({
    page,
    request,
  }) => {
    const { account, session } = await createVerifiedAccount(request, 'store');
    await openSignedIn(page, session);
    await expect(mainNav(page).getByRole('button', { name: 'Account menu' })).toBeVisible();

    // Drop the stored copy: from now on only the in-memory store knows the session. A remote
    // with its own store would start from the (empty) localStorage and not see the user.
    await page.evaluate(() => {
      localStorage.removeItem('jwt');
      localStorage.removeItem('user');
    });
    await userMenu(page, 'Dashboard');
    await expect(page).toHaveURL('/app/products-list');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await clientNavigate(page, '/app');
    await expect(page.getByRole('main').getByText(session.user.firstName).first()).toBeVisible();

    // The auth remote's guest-only page sends the signed-in user to /products.
    await clientNavigate(page, '/auth?mode=login');
    await expect(page).toHaveURL('/products');

    // Logout in the host: the guarded dashboard is gone, the auth remote shows its login form.
    await userMenu(page, 'Logout');
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Sell now' }).click();
    await expect(page).toHaveURL('/auth?mode=login&redirect=%2Fapp%2Fproducts-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();

    // Log in inside the auth remote: the host's navbar sees it at once, the dashboard too.
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/app/products-list');
    await expect(mainNav(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
    await clientNavigate(page, '/app');
    await expect(page.getByRole('main').getByText(session.user.firstName).first()).toBeVisible();
  });

  test("a dead remote shows the outage message with 'Try again'; the navbar and other remotes keep working", async ({
    page,
  }) => {
    await page.route('**/remotes/catalog/**', (route) => route.abort('connectionrefused'));
    await page.goto('/products');
    const outage = page.getByRole('heading', { name: /could not be loaded/ });
    await expect(outage).toBeVisible();
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // The navbar works and leads to another remote (auth), which loads.
    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(outage).toBeVisible();

    // The remote comes back: 'Try again' loads it without a page reload.
    await page.unroute('**/remotes/catalog/**');
    await page.evaluate(() => {
      (window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true;
    });
    await retry.click();
    await expect(productCards(page).first()).toBeVisible();
    await expect(outage).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload)).toBe(
      true,
    );
  });
});

test.describe('guards', () => {
  test('a guest asking for /app is sent to login with the path as redirect', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL('/auth?mode=login&redirect=%2Fapp');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await page.goto('/create-service');
    await expect(page).toHaveURL('/auth?mode=login&redirect=%2Fcreate-service');
  });

  test('a signed-in user asking for /auth is sent to /products', async ({ page, request }) => {
    const { session } = await createVerifiedAccount(request, 'guards');
    await openSignedIn(page, session, '/auth');
    await expect(page).toHaveURL('/products');
    await page.goto('/auth?mode=register');
    await expect(page).toHaveURL('/products');
    await expect(productCards(page).first()).toBeVisible();
  });
});
