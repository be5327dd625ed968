/**
 * Shops use cases: the shop page and the products it lists (spec 2 "Shop details", spec 7).
 */
import { isUuid } from '../common/http.ts';
import { notFound } from '../errors.ts';
import type { ShopsRepository } from './repository.ts';

export const SHOP_NOT_FOUND = 'Shop not found';
/** Most products listed on a shop page (our limit; the spec shows no pagination there). */
export const SHOP_PRODUCTS_LIMIT = 100;

export interface Shop {
  _id: string;
  name: string;
  description: string;
  coverImage: string | null;
  coverThumbnail: string | null;
  address: string | null;
  phone: string | null;
  owner: { _id: string; firstName: string; lastName: string; photo: string | null; whatsApp: string };
}

export interface ShopProduct {
  _id: string;
  title: string;
  description: string;
  /** KES */
  price: number;
  coverImage: string | null;
  coverThumbnail: string | null;
}

export type ShopsService = ReturnType<typeof shopsService>;

/** Builds the shops service. */
export function shopsService(repository: ShopsRepository) {
  return {
    /**
     * `GET /shops/:id`.
     * @throws HttpError 404 'Shop not found' for an unknown or malformed id
     */
    async get(id: string): Promise<Shop> {
      const row = isUuid(id) ? await repository.findById(id) : undefined;
      if (!row) throw notFound(SHOP_NOT_FOUND);
      return {
        _id: row.id,
        name: row.name,
        description: row.description,
        coverImage: row.cover_image,
        coverThumbnail: row.cover_thumbnail,
        address: row.address,
        phone: row.phone,
        owner: {
          _id: row.owner_id,
          firstName: row.owner_first_name,
          lastName: row.owner_last_name,
          photo: row.owner_photo,
          whatsApp: row.owner_whatsapp,
        },
      };
    },

    /**
     * `GET /shops/:id/products`: available products, newest first, at most SHOP_PRODUCTS_LIMIT.
     * @throws HttpError 404 'Shop not found' when the shop does not exist
     */
    async listProducts(id: string): Promise<ShopProduct[]> {
      if (!isUuid(id)) throw notFound(SHOP_NOT_FOUND);
      const [exists, rows] = await Promise.all([
        repository.exists(id),
        repository.findAvailableProducts(id, SHOP_PRODUCTS_LIMIT),
      ]);
      if (!exists) throw notFound(SHOP_NOT_FOUND);
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        description: row.description,
        price: Number(row.price),
        coverImage: row.cover_image,
        coverThumbnail: row.cover_thumbnail,
      }));
    },
  };
}
