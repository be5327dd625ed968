import { apiClient, type Product, type Service } from '@campus/shared';

/** A seller as their page shows them (issue 13 item 8; `GET /sellers/:id`). */
export interface SellerProfile {
  _id: string;
  firstName: string;
  lastName?: string | null;
  /** URL path of the profile photo, or null. */
  photo?: string | null;
  university?: string | null;
  verifiedStudent?: boolean;
  /** When the account was created (ISO 8601). */
  memberSince?: string | null;
}

/** What the seller page holds: the seller and their available products and services. */
export interface SellerPageData {
  seller: SellerProfile;
  products: Product[];
  services: Service[];
}

/** The page's data from a `GET /sellers/:id` answer's `data` (browser and server loader). */
export function sellerPageData(data: {
  seller: SellerProfile;
  products?: Product[] | null;
  services?: Service[] | null;
}): SellerPageData {
  return { seller: data.seller, products: data.products ?? [], services: data.services ?? [] };
}

/**
 * `GET /sellers/:id` (issue 13 item 8): the seller's public profile with their available
 * products and services. An unknown id answers 404 'Seller not found', which the API client turns
 * into the not-found page.
 */
export async function getSeller(id: string, signal?: AbortSignal): Promise<SellerPageData> {
  const response = await apiClient.get<{ data: Parameters<typeof sellerPageData>[0] }>(
    `/sellers/${encodeURIComponent(id)}`,
    { signal },
  );
  return sellerPageData(response.data.data);
}
