import { apiClient, type ListQuery, type Service, type ServiceListResponse } from '@campus/shared';
import type { ListPage } from '../../common/hooks/useListFetch';

/** The list page of a GET /services answer's `data` (shared by the browser and the server loader). */
export function servicePage(data: ServiceListResponse['data']): ListPage<Service> {
  return { items: data.services ?? [], totalPages: data.totalPages ?? 0, total: data.totalServices ?? 0 };
}

/**
 * GET /services (docs/product.md §7): one page of services, newest first, for `query` (page, limit 20,
 * search, minPrice/maxPrice in KES, category). Aborts with `signal`.
 */
export async function getServices(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Service>> {
  const response = await apiClient.get<ServiceListResponse>('/services', { params: query, signal });
  return servicePage(response.data.data);
}
