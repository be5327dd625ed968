/**
 * The single bundle's stand-in for `host/src/remotes/remote-registry.ts` (bench/single-bundle/
 * rspack.config.ts swaps it in; docs/product.md §23.9): the host imports every remote page
 * directly, with no module federation and no `/remotes.json`. bench:web compares the composed
 * site against this build (the floor). Same exports as `remote-registry.ts`; the paths are the
 * remotes' `exposes` (their rspack.config.ts), which registry.test.ts checks.
 */
import type { ComponentType } from 'react';
import { REMOTE_PAGES, type RemotePageId } from '../../host/src/remotes/remote-pages';

/** Remote name → entry URL (always empty here: there are no remotes). */
export type RemotesConfig = Record<string, string>;

// biome-ignore lint/suspicious/noExplicitAny: exposed pages take arbitrary props
type PageModule = { default?: ComponentType<any> };

/** Exposed module id (remote-pages.ts) → its source, one lazy chunk each (like the remotes' exposed chunks). */
export const SINGLE_BUNDLE_PAGES: Record<RemotePageId, () => Promise<PageModule>> = {
  [REMOTE_PAGES.products]: () => import('../../mfe-catalog/src/products/pages/ProductsPage'),
  [REMOTE_PAGES.productDetail]: () => import('../../mfe-catalog/src/products/pages/ProductDetailPage'),
  [REMOTE_PAGES.services]: () => import('../../mfe-catalog/src/services/pages/ServicesPage'),
  [REMOTE_PAGES.serviceDetail]: () => import('../../mfe-catalog/src/services/pages/ServiceDetailPage'),
  [REMOTE_PAGES.shop]: () => import('../../mfe-catalog/src/shops/pages/ShopPage'),
  [REMOTE_PAGES.seller]: () => import('../../mfe-catalog/src/sellers/pages/SellerPage'),
  [REMOTE_PAGES.events]: () => import('../../mfe-catalog/src/events/pages/EventsPage'),
  [REMOTE_PAGES.eventDetail]: () => import('../../mfe-catalog/src/events/pages/EventDetailPage'),
  [REMOTE_PAGES.latestListings]: () => import('../../mfe-catalog/src/home/components/LatestListings'),
  [REMOTE_PAGES.auth]: () => import('../../mfe-auth/src/auth/pages/AuthPage'),
  [REMOTE_PAGES.checkInbox]: () => import('../../mfe-auth/src/verification/pages/CheckInboxPage'),
  [REMOTE_PAGES.verifyEmail]: () => import('../../mfe-auth/src/verification/pages/VerifyEmailPage'),
  [REMOTE_PAGES.forgotPassword]: () => import('../../mfe-auth/src/password/pages/ForgotPasswordPage'),
  [REMOTE_PAGES.resetPassword]: () => import('../../mfe-auth/src/password/pages/ResetPasswordPage'),
  [REMOTE_PAGES.dashboard]: () => import('../../mfe-dashboard/src/DashboardApp'),
  [REMOTE_PAGES.createService]: () => import('../../mfe-dashboard/src/services/pages/CreateServicePage'),
};

/** `/remotes.json` as served (unused here). */
export type RemotesJson = Record<string, string | { entry: string; ssrEntry?: string | null }>;

/** Nothing to register (a server-rendered page's inline config is ignored): returns {}. */
export function registerRemotesConfig(_json: RemotesJson): RemotesConfig {
  return {};
}

/** Nothing to register: resolves to {} without fetching `/remotes.json`. */
export async function registerRemotesFromConfig(
  _url = '/remotes.json',
  _init?: RequestInit,
): Promise<RemotesConfig> {
  return {};
}

/** No remote versions in the single bundle: a developer override has nothing to replace. */
export function adminOverrideRequest(
  _search: string,
  _cookie: string,
  _token: string | null,
): { url: string; init: RequestInit } | null {
  return null;
}

/** No remote versions in the single bundle: nothing to report. */
export function reportRemoteError(_remote: string, _kind: 'load' | 'render', _message?: string): void {}

/** Always 0: a bundled page never needs a fresh load generation. */
export function remoteGeneration(_remote: string): number {
  return 0;
}

/** Nothing to forget: the pages are part of this build. */
export async function retryRemote(_remote: string): Promise<void> {}

/** No federation runtime in the single bundle: nothing to install. */
export function installRuntimePlugins(): void {}

/** Loads a page by its exposed id, e.g. 'catalog/ProductsPage'; throws for an unknown id. */
export async function loadRemoteComponent<P>(id: string): Promise<{ default: ComponentType<P> }> {
  const load = SINGLE_BUNDLE_PAGES[id as RemotePageId];
  const module = load ? await load() : undefined;
  if (!module?.default) throw new Error(`Page ${id} is not part of the single bundle`);
  return { default: module.default };
}
