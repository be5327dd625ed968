/**
 * Calls of the saved-items page (docs/product.md §20.1): `GET /favourites` (both kinds, newest first)
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
  const answer = await apiClient.call('GET /favourites');
  return answer.data.favourites;
}

/**
 * `GET /favourites/ids`: the ids I saved per kind, newest saved first (the same rows and order as
 * `GET /favourites`). @throws the API client's error
 */
export async function getFavouriteIds(): Promise<Record<FavouriteKind, string[]>> {
  const answer = await apiClient.call('GET /favourites/ids');
  return answer.data;
}

/**
 * Each favourite's listing id, in order: the item's own, or for a removed listing (`item` null:
 * the answer names no id) the id at the same place among `ids` of its kind — both answers list the
 * same rows newest first. Only when every listed item sits at its own id's place (nothing was
 * saved or unsaved between the two requests); otherwise removed ones stay undefined.
 */
export function favouriteListingIds(
  favourites: Favourite[],
  ids: Record<FavouriteKind, string[]>,
): (string | undefined)[] {
  const seen: Record<FavouriteKind, number> = { products: 0, services: 0 };
  const matched = favourites.map((favourite) => {
    const index = seen[favourite.kind]++;
    const id = ids[favourite.kind][index];
    return { favourite, id, consistent: !favourite.item || favourite.item._id === id };
  });
  const consistent =
    matched.every((entry) => entry.consistent) &&
    seen.products === ids.products.length &&
    seen.services === ids.services.length;
  return matched.map(({ favourite, id }) => favourite.item?._id ?? (consistent ? id : undefined));
}

/** `DELETE /favourites/:kind/:id`: unsaves the item (204; idempotent). @throws the API client's error */
export async function removeFavourite(kind: FavouriteKind, id: string): Promise<void> {
  await apiClient.call('DELETE /favourites/:kind/:id', { params: { kind, id } });
}
