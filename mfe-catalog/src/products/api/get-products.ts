import { apiClient, type ListQuery, type Product, type ProductListResponse } from '@campus/shared';
import type { ListPage } from '../../common/hooks/useListFetch';

/** The list page of a GET /products answer's `data` (shared by the browser and the server loader). */
export function productPage(data: ProductListResponse['data']): ListPage<Product> {
  return { items: data.products ?? [], totalPages: data.totalPages ?? 0, total: data.totalProducts ?? 0 };
}

/**
 * GET /products (docs/product.md §7): one page of available products, newest first, for `query` (page,
 * limit 20, search, minPrice/maxPrice in KES, category). Aborts with `signal`.
 */
export async function getProducts(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Product>> {
  const response = await apiClient.get<ProductListResponse>('/products', { params: query, signal });
  return productPage(response.data.data);
}
