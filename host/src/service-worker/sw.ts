/// <reference lib="webworker" />
/**
 * The service worker (docs/product.md §23.7; ADR 0010), built by `build-plugin.ts` into
 * `host/dist/sw.js` with Workbox's injectManifest. What it caches:
 *
 * - precache (`self.__WB_MANIFEST`): the host's hashed JS, the offline page, the manifest and
 *   icons, each revision-checked by Workbox on update;
 * - page navigations (HTML): network first (5 s timeout), else the cached copy, else the
 *   offline page (`/offline.html`);
 * - module federation, which deploys remotes on their own (`routes.ts`): `/remotes.json`, every
 *   unversioned `mf-manifest.json` and `remoteEntry.js` network first (a promote, rollback or
 *   canary change is picked up on the next navigation, the last copy works offline); a
 *   release's files (`/releases/<remote>/<version>/…`, immutable, ADR 0029) and the remotes'
 *   content-hashed chunks cache first (a new version has new URLs; old ones age out);
 * - catalog JSON (GET /api/v1/products, /services, /shops lists and details, never `mine` or
 *   authorised requests): stale-while-revalidate (60 entries, 1 day);
 * - pictures under /uploads: cache first (200 entries, 30 days, purged on quota errors).
 *
 * The page sends `CACHE_URLS` after it registers the worker (`register.ts`) with what it already
 * loaded, so the first visit is cached without downloading anything twice.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { remoteAssetRule } from './routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Served when a page is neither reachable nor cached. */
export const OFFLINE_PAGE = '/offline.html';
const DAY_SECONDS = 24 * 60 * 60;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: network first, then the cached copy, then the offline page.
const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: 5,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40 })],
});
registerRoute(
  ({ request, url }) =>
    sameOrigin(url) &&
    !/^\/(api|uploads|remotes|releases)\//.test(url.pathname) &&
    (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')),
  async (options) => {
    try {
      const response = await pages.handle(options);
      if (response) return response;
    } catch {
      // neither the network nor the cache had it
    }
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  },
);

// Module federation: the entry points network first, hashed chunks cache first (any origin: a
// remote may live on a CDN; its script requests may be opaque, status 0).
registerRoute(
  ({ url, request }) => remoteAssetRule(url, sameOrigin(url), request.method) === 'remote-entry',
  new NetworkFirst({
    cacheName: 'remote-entries',
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 20 })],
  }),
);
registerRoute(
  ({ url, request }) => remoteAssetRule(url, sameOrigin(url), request.method) === 'immutable-release',
  new CacheFirst({
    cacheName: 'releases',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(
  ({ url, request }) => remoteAssetRule(url, sameOrigin(url), request.method) === 'remote-chunk',
  new CacheFirst({
    cacheName: 'remote-chunks',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_SECONDS }),
    ],
  }),
);

// Catalog JSON: lists and details of products, services and shops.
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    /^\/api\/v1\/(products|services|shops)(\/|$)/.test(url.pathname) &&
    !/\/mine(\/|$)/.test(url.pathname) &&
    !request.headers.has('authorization'),
  new StaleWhileRevalidate({
    cacheName: 'catalog-api',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: DAY_SECONDS }),
    ],
  }),
);

// Pictures: cache first with a cap.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);
