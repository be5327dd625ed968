/**
 * Calls of the saved-items page (issue 13 item 1): `GET /favourites` (both kinds, newest first)
 * and `DELETE /favourites/:kind/:id` (204). Any signed-in user, not only sellers.
 */
import { apiClient } from '@campus/shared';
import type { Favourite, FavouriteKind } from '@campus/shared/contract';

/**
 * One saved item (`@campus/shared/contract`): the kind, when it was saved (ISO 8601), whether it
 * can still be bought or booked (`available` false once sold, removed or hidden by moderation),
 * and the list item as `GET /products` / `GET /services` return it, or null when it is gone.
 */
export type { Favourite, FavouriteKind } from '@campus/shared/contract';

/** `GET /favourites`: my saved items, newest first. @throws the API client's error (status, message) */
export async function getFavourites(): Promise<Favourite[]> {
  const { data } = await apiClient.get<{ data: { favourites: Favourite[] } }>('/favourites');
  return data.data.favourites;
}

/** `DELETE /favourites/:kind/:id`: unsaves the item (204; idempotent). @throws the API client's error */
export async function removeFavourite(kind: FavouriteKind, id: string): Promise<void> {
  await apiClient.delete(`/favourites/${kind}/${encodeURIComponent(id)}`);
}
