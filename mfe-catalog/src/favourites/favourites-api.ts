import { apiClient } from '@campus/shared';
import type { FavouriteIdsAnswer, FavouriteKind } from '@campus/shared/contract';

export type { FavouriteKind };

/** The ids the signed-in user saved, by kind. */
export type FavouriteIds = FavouriteIdsAnswer['data'];

/**
 * `GET /favourites/ids` (docs/product.md §20.1): the ids of everything the signed-in user saved, for
 * the filled hearts. Sent with `redirectOnError: false`: a failure leaves the hearts empty, it
 * never moves the page.
 */
export async function getFavouriteIds(signal?: AbortSignal): Promise<FavouriteIds> {
  const answer = await apiClient.call('GET /favourites/ids', { signal, redirectOnError: false });
  // Tolerates a partial answer (an older API): missing kinds are empty.
  const data: Partial<FavouriteIds> = answer?.data ?? {};
  return { products: data.products ?? [], services: data.services ?? [] };
}

/**
 * `PUT` (save, `saved` true) or `DELETE` (unsave) `/favourites/<kind>/<id>` (docs/product.md §20.1;
 * idempotent, 204). Rejects with the API client's error (401 for a guest, 404 for a removed item).
 */
export async function setFavourite(kind: FavouriteKind, id: string, saved: boolean): Promise<void> {
  const params = { kind, id };
  if (saved) await apiClient.call('PUT /favourites/:kind/:id', { params, redirectOnError: false });
  else await apiClient.call('DELETE /favourites/:kind/:id', { params, redirectOnError: false });
}
