import { apiClient, type Product } from '@campus/shared';

/**
 * GET /products/:id: one product with photos, seller (name, university, photo) and shop; counts
 * a view. An unknown id answers 404, which the API client turns into the not-found page.
 */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const answer = await apiClient.call('GET /products/:id', { params: { id }, signal });
  return answer.data.product;
}
