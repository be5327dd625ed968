/**
 * Saved items use cases (docs/product.md §20.1): save and unsave a product or service (idempotent),
 * the user's saved list with each listing as the public lists show it (or null when removed or
 * hidden) and whether it is still available, and the saved ids for the cards' hearts.
 */
import type { Favourite, FavouriteKind, ProductListItem, ServiceListItem } from '@campus/shared/contract';
import type { SavedListing } from '../catalog/listing-service.ts';
import { isUuid } from '../common/http.ts';
import { notFound } from '../errors.ts';
import type { FavouritesRepository } from './repository.ts';

/** Most saved listings `GET /favourites` returns (newest saved first). */
export const FAVOURITES_LIMIT = 500;

/** What the favourites service needs of a listing resource (`app.products`, `app.services`). */
export interface SavableListings<Item> {
  /** @throws HttpError 404 when the public may not see it */
  findPublic(id: string): Promise<unknown>;
  exists(id: string): Promise<boolean>;
  savedListings(ids: string[]): Promise<Map<string, SavedListing<Item>>>;
}

export interface FavouritesServiceDeps {
  products: SavableListings<ProductListItem>;
  services: SavableListings<ServiceListItem>;
  /** 404 messages ('Product not found', 'Service not found'). */
  notFoundMessages: Record<FavouriteKind, string>;
}

export type FavouritesService = ReturnType<typeof favouritesService>;

/** Builds the favourites service. */
export function favouritesService(repository: FavouritesRepository, deps: FavouritesServiceDeps) {
  const listings = (kind: FavouriteKind) => (kind === 'products' ? deps.products : deps.services);
  return {
    /**
     * `PUT /favourites/:kind/:id`: saves a listing the public can see (sold products too).
     * @throws HttpError 404 'Product not found' / 'Service not found'
     */
    async save(userId: string, kind: FavouriteKind, id: string): Promise<void> {
      await listings(kind).findPublic(id);
      await repository.save(userId, kind, id.toLowerCase());
    },

    /**
     * `DELETE /favourites/:kind/:id`: unsaves; idempotent. A saved listing that was removed since
     * can be unsaved too.
     * @throws HttpError 404 when it was not saved and no such listing exists
     */
    async unsave(userId: string, kind: FavouriteKind, id: string): Promise<void> {
      const removed = isUuid(id) && (await repository.unsave(userId, kind, id.toLowerCase()));
      if (!removed && !(await listings(kind).exists(id))) throw notFound(deps.notFoundMessages[kind]);
    },

    /** `GET /favourites`: both kinds, newest saved first, at most FAVOURITES_LIMIT. */
    async list(userId: string): Promise<Favourite[]> {
      const rows = await repository.list(userId, FAVOURITES_LIMIT);
      const idsOf = (kind: FavouriteKind) => rows.filter((r) => r.kind === kind).map((r) => r.listing_id);
      const [products, services] = await Promise.all([
        deps.products.savedListings(idsOf('products')),
        deps.services.savedListings(idsOf('services')),
      ]);
      return rows.map((row): Favourite => {
        const savedAt = row.created_at.toISOString();
        if (row.kind === 'products') {
          const found = products.get(row.listing_id);
          return {
            kind: 'products',
            listingId: row.listing_id,
            savedAt,
            available: found?.available ?? false,
            item: found?.item ?? null,
          };
        }
        const found = services.get(row.listing_id);
        return {
          kind: 'services',
          listingId: row.listing_id,
          savedAt,
          available: found?.available ?? false,
          item: found?.item ?? null,
        };
      });
    },

    /** `GET /favourites/ids`: the saved ids per kind (newest saved first). */
    async ids(userId: string): Promise<{ products: string[]; services: string[] }> {
      const rows = await repository.list(userId, FAVOURITES_LIMIT);
      return {
        products: rows.filter((r) => r.kind === 'products').map((r) => r.listing_id),
        services: rows.filter((r) => r.kind === 'services').map((r) => r.listing_id),
      };
    },

    /** How many users saved each listing of `kind` in `ids`. */
    savesOf: (kind: FavouriteKind, ids: string[]) => repository.savesOf(kind, ids),
  };
}
