import { apiClient, type ShopProduct } from '@campus/shared';

/**
 * GET /shops/:id/products (docs/product.md §7): the shop's products from `data.products`; a missing list is
 * treated as empty (docs/product.md §5). Sent with `redirectOnError: false` (the shop page shows the error).
 */
export async function getShopProducts(id: string, signal?: AbortSignal): Promise<ShopProduct[]> {
  const answer = await apiClient.call('GET /shops/:id/products', {
    params: { id },
    signal,
    redirectOnError: false,
  });
  // docs/product.md §5: a missing list is treated as empty.
  const products: ShopProduct[] | null | undefined = answer?.data?.products;
  return Array.isArray(products) ? products : [];
}
