import {
  apiClient,
  type ListQuery,
  type Service,
  type ServiceCategory,
  type ServiceListResponse,
} from '@campus/shared';
import type { ListPage } from '../../common/hooks/useListFetch';

/** The list page of a GET /services answer's `data` (shared by the browser and the server loader). */
export function servicePage(data: ServiceListResponse['data']): ListPage<Service> {
  return {
    items: data.services ?? [],
    totalPages: data.totalPages ?? 0,
    total: data.totalServices ?? 0,
    totalIsEstimate: data.totalIsEstimate === true,
    ...(data.suggestions?.length ? { suggestions: data.suggestions } : {}),
  };
}

/**
 * GET /services (docs/product.md §7): one page of services, newest first, for `query` (page, limit 20,
 * search, minPrice/maxPrice in KES, category). Aborts with `signal`.
 */
export async function getServices(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Service>> {
  // The page's category comes from the address bar: any text, which the API answers with 400
  // unless it is one of the kind's categories.
  const category = query.category as ServiceCategory | undefined;
  const answer = await apiClient.call('GET /services', { query: { ...query, category }, signal });
  return servicePage(answer.data);
}
