/**
 * SQL of the products resource (spec 3 "Product"). Lists show available products only; a
 * product's shop is optional (left join), its seller is required.
 */
import { type Kysely, sql } from 'kysely';
import type { ListSource } from '../catalog/listing.ts';
import {
  type ListFilter,
  listConditions,
  listRelevance,
  pageOrder,
  visibleToPublic,
} from '../catalog/repository.ts';
import type { SearchMode } from '../catalog/search.ts';
import type { Database, ModerationState, NewProduct, ProductStatus, ProductUpdate } from '../db/schema.ts';

/** One row of the products list. `shop_*` are null when the product has no shop. */
export interface ProductListRow {
  id: string;
  title: string;
  description: string;
  price: string;
  category: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  views: number;
  status: ProductStatus;
  created_at: Date;
  shop_id: string | null;
  shop_name: string | null;
  /** The shop's phone, or the owner's WhatsApp number when the shop has none. */
  shop_whatsapp: string | null;
  seller_id: string;
  seller_first_name: string;
  seller_whatsapp: string;
  seller_university: string;
  /** Issue 12 item 5. */
  seller_verified_student: boolean;
}

/** The columns a write needs to check ownership and clean up pictures. */
export interface ProductOwnerRow {
  id: string;
  seller_id: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  photos: string[];
}

/** A new product before its shop is known (the seller's shop, if any, is set in the insert). */
export type NewOwnProduct = Omit<NewProduct, 'shop_id' | 'search' | 'views' | 'status'>;

/** A product with everything the detail page needs. */
export interface ProductDetailRow extends ProductListRow {
  photos: string[];
  updated_at: Date;
  seller_last_name: string;
  seller_photo: string | null;
  /** Issue 12: 'held' / 'hidden' listings are shown to their owner as "Under review". */
  moderation: ModerationState;
  moderation_reason: string | null;
}

export type ProductsRepository = ReturnType<typeof productsRepository>;

/** Builds the products repository over `db`. */
export function productsRepository(db: Kysely<Database>) {
  const listColumns = [
    'p.id',
    'p.title',
    'p.description',
    'p.price',
    'p.category',
    'p.cover_image',
    'p.cover_thumbnail',
    'p.views',
    'p.status',
    'p.created_at',
    'sh.id as shop_id',
    'sh.name as shop_name',
    sql<string | null>`CASE WHEN sh.id IS NULL THEN NULL ELSE coalesce(sh.phone, u.whatsapp) END`.as(
      'shop_whatsapp',
    ),
    'u.id as seller_id',
    'u.first_name as seller_first_name',
    'u.whatsapp as seller_whatsapp',
    'u.university as seller_university',
    'u.verified_student as seller_verified_student',
  ] as const;
  const detailColumns = [
    'p.photos',
    'p.updated_at',
    'u.last_name as seller_last_name',
    'u.photo as seller_photo',
    'p.moderation',
    'p.moderation_reason',
  ] as const;

  const source: ListSource<ProductListRow> = {
    async findPage(filter: ListFilter, mode: SearchMode, offset: number, limit: number) {
      // Rank and page the matches on products alone; join seller and shop for the page only.
      const relevance = listRelevance(filter, mode, 'p', 'title');
      const top = db
        .selectFrom('products as p')
        .select(['p.id', 'p.created_at'])
        .$if(relevance !== null, (qb) => qb.select(relevance!.as('relevance')))
        .where('p.status', '=', 'available')
        .where((eb) => eb.and(listConditions(filter, mode, 'p', 'title', 'seller_id')))
        .orderBy(pageOrder(relevance && 'relevance', 'p'))
        .limit(limit)
        .offset(offset)
        .as('top');
      return db
        .selectFrom(top)
        .innerJoin('products as p', 'p.id', 'top.id')
        .innerJoin('users as u', 'u.id', 'p.seller_id')
        .leftJoin('shops as sh', 'sh.id', 'p.shop_id')
        .select(listColumns)
        .orderBy(pageOrder(relevance && 'top.relevance', 'top'))
        .execute();
    },
    async count(filter: ListFilter, mode: SearchMode) {
      const row = await db
        .selectFrom('products as p')
        .select(sql<string>`count(*)`.as('count'))
        .where('p.status', '=', 'available')
        .where((eb) => eb.and(listConditions(filter, mode, 'p', 'title', 'seller_id')))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };

  return {
    ...source,

    /**
     * Adds one view and returns the product with seller and shop, in one statement (the
     * increment is atomic under concurrent requests). Sold products are found too; products the
     * public may not see (`visibleToPublic`: held, hidden, owner suspended) are not.
     * @returns undefined when no public product has this id
     */
    async findByIdCountingView(id: string): Promise<ProductDetailRow | undefined> {
      return db
        .with('p', (qc) =>
          qc
            .updateTable('products')
            .set((eb) => ({ views: eb('views', '+', 1) }))
            .where('id', '=', id)
            .where(visibleToPublic('products'))
            .returningAll(),
        )
        .selectFrom('p')
        .innerJoin('users as u', 'u.id', 'p.seller_id')
        .leftJoin('shops as sh', 'sh.id', 'p.shop_id')
        .select(listColumns)
        .select(detailColumns)
        .executeTakeFirst();
    },

    /** The product with seller and shop, without counting a view (sold ones too). */
    async findById(id: string): Promise<ProductDetailRow | undefined> {
      return db
        .selectFrom('products as p')
        .innerJoin('users as u', 'u.id', 'p.seller_id')
        .leftJoin('shops as sh', 'sh.id', 'p.shop_id')
        .select(listColumns)
        .select(detailColumns)
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    /** Every product of `sellerId` (available and sold), newest first, at most `limit`. */
    async findBySeller(sellerId: string, limit: number): Promise<ProductDetailRow[]> {
      return db
        .selectFrom('products as p')
        .innerJoin('users as u', 'u.id', 'p.seller_id')
        .leftJoin('shops as sh', 'sh.id', 'p.shop_id')
        .select(listColumns)
        .select(detailColumns)
        .where('p.seller_id', '=', sellerId)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Owner and pictures of a product, or undefined. */
    async findOwner(id: string): Promise<ProductOwnerRow | undefined> {
      return db
        .selectFrom('products')
        .select(['id', 'seller_id', 'cover_image', 'cover_thumbnail', 'photos'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Inserts a product of `values.seller_id`, in the seller's shop when they have one (looked
     * up in the same transaction).
     * @returns the new id
     */
    async insert(values: NewOwnProduct): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const shop = await trx
          .selectFrom('shops')
          .select('id')
          .where('owner_id', '=', values.seller_id)
          .executeTakeFirst();
        const row = await trx
          .insertInto('products')
          .values({ ...values, shop_id: shop?.id ?? null })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /** Applies `changes` and `updated_at`; returns false when the product is gone. */
    async update(id: string, changes: ProductUpdate, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the product; returns its pictures, or undefined when it was already gone. */
    async delete(id: string): Promise<ProductOwnerRow | undefined> {
      return db
        .deleteFrom('products')
        .where('id', '=', id)
        .returning(['id', 'seller_id', 'cover_image', 'cover_thumbnail', 'photos'])
        .executeTakeFirst();
    },

    /** Number of available public products (spec 7 `GET /products/get-products-count`). */
    async countAvailable(): Promise<number> {
      const row = await db
        .selectFrom('products as p')
        .select(sql<string>`count(*)`.as('count'))
        .where('p.status', '=', 'available')
        .where(visibleToPublic('p'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
