import { apiClient } from '@campus/shared';
import { useEffect, useState } from 'react';

/** The three live counts of the home page (spec 3 "Stats"); null = not (yet) known. */
export interface SiteStats {
  users: number | null;
  products: number | null;
  services: number | null;
  /** True until every count has answered or failed. */
  loading: boolean;
}

/** Where each count comes from (spec 7); each answers `{status: "success", results: N}`. */
export const STATS_ENDPOINTS = {
  users: '/users/usersCount',
  products: '/products/get-products-count',
  services: '/services/get-services-count',
} as const;

type StatKey = keyof typeof STATS_ENDPOINTS;
const KEYS = Object.keys(STATS_ENDPOINTS) as StatKey[];

/**
 * Fetches the counts in parallel once on mount. A failed count is only logged (spec 8 "Stats
 * fetch fails: logged only") and stays null; the others still show. Requests opt out of the
 * API client's 404/403 redirects, so a missing endpoint never navigates away from the page.
 */
export function useSiteStats(): SiteStats {
  const [stats, setStats] = useState<SiteStats>({
    users: null,
    products: null,
    services: null,
    loading: true,
  });

  useEffect(() => {
    const controller = new AbortController();
    Promise.allSettled(
      KEYS.map((key) =>
        apiClient
          .get<{ results?: unknown }>(STATS_ENDPOINTS[key], {
            redirectOnError: false,
            signal: controller.signal,
          })
          .then((response) => {
            const value = response.data?.results;
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
