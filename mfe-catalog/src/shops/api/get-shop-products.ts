import { apiClient, type ShopProduct } from '@campus/shared';

/**
 * GET /shops/:id/products (docs/product.md §7): the shop's products from `data.products`; a missing list is
 * treated as empty (docs/product.md §5). Sent with `redirectOnError: false` (the shop page shows the error).
 */
export async function getShopProducts(id: string, signal?: AbortSignal): Promise<ShopProduct[]> {
  const response = await apiClient.get<{ status: string; data?: { products?: ShopProduct[] | null } | null }>(
    `/shops/${encodeURIComponent(id)}/products`,
    { signal, redirectOnError: false },
  );
  const products = response.data?.data?.products;
  return Array.isArray(products) ? products : [];
}
