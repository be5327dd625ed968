import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type ListUrlState, nextListParams, parseListUrl } from '../utils/list-url-state';

/**
 * List state (search, category, min/max price in KES, page) read from and written to the URL
 * query string. `update(patch)` resets the page to 1 when a filter changes; `replace: true`
 * replaces the history entry (used while typing a search) instead of pushing one, so Back goes
 * to the previous list state rather than through every keystroke. `hrefFor(patch)` is the URL of
 * the list with `patch` applied (real links, e.g. the pagination; docs/product.md §23.5).
 */
export function useListUrlState(categories: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: parse again only when the query string changes
  const state = useMemo(() => parseListUrl(params, categories), [key, categories]);
  const update = useCallback(
    (patch: Partial<ListUrlState>, options: { replace?: boolean } = {}) => {
      setParams((current) => nextListParams(current, parseListUrl(current, categories), patch), options);
    },
    [setParams, categories],
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
