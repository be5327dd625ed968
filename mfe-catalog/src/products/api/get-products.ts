import { apiClient, type ListQuery, type Product, type ProductListResponse } from '@campus/shared';
import type { ListPage } from '../../common/hooks/useListFetch';

/**
 * GET /products (spec 7): one page of available products, newest first, for `query` (page,
 * limit 20, search, minPrice/maxPrice in KES, category). Aborts with `signal`.
 */
export async function getProducts(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Product>> {
  const response = await apiClient.get<ProductListResponse>('/products', { params: query, signal });
  const data = response.data.data;
  return { items: data.products ?? [], totalPages: data.totalPages ?? 0, total: data.totalProducts ?? 0 };
}
