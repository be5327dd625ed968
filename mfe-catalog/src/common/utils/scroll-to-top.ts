/** Scrolls the page back to the top (after a page change), where the browser supports it. */
export function scrollToTop(): void {
  const root = typeof document === 'undefined' ? null : document.scrollingElement;
  if (root && typeof root.scrollTo === 'function') root.scrollTo({ top: 0 });
}
