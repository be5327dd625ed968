import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type ListUrlState, nextListParams, parseListUrl } from '../utils/list-url-state';

/**
 * List state (search, category, min/max price in KES, page) read from and written to the URL
 * query string. `update(patch)` resets the page to 1 when a filter changes; `replace: true`
 * replaces the history entry (used while typing a search) instead of pushing one, so Back goes
 * to the previous list state rather than through every keystroke. `hrefFor(patch)` is the URL of
 * the list with `patch` applied (real links, e.g. the pagination; docs/product.md §23.5).
 * Updates made before the next render build on each other (the search and a sort picked before
 * hydration are both applied once React runs, ADR 0032), where react-router's `setSearchParams`
 * would start each from the rendered query string.
 */
export function useListUrlState(categories: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: parse again only when the query string changes
  const state = useMemo(() => parseListUrl(params, categories), [key, categories]);
  /** The query string of the last update not yet rendered, else null. */
  const pending = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query string means the updates are in
  useEffect(() => {
    pending.current = null;
  }, [key]);
  const update = useCallback(
    (patch: Partial<ListUrlState>, options: { replace?: boolean } = {}) => {
      const current = pending.current ?? params;
      const next = nextListParams(current, parseListUrl(current, categories), patch);
      pending.current = next;
      setParams(next, options);
    },
    [params, setParams, categories],
  );
  const { pathname } = useLocation();
  const hrefFor = useCallback(
    (patch: Partial<ListUrlState>) => {
      const query = nextListParams(params, parseListUrl(params, categories), patch).toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [params, categories, pathname],
  );
  return { state, update, hrefFor };
}
