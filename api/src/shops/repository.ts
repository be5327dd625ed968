/**
 * SQL of the shops resource (spec 3 "Shop", "Shop product").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ShopRowWithOwner {
  id: string;
  name: string;
  description: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  address: string | null;
  phone: string | null;
  owner_id: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_photo: string | null;
  owner_whatsapp: string;
}

export interface ShopProductRow {
  id: string;
  title: string;
  description: string;
  price: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
}

export type ShopsRepository = ReturnType<typeof shopsRepository>;

/** Builds the shops repository over `db`. */
export function shopsRepository(db: Kysely<Database>) {
  return {
    /** The shop and its owner, or undefined. */
    async findById(id: string): Promise<ShopRowWithOwner | undefined> {
      return db
        .selectFrom('shops as sh')
        .innerJoin('users as u', 'u.id', 'sh.owner_id')
        .select([
          'sh.id',
          'sh.name',
          'sh.description',
          'sh.cover_image',
          'sh.cover_thumbnail',
          'sh.address',
          'sh.phone',
          'u.id as owner_id',
          'u.first_name as owner_first_name',
          'u.last_name as owner_last_name',
          'u.photo as owner_photo',
          'u.whatsapp as owner_whatsapp',
        ])
        .where('sh.id', '=', id)
        .executeTakeFirst();
    },

    /** True when a shop has this id. */
    async exists(id: string): Promise<boolean> {
      const row = await db.selectFrom('shops').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** The shop's available products, newest first, at most `limit`. */
    async findAvailableProducts(shopId: string, limit: number): Promise<ShopProductRow[]> {
      return db
        .selectFrom('products')
        .select(['id', 'title', 'description', 'price', 'cover_image', 'cover_thumbnail'])
        .where('shop_id', '=', shopId)
        .where('status', '=', 'available')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
