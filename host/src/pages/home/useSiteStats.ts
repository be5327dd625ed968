import { apiClient, type LoadServerData, usePreloaded } from '@campus/shared';
import { useEffect, useRef, useState } from 'react';

/** The three live counts of the home page (docs/product.md §3 "Stats"); null = not (yet) known. */
export interface SiteStats {
  users: number | null;
  products: number | null;
  services: number | null;
  /** True until every count has answered or failed. */
  loading: boolean;
}

/**
 * Where each count comes from (docs/product.md §7): endpoints of the table (docs/decisions/0038),
 * each answering `{status: "success", results: N}`.
 */
export const STATS_ENDPOINTS = {
  users: 'GET /users/usersCount',
  products: 'GET /products/get-products-count',
  services: 'GET /services/get-services-count',
} as const;

type StatKey = keyof typeof STATS_ENDPOINTS;

/** Key of the counts in the data the server rendered the home page with (docs/product.md §23.3). */
export const STATS_PRELOAD_KEY = 'site-stats';

/** Server side: the three counts, in-process through the API's services. */
export const loadSiteStats: LoadServerData = async ({ api }) => {
  const counts = await api.counts();
  const stats: SiteStats = { ...counts, loading: false };
  return { data: { [STATS_PRELOAD_KEY]: stats } };
};
const KEYS = Object.keys(STATS_ENDPOINTS) as StatKey[];

/**
 * Fetches the counts in parallel once on mount (unless the server rendered them). A failed count is only logged (docs/product.md §8 "Stats
 * fetch fails: logged only") and stays null; the others still show. Requests opt out of the
 * API client's 404/403 redirects, so a missing endpoint never navigates away from the page.
 */
export function useSiteStats(): SiteStats {
  const preloaded = usePreloaded<SiteStats>(STATS_PRELOAD_KEY);
  const [stats, setStats] = useState<SiteStats>(
    preloaded ?? { users: null, products: null, services: null, loading: true },
  );
  // Counts the server rendered are not fetched again.
  const skip = useRef(Boolean(preloaded));

  useEffect(() => {
    if (skip.current) {
      skip.current = false;
      return;
    }
    const controller = new AbortController();
    Promise.allSettled(
      KEYS.map((key) =>
        apiClient
          .call(STATS_ENDPOINTS[key], { redirectOnError: false, signal: controller.signal })
          .then((answer) => {
            // Checked anyway: a proxy or an old API may answer 200 without a count.
            const value: unknown = answer?.results;
            if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
              throw new Error(`${STATS_ENDPOINTS[key]} answered without a count`);
            }
            return value;
          }),
      ),
    ).then((results) => {
      if (controller.signal.aborted) return;
      const next: SiteStats = { users: null, products: null, services: null, loading: false };
      results.forEach((result, index) => {
        const key = KEYS[index] as StatKey;
        if (result.status === 'fulfilled') next[key] = result.value;
        else console.error(`Could not load the ${key} count`, result.reason);
      });
      setStats(next);
    });
    return () => controller.abort();
  }, []);

  return stats;
}
