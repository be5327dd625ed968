/**
 * SQL of the shops resource (docs/product.md §3 "Shop", "Shop product").
 */
import { type Kysely, sql } from 'kysely';
import { listedLast, listedProduct, visibleToPublic } from '../catalog/repository.ts';
import type { Database, ModerationState, NewShop, ProductStatus, ShopRow } from '../db/schema.ts';

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
  owner_university: string;
  owner_verified_student: boolean;
  moderation: ModerationState;
  moderation_reason: string | null;
}

export interface ShopProductRow {
  id: string;
  title: string;
  description: string;
  price: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  /** Never 'sold': sold products are not listed (docs/product.md §20.5). */
  status: ProductStatus;
}

export type ShopsRepository = ReturnType<typeof shopsRepository>;

/** Builds the shops repository over `db`. */
export function shopsRepository(db: Kysely<Database>) {
  const withOwner = () =>
    db
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
        'u.university as owner_university',
        'u.verified_student as owner_verified_student',
        'sh.moderation',
        'sh.moderation_reason',
      ]);
  return {
    /** The shop of `ownerId` with its owner, or undefined (one shop per user). */
    async findByOwner(ownerId: string): Promise<ShopRowWithOwner | undefined> {
      return withOwner().where('sh.owner_id', '=', ownerId).executeTakeFirst();
    },

    /** The bare row (owner id and pictures, for writes), or undefined. */
    async findRow(id: string): Promise<ShopRow | undefined> {
      return db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Creates the shop and, in the same transaction, puts the owner's products that have no shop
     * into it (a product belongs to its seller's shop).
     * @returns the new id, or null when the owner already has a shop (unique owner_id)
     */
    async insertForOwner(values: Omit<NewShop, 'id'>): Promise<string | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx.insertInto('shops').values(values).returning('id').executeTakeFirstOrThrow();
          await trx
            .updateTable('products')
            .set({ shop_id: row.id })
            .where('seller_id', '=', values.owner_id)
            .where('shop_id', 'is', null)
            .execute();
          return row.id;
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return null;
        throw error;
      }
    },

    /** Applies `changes` and `updated_at`; false when the shop is gone. */
    async update(
      id: string,
      changes: Partial<
        Pick<ShopRow, 'name' | 'description' | 'address' | 'phone' | 'cover_image' | 'cover_thumbnail'>
      >,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('shops')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the shop (its products stay, without a shop); returns the row, or undefined. */
    async delete(id: string): Promise<ShopRow | undefined> {
      return db.deleteFrom('shops').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** The shop and its owner, or undefined (also for any shop, public or not). */
    async findById(id: string): Promise<ShopRowWithOwner | undefined> {
      return withOwner().where('sh.id', '=', id).executeTakeFirst();
    },

    /** The shop and its owner when the public may see it (`visibleToPublic`), else undefined. */
    async findPublicById(id: string): Promise<ShopRowWithOwner | undefined> {
      return withOwner().where('sh.id', '=', id).where(visibleToPublic('sh')).executeTakeFirst();
    },

    /** True when a shop the public may see has this id. */
    async existsPublic(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('shops as sh')
        .select('sh.id')
        .where('sh.id', '=', id)
        .where(visibleToPublic('sh'))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The shop's listed public products (`listedProduct`: available and reserved, docs/product.md §20 item
     * 5; `visibleToPublic`), reserved after available, newest first, at most `limit`.
     */
    async findAvailableProducts(shopId: string, limit: number): Promise<ShopProductRow[]> {
      return db
        .selectFrom('products as p')
        .select([
          'p.id',
          'p.title',
          'p.description',
          'p.price',
          'p.cover_image',
          'p.cover_thumbnail',
          sql<ProductStatus>`p.status`.as('status'),
        ])
        .where('p.shop_id', '=', shopId)
        .where(listedProduct('p'))
        .where(visibleToPublic('p'))
        .orderBy(listedLast('p'))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
