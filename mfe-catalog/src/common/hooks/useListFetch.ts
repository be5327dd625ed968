import type { ListQuery } from '@campus/shared';
import { useEffect, useState } from 'react';

/** One page of a list, as the list pages use it. */
export interface ListPage<T> {
  items: T[];
  totalPages: number;
  total: number;
}

/** Fetches one page for `query`; must honour `signal` (axios does). */
export type ListFetcher<T> = (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;

const EMPTY: ListPage<never> = { items: [], totalPages: 0, total: 0 };

/**
 * Loads the list page for `query` whenever it changes (spec 4 "Lists": loading, empty or
 * populated). A newer query aborts the older request, so a slow earlier answer never overwrites
 * a newer one. A failure is logged with console.error, loading ends and the list stays as it was
 * (spec 8). `fetchPage` must be stable (a module-level function).
 */
export function useListFetch<T>(query: ListQuery, fetchPage: ListFetcher<T>, what: string) {
  const [list, setList] = useState<ListPage<T>>(EMPTY);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchPage(JSON.parse(key) as ListQuery, controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setList(result);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(`Failed to fetch ${what}`, error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, fetchPage, what]);
  return { ...list, loading };
}
