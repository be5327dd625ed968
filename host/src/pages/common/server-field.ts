/**
 * What a student typed into a server-rendered field before React took it over (ADR 0032): the
 * field's current DOM value, read while the element is still the server's (inside
 * `#root[data-server-rendered]` and not yet claimed by React), so a component can start from it
 * instead of erasing it when it hydrates. The page's own part may hydrate well after the shell
 * (`<html data-hydrated>`): its code is a lazy chunk, so the element, not the page, is asked.
 */

/**
 * True when React has claimed `element` (hydrated or rendered it): React keeps its fiber on the
 * element under a `__reactFiber$…` key. The boot script's tap replay uses the same sign
 * (api/src/plugins/app/boot-script.ts).
 */
function claimedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * The current value of the server-rendered input, textarea or select with id `id` not yet
 * hydrated, else `fallback` (on the server, after hydration, on a page rendered in the browser).
 */
export function serverFieldValue(id: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const field = document.getElementById(id);
  if (
    !(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    )
  ) {
    return fallback;
  }
  if (!field.closest('#root[data-server-rendered]') || claimedByReact(field)) return fallback;
  return field.value;
}

/** `empty` with each field's value read by {@link serverFieldValue} (`<idPrefix>-<name>` ids). */
export function serverFormValues<V extends object>(idPrefix: string, empty: V): V {
  if (typeof document === 'undefined') return empty;
  return Object.fromEntries(
    Object.entries(empty).map(([name, value]) => [
      name,
      typeof value === 'string' ? serverFieldValue(`${idPrefix}-${name}`, value) : value,
    ]),
  ) as V;
}
