/**
 * Which of the service worker's strategies answers a request (ADR 0010; remote releases: ADR
 * 0029). Pure functions of the URL, so the rules are tested without a worker.
 *
 * Nothing that names a remote version is answered from a cache while the network answers: pages
 * and `/remotes.json` (which carry the visitor's versions) and the checkout build's unversioned
 * `mf-manifest.json` / `remoteEntry.js` are network first, so after a promote, a rollback or the
 * end of a canary the next navigation gets the new version. A release's files live under
 * `/releases/<remote>/<version>/` and never change (immutable caching), so they are cache first:
 * a visitor keeps an older version's lazy chunks, and a new version is a new URL.
 */

/** The strategy for a request, or null when the worker leaves it to the network. */
export type RemoteAssetRule = 'remote-entry' | 'immutable-release' | 'remote-chunk' | null;

/** True for a release's file: `/releases/<remote>/<version>/…` (immutable). */
export function isReleaseFile(url: URL, sameOrigin: boolean): boolean {
  return sameOrigin && /^\/releases\/[^/]+\/[^/]+\/.+/.test(url.pathname);
}

/** How a module federation file (or `/remotes.json`) is answered; null for anything else. */
export function remoteAssetRule(url: URL, sameOrigin: boolean, method = 'GET'): RemoteAssetRule {
  if (method !== 'GET') return null;
  if (isReleaseFile(url, sameOrigin)) return 'immutable-release';
  if (
    (sameOrigin && url.pathname === '/remotes.json') ||
    /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname)
  ) {
    return 'remote-entry';
  }
  if (
    (!sameOrigin || url.pathname.startsWith('/remotes/')) &&
    /[.-][0-9a-f]{8}\.(js|css)$/.test(url.pathname)
  ) {
    return 'remote-chunk';
  }
  return null;
}
