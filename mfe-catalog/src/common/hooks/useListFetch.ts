import { type ListQuery, networkErrorMessage, preloadKey, usePreloaded } from '@campus/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** One page of a list, as the list pages use it. */
export interface ListPage<T> {
  items: T[];
  totalPages: number;
  total: number;
  /** True when `total` is the API's estimate (more than 1 000 matches; shown as "about N", ADR 0037). */
  totalIsEstimate?: boolean;
  /** When a search found nothing: nearest searches that find listings (docs/product.md §31). */
  suggestions?: string[];
}

/** Fetches one page for `query`; must honour `signal` (axios does). */
export type ListFetcher<T, Q extends object = ListQuery> = (
  query: Q,
  signal: AbortSignal,
) => Promise<ListPage<T>>;

const EMPTY: ListPage<never> = { items: [], totalPages: 0, total: 0 };

/**
 * Loads the list page for `query` whenever it changes (docs/product.md §4 "Lists": loading, empty or
 * populated). A newer query aborts the older request, so a slow earlier answer never overwrites
 * a newer one. A failure is logged with console.error, loading ends and the list stays as it was
 * (docs/product.md §8); `failed` then says so until a later load succeeds (docs/product.md §23.7: the page tells
 * the student the cards are from before), `networkError` names a network failure (offline,
 * server unreachable; docs/product.md §21.5) and `retry()` loads the same query again. `fetchPage` must
 * be stable (a module-level function).
 *
 * The page the server rendered (preloaded under `preloadKey(what, query)`, docs/product.md §23.3) is
 * shown at once and not fetched again; any later query is fetched.
 */
export function useListFetch<T, Q extends object = ListQuery>(
  query: Q,
  fetchPage: ListFetcher<T, Q>,
  what: string,
) {
  const [failed, setFailed] = useState(false);
  const [networkError, setNetworkError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);
  const preloaded = usePreloaded<ListPage<T>>(preloadKey(what, query));
  const [list, setList] = useState<ListPage<T>>(preloaded ?? EMPTY);
  const [loading, setLoading] = useState(!preloaded);
  const preloadedKey = useRef(preloaded ? key : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` makes retry() load the same query again
  useEffect(() => {
    if (preloadedKey.current === key) {
      preloadedKey.current = null;
      return;
    }
    preloadedKey.current = null;
    const controller = new AbortController();
    setLoading(true);
    fetchPage(JSON.parse(key) as Q, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setList(result);
        setFailed(false);
        setNetworkError(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to fetch ${what}`, error);
        setFailed(true);
        setNetworkError(networkErrorMessage(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, fetchPage, what, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...list, loading, failed, networkError, retry };
}
