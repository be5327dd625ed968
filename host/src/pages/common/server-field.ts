/**
 * What a student typed into a server-rendered field before React took the page over (ADR 0032):
 * the field's current DOM value, read while the page is still the server's (`#root` marked
 * `data-server-rendered`, `<html>` not yet `data-hydrated`), so a component can start from it
 * instead of erasing it at hydration.
 */

/** True while React has not yet taken the server-rendered page over (false on the server). */
export function beforeHydration(): boolean {
  if (typeof document === 'undefined') return false;
  return (
    document.getElementById('root')?.hasAttribute('data-server-rendered') === true &&
    document.documentElement.dataset.hydrated !== 'true'
  );
}

/**
 * The current value of the server-rendered input, textarea or select with id `id`, or
 * `fallback` after hydration, on the server, or when there is no such field.
 */
export function serverFieldValue(id: string, fallback: string): string {
  if (!beforeHydration()) return fallback;
  const field = document.getElementById(id);
  if (
    field instanceof HTMLInputElement ||
    field instanceof HTMLTextAreaElement ||
    field instanceof HTMLSelectElement
  ) {
    return field.value;
  }
  return fallback;
}

/** `empty` with each field's value read by {@link serverFieldValue} (`<idPrefix>-<name>` ids). */
export function serverFormValues<V extends object>(idPrefix: string, empty: V): V {
  if (!beforeHydration()) return empty;
  return Object.fromEntries(
    Object.entries(empty).map(([name, value]) => [
      name,
      typeof value === 'string' ? serverFieldValue(`${idPrefix}-${name}`, value) : value,
    ]),
  ) as V;
}
