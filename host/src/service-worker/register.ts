/**
 * Registers the service worker (`sw.ts`, docs/product.md §23.7) in production builds only, once the
 * page has loaded and the browser is idle, so it never competes with the first view. Then hands
 * the worker what the page already loaded (the page itself, scripts, remotes.json and manifests,
 * catalog JSON, pictures: `CACHE_URLS`, handled by Workbox's router), so a second visit works
 * offline without downloading anything twice.
 */

/** URL of the worker (served from host/dist with `no-cache`, so updates are seen at once). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Resources worth handing to the worker: ours (scripts, JSON, pictures) and the remotes'. */
const CACHEABLE = /\.(js|css|json|webp|png|svg)$|\/api\/v1\/(products|services|shops)(\/|\?|$)/;

/** The page's own URL and the resources it loaded (from the Resource Timing buffer). */
export function loadedUrls(): (string | [string, RequestInit])[] {
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith('http') && CACHEABLE.test(new URL(url).pathname + new URL(url).search));
  // The page itself, as a document request (the worker's page route matches on Accept).
  return [[location.href, { headers: { accept: 'text/html' } }], ...new Set(resources)];
}

function whenIdle(run: () => void): void {
  const start = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Registers `/sw.js` after load (production builds with service worker support only); failures
 * are logged as warnings (the site works without it).
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  // A page the worker already controls went through its caches: nothing to hand over.
  const firstVisit = !navigator.serviceWorker.controller;
  whenIdle(() => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (firstVisit) {
          registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedUrls() } });
        }
      })
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  });
}
