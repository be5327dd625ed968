/**
 * The `test` every spec uses: Playwright's, with `baseURL` taken from the running site (global
 * setup picks a free port), `site` giving the run's state, and a `page` whose `goto` and `reload`
 * return once the page is live: pages are server-rendered (docs/product.md §23), so their HTML is visible
 * before React has hydrated it, and a click that early would be lost. "Live" = the host shell
 * marked `<html data-hydrated>`, the network went quiet (the route's remote chunks loaded), and
 * React has claimed every link and form control (their part hydrated). Documents that are not the app (no `#root`: the offline page, JSON) are
 * returned at once.
 */
import { test as base, type Page } from '@playwright/test';
import { type SiteState, siteState } from './site';

/** Waits until the app in `page` is hydrated and its chunks are in (see the module comment). */
export async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true',
    null,
    { timeout: 30_000 },
  );
  // Remote chunks and their hydration follow the shell's; a page that keeps a request open
  // (none of ours today) must not hang the test here.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // A remote's part hydrates after its chunks ran, which on a busy machine can be well after the
  // network went quiet: wait until React has claimed every link and form control on the page
  // (React's props key on the element, the sign the boot script reads too). Before that, a
  // click on a link is a plain navigation, not the app's.
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root) return true;
      const controls = root.querySelectorAll('a[href], button, input, select, textarea');
      return Array.from(controls).every((control) =>
        Object.keys(control).some((key) => key.startsWith('__reactProps$')),
      );
    },
    null,
    { timeout: 30_000 },
  );
  // React sets that key while it renders a part, before it commits it. The browser runs an idle
  // callback once no task is queued (or after 10 s), by when a hydration React had started in
  // tasks has normally committed.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 })),
  );
}

/**
 * Clicks the list's "Next" page link once it has stopped moving where it will be clicked.
 * Playwright checks that an element is still before it scrolls to it, not after; the cards of a
 * list are laid out only when they come near the screen (`content-visibility: auto`, mfe-catalog
 * CardGrid), and take their real height then, up to ~25 px off the 300 px they counted for. The
 * link below them moves in the frames after the scroll, under a press in flight: the press lands
 * on the link and the release beside it, and the browser sends no click (seen in a trace of a lost
 * "Next"). Scrolling first lets the click's own stability check see the settled position.
 */
export async function clickNextPage(page: Page): Promise<void> {
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  await next.click();
}

export const test = base.extend<{ site: SiteState }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured argument
  baseURL: async ({}, use) => use(siteState().baseURL),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured argument
  site: async ({}, use) => use(siteState()),
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitUntilLive(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitUntilLive(page);
      return response;
    };
    await use(page);
  },
});

export { expect } from '@playwright/test';
