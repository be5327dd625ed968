/**
 * Emotion's composition layers in the server's style tags (docs/product.md §23, "no task runs past 50 ms";
 * ADR 0017).
 *
 * A MUI component is several emotion `styled` layers (Checkbox → SwitchBase → ButtonBase): each
 * outer layer serializes its own styles into a class it hands to the next one, and the innermost
 * merges them all into the one class the element gets. The server's critical-CSS extraction
 * (`extractCriticalToChunks`) keeps only classes found in the HTML, so the outer layers' classes
 * are left out; the browser, hydrating the same tree, finds them missing from its cache and
 * compiles (stylis) and inserts every one of them in hydration's commit (108 rules on `/products`),
 * although no element ever uses them. Sending them with the page's styles marks them as present:
 * the browser skips that work. Their CSS is sent too (not only their names), so an element that
 * later gets such a class (the same styles hash to the same name) is still styled.
 */
import type { EmotionCache } from '@emotion/cache';
import type { EmotionCriticalToChunks } from '@emotion/server/create-instance';

/**
 * Adds to the regular (non-global) chunk the classes the render registered and wrote but the
 * critical extraction left out (composition layers no element carries), with their CSS.
 * Mutates and returns `chunks.styles`; the order of the regular chunk's own classes is kept and
 * the layers come after them. A result without a regular chunk gets one.
 */
export function addCompositionLayers(
  cache: Pick<EmotionCache, 'key' | 'inserted' | 'registered'>,
  chunks: Pick<EmotionCriticalToChunks, 'styles'>,
): EmotionCriticalToChunks['styles'] {
  let regular = chunks.styles.find((chunk) => chunk.key === cache.key);
  if (!regular) {
    regular = { key: cache.key, ids: [], css: '' };
    chunks.styles.push(regular);
  }
  const present = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string' || present.has(id)) continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) continue; // a global style: not a layer
    regular.ids.push(id);
    regular.css += css;
  }
  return chunks.styles;
}
