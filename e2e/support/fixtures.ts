/**
 * The `test` every spec uses: Playwright's, with `baseURL` taken from the running site (global
 * setup picks a free port) and `site` giving the run's state.
 */
import { test as base } from '@playwright/test';
import { type SiteState, siteState } from './site';

export const test = base.extend<{ site: SiteState }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured argument
  baseURL: async ({}, use) => use(siteState().baseURL),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured argument
  site: async ({}, use) => use(siteState()),
});

export { expect } from '@playwright/test';
