import { releaseServerField, serverFieldValue } from '@campus/shared';
import { useEffect, useState } from 'react';

/**
 * Carries out what a student picked in server-rendered selects before React took them over
 * (ADR 0032, "Typed text" applied to choices): `fields` maps each choice's name to its select's
 * element id and its current value (the URL's). The first render reads every select's DOM value
 * while it is still the server's; once mounted, the choices that differ from `value` are handed
 * to `onChoose` together, in one call (one URL update), and nothing is called when nothing was
 * picked early. The selects themselves render the URL's value during hydration, as the server
 * did, and follow the URL once `onChoose` has moved it.
 */
export function useEarlyChoices<K extends string>(
  fields: Record<K, { id: string; value: string }>,
  onChoose: (choices: Partial<Record<K, string>>) => void,
): void {
  const [early] = useState(() => {
    const picked: Partial<Record<K, string>> = {};
    for (const [name, { id, value }] of Object.entries(fields) as [K, { id: string; value: string }][]) {
      const current = serverFieldValue(id, value);
      if (current !== value) picked[name] = current;
    }
    return picked;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: the choices made before it
  useEffect(() => {
    for (const { id } of Object.values<{ id: string }>(fields)) releaseServerField(id);
    if (Object.keys(early).length > 0) onChoose(early);
  }, []);
}
