/**
 * The server renderer's emotion cache: vendor prefixes only where the browsers our scripts run in
 * still need them (docs/product.md §23, "every kilobyte"; ADR 0017).
 *
 * Emotion's default cache runs stylis's whole `prefixer` over every rule: `display:flex` gains
 * `-webkit-box`, `-webkit-flex` and `-ms-flexbox`, every `transform` three copies, and so on, for
 * browsers older than the ES2020 our bundles already require (`rspack.base.ts` target `es2020`:
 * Chromium 80+, Safari 14+, Firefox 80+). On a cold `/products` that was 19 KB of the 66 KB of
 * styles in the document's head, parsed and matched on every first view; with only the prefixes
 * this cache keeps, the document is 125.5 KB raw instead of 140.7 (`/` 111.3 instead of 124.4).
 *
 * This cache still runs stylis's own `prefixer` (the library's rules, not ours), but only for the
 * declarations whose property an ES2020 browser may still need prefixed: masks (the card icons,
 * Chromium before 120, Safari before 15.4), `user-select` and `text-decoration` (Safari),
 * `appearance` (Chromium before 84, Safari before 15.4), `backdrop-filter` (Safari before 18),
 * `print-color-adjust` and the older `color-adjust` (Chromium before 136), `text-size-adjust`,
 * `background-clip` (`text`, Chromium before 120), `box-decoration-break`, `hyphens` (Safari
 * before 17), and the sizing properties (their `stretch` / `fit-content` values). Rulesets
 * (`::placeholder`) and `@keyframes` are left as written: ES2020 browsers read them unprefixed.
 *
 * The class names do not change (emotion hashes the styles before stylis), so the browser's own
 * emotion cache still takes the server's styles over; styles it inserts later go through its
 * default, full prefixer.
 */
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { DECLARATION, prefixer } from 'stylis';

/** Properties that an ES2020 browser may still need with a vendor prefix (see the module note). */
export const PREFIXED_PROPERTIES =
  /^(?:mask(?:-[a-z-]+)?|user-select|appearance|text-decoration|backdrop-filter|print-color-adjust|color-adjust|text-size-adjust|background-clip|box-decoration-break|hyphens|(?:min-|max-)?(?:width|height|inline-size|block-size))$/;

/**
 * A stylis plugin: stylis's `prefixer` for declarations of `PREFIXED_PROPERTIES`; every other
 * element (other declarations, rulesets, `@keyframes`) is serialized as written.
 */
export const targetedPrefixer: StylisPlugin = (element, index, children, callback) => {
  if (element.type !== DECLARATION || typeof element.props !== 'string') return;
  if (!PREFIXED_PROPERTIES.test(element.props)) return;
  // stylis's and emotion's element types are the same objects, typed apart.
  return prefixer(element as never, index, children as never, callback as never);
};

/** A fresh emotion cache (key `css`, as the browser's) with `targetedPrefixer`: one per render. */
export function createServerEmotionCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [targetedPrefixer] });
}
