/**
 * What a student typed into a server-rendered field, or ticked on its checkbox, before React took
 * it over (ADR 0032; the host's contact forms and footer, the catalog's search boxes and filters
 * use it): the field's current DOM value or tick, read while the element is still the server's
 * (inside `#root[data-server-rendered]` and not yet claimed by React), so a component can start
 * from it instead of erasing it when it hydrates. The page's own part may hydrate well after the
 * shell (`<html data-hydrated>`): its code is a lazy chunk, so the element, not the page, is asked.
 */

import { useEffect, useState } from 'react';

/** Values read from server fields, by id, until their component has mounted. */
const captured = new Map<string, string>();

/**
 * True when React has claimed `element` (hydrated or rendered it): React keeps the element's props
 * on it under a `__reactProps$…` key. The boot script's tap replay uses the same sign
 * (api/src/plugins/app/boot-script.ts).
 */
function claimedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * The current value of the server-rendered input, textarea or select with id `id` not yet
 * hydrated, else `fallback` (on the server, after hydration, on a page rendered in the browser).
 */
export function serverFieldValue(id: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const kept = captured.get(id);
  if (kept !== undefined) return kept;
  const field = unclaimedServerField(id);
  if (
    !(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    )
  ) {
    return fallback;
  }
  captured.set(id, field.value);
  return field.value;
}

/** The element with id `id` when the server rendered it and React has not claimed it, else null. */
function unclaimedServerField(id: string): HTMLElement | null {
  const field = document.getElementById(id);
  if (!field?.closest('#root[data-server-rendered]') || claimedByReact(field)) return null;
  return field;
}

/** Early ticks read by {@link serverCheckboxChange}, by id, until their component has mounted. */
const capturedTicks = new Map<string, boolean | null>();

/**
 * What a student did to the server-rendered checkbox with id `id` before React took it over: its
 * `checked` when that differs from what the server rendered (the element's `defaultChecked`),
 * else `null` (left alone, not a server checkbox, on the server, after hydration). Comparing with
 * the server's own markup, not with the value React is about to render, keeps a client-only
 * default (a choice kept in localStorage) from passing for a tick. Answers the same until
 * {@link releaseServerField}, as {@link serverFieldValue} does.
 */
export function serverCheckboxChange(id: string): boolean | null {
  if (typeof document === 'undefined') return null;
  const kept = capturedTicks.get(id);
  if (kept !== undefined) return kept;
  const field = unclaimedServerField(id);
  if (!(field instanceof HTMLInputElement) || field.type !== 'checkbox') return null;
  const change = field.checked === field.defaultChecked ? null : field.checked;
  capturedTicks.set(id, change);
  return change;
}

/**
 * Applies a tick or untick made on the server-rendered checkbox `id` before hydration (ADR 0032):
 * reads it in the first render (`serverCheckboxChange`), then, once mounted, calls
 * `apply(checked)` if there was one. The checkbox itself renders React's value during hydration,
 * as the server did, and follows it once `apply` has changed it.
 */
export function useEarlyTick(id: string, apply: (checked: boolean) => void): void {
  const [early] = useState(() => serverCheckboxChange(id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: the tick made before it
  useEffect(() => {
    releaseServerField(id);
    if (early !== null) apply(early);
  }, []);
}

/**
 * Forgets what {@link serverFieldValue} read for `id`: call it once the component that read it
 * has mounted (an effect). Until then every read answers the same value, because React may throw
 * a render away (a part of the page suspends while hydrating) after it claimed the field, and the
 * retry would otherwise find the field claimed and start empty.
 */
export function releaseServerField(id: string): void {
  captured.delete(id);
  capturedTicks.delete(id);
}

/** `empty` with each field's value read by {@link serverFieldValue} (`<idPrefix>-<name>` ids). */
export function serverFormValues<V extends object>(idPrefix: string, empty: V): V {
  return Object.fromEntries(
    Object.entries(empty).map(([name, value]) => [
      name,
      typeof value === 'string' ? serverFieldValue(`${idPrefix}-${name}`, value) : value,
    ]),
  ) as V;
}

/** Forgets the values {@link serverFormValues} read for `empty`'s fields (see {@link releaseServerField}). */
export function releaseServerForm(idPrefix: string, empty: object): void {
  for (const name of Object.keys(empty)) releaseServerField(`${idPrefix}-${name}`);
}
