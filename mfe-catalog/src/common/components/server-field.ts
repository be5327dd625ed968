/**
 * What a student typed into a server-rendered field before React took the page over (ADR 0032;
 * the host's pages use the same rule, host/src/pages/common/server-field.ts): the field's current
 * DOM value while the page is still the server's (`#root` marked `data-server-rendered`, `<html>`
 * not yet `data-hydrated`).
 */

/**
 * The current value of the server-rendered input with id `id`, or `fallback` after hydration, on
 * the server, or when there is no such field.
 */
export function serverFieldValue(id: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const serverPage =
    document.getElementById('root')?.hasAttribute('data-server-rendered') === true &&
    document.documentElement.dataset.hydrated !== 'true';
  const field = serverPage ? document.getElementById(id) : null;
  return field instanceof HTMLInputElement ? field.value : fallback;
}
