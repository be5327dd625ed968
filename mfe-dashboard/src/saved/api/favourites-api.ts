/**
 * Calls of the saved-items page (issue 13 item 1): `GET /favourites` (both kinds, newest first)
 * and `DELETE /favourites/:kind/:id` (204). Any signed-in user, not only sellers.
 */
import { apiClient, type Product, type Service } from '@campus/shared';

/** Which resource a saved item is: the API's path segment. */
export type FavouriteKind = 'products' | 'services';

/**
 * One saved item as `GET /favourites` lists it: the kind, when it was saved (ISO 8601), whether it
 * can still be bought or booked (`false` once sold, removed or hidden by moderation), and the list
 * item as `GET /products` / `GET /services` return it, or null when the listing is gone.
 */
export type Favourite =
  | { kind: 'products'; savedAt: string; available: boolean; item: Product | null; id?: string }
  | { kind: 'services'; savedAt: string; available: boolean; item: Service | null; id?: string };

/** `GET /favourites`: my saved items, newest first. @throws the API client's error (status, message) */
export async function getFavourites(): Promise<Favourite[]> {
  const { data } = await apiClient.get<{ data: { favourites: Favourite[] } }>('/favourites');
  return data.data.favourites;
}

/** `DELETE /favourites/:kind/:id`: unsaves the item (204; idempotent). @throws the API client's error */
export async function removeFavourite(kind: FavouriteKind, id: string): Promise<void> {
  await apiClient.delete(`/favourites/${kind}/${encodeURIComponent(id)}`);
}
