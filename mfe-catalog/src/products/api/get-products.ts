import { apiClient, type ListQuery, type ProductListResponse } from '@campus/shared';

/** GET /products (spec 7): one page of available products, newest first. */
export async function getProducts(query: ListQuery): Promise<ProductListResponse['data']> {
  const response = await apiClient.get<ProductListResponse>('/products', { params: query });
  return response.data.data;
}
