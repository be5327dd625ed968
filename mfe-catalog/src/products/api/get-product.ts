import { apiClient, type Product } from '@campus/shared';

/**
 * GET /products/:id: one product with photos, seller (name, university, photo) and shop; counts
 * a view. An unknown id answers 404, which the API client turns into the not-found page.
 */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await apiClient.get<{ status: string; data: { product: Product } }>(
    `/products/${encodeURIComponent(id)}`,
    { signal },
  );
  return response.data.data.product;
}
