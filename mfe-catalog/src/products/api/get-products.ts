import {
  apiClient,
  type ListQuery,
  type Product,
  type ProductCategory,
  type ProductListResponse,
} from '@campus/shared';
import type { ListPage } from '../../common/hooks/useListFetch';

/** The list page of a GET /products answer's `data` (shared by the browser and the server loader). */
export function productPage(data: ProductListResponse['data']): ListPage<Product> {
  return {
    items: data.products ?? [],
    totalPages: data.totalPages ?? 0,
    total: data.totalProducts ?? 0,
    totalIsEstimate: data.totalIsEstimate === true,
    ...(data.suggestions?.length ? { suggestions: data.suggestions } : {}),
  };
}

/**
 * GET /products (docs/product.md §7): one page of available products, newest first, for `query` (page,
 * limit 20, search, minPrice/maxPrice in KES, category). Aborts with `signal`.
 */
export async function getProducts(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Product>> {
  // The page's category comes from the address bar: any text, which the API answers with 400
  // unless it is one of the kind's categories.
  const category = query.category as ProductCategory | undefined;
  const answer = await apiClient.call('GET /products', { query: { ...query, category }, signal });
  return productPage(answer.data);
}
