import { apiClient, type Product, type SellerJson, type SellerPage, type Service } from '@campus/shared';

/** A seller as their page shows them (docs/product.md §20.8; the contract's `SellerJson`). */
export type SellerProfile = SellerJson;

/** What the seller page holds: the seller and their publicly listed products and services. */
export interface SellerPageData {
  seller: SellerProfile;
  products: Product[];
  services: Service[];
}

/** The page's data from a `GET /sellers/:id` answer's `data` (browser and server loader). */
export function sellerPageData(data: SellerPage): SellerPageData {
  return { seller: data.seller, products: data.products ?? [], services: data.services ?? [] };
}

/**
 * `GET /sellers/:id` (docs/product.md §20.8): the seller's public profile with their available (and
 * reserved) products and services. An unknown id answers 404 'Seller not found', which the API
 * client turns into the not-found page.
 */
export async function getSeller(id: string, signal?: AbortSignal): Promise<SellerPageData> {
  const answer = await apiClient.call('GET /sellers/:id', { params: { id }, signal });
  return sellerPageData(answer.data);
}
