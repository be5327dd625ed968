import { preloadKey, usePreloaded } from '@campus/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads one item by `id` with `fetchItem` (a stable, module-level function honouring `signal`):
 * `{ item, loading, failed, retry }`. A newer id aborts the older request. Failures are logged;
 * a 404 has already sent the browser to the not-found page (API client default).
 *
 * The item the server rendered (preloaded under `preloadKey(what, id)`, docs/product.md §23.3) is shown
 * at once and not fetched again (so its view is counted once).
 */
export function useItemFetch<T>(
  id: string | undefined,
  fetchItem: (id: string, signal: AbortSignal) => Promise<T>,
  what: string,
) {
  const preloaded = usePreloaded<T>(preloadKey(what, id ?? ''));
  const [item, setItem] = useState<T | null>(preloaded ?? null);
  const [loading, setLoading] = useState(!preloaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const preloadedId = useRef(preloaded ? id : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry
  useEffect(() => {
    if (!id) return;
    if (preloadedId.current === id) {
      preloadedId.current = null;
      return;
    }
    preloadedId.current = null;
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    fetchItem(id, controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setItem(result);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to fetch ${what}`, error);
        setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [id, fetchItem, what, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { item, loading, failed, retry };
}
