/**
 * What a student typed into a server-rendered field before React took it over (ADR 0032; the
 * host's pages use the same rule, host/src/pages/common/server-field.ts): the field's current DOM
 * value while the element is still the server's (inside `#root[data-server-rendered]`, not yet
 * claimed by React, which keeps its fiber on the element under a `__reactFiber$…` key). The list
 * pages are lazy chunks and hydrate after the shell, so the element, not the page, is asked.
 */

/**
 * The current value of the server-rendered input with id `id` not yet hydrated, else `fallback`
 * (on the server, after hydration, on a page rendered in the browser).
 */
export function serverFieldValue(id: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement) || !field.closest('#root[data-server-rendered]')) return fallback;
  const claimed = Object.keys(field).some((key) => key.startsWith('__reactFiber$'));
  return claimed ? fallback : field.value;
}
