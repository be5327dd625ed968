/**
 * SQL of a seller's public page (docs/product.md §20.8): the seller (a user the public may see: not
 * suspended) and their listed public products and services, read through the listing
 * repositories (`findPublicByOwner`, the catalog's one rule of what the public sees).
 */
import type { Kysely } from 'kysely';
import type { ListingRepository, ListingRow } from '../catalog/repository.ts';
import type { Database } from '../db/schema.ts';

/** A seller as their page shows them: public profile fields only (no e-mail, no phone). */
export interface SellerRow {
  id: string;
  first_name: string;
  last_name: string;
  photo: string | null;
  university: string;
  verified_student: boolean;
  created_at: Date;
  /** Visible reviews received and their stars (docs/product.md §28). */
  rating_count: number;
  rating_sum: number;
}

export type SellersRepository = ReturnType<typeof sellersRepository>;

/**
 * Builds the sellers repository over `db`, reading listings through `listings` (the products
 * and services repositories).
 */
export function sellersRepository(
  db: Kysely<Database>,
  listings: { products: ListingRepository; services: ListingRepository },
) {
  return {
    /** The user `id` unless unknown or suspended (a suspended owner's listings are hidden too). */
    async findPublicSeller(id: string): Promise<SellerRow | undefined> {
      return db
        .selectFrom('users')
        .select([
          'id',
          'first_name',
          'last_name',
          'photo',
          'university',
          'verified_student',
          'created_at',
          'rating_count',
          'rating_sum',
        ])
        .where('id', '=', id)
        .where('suspended_at', 'is', null)
        .executeTakeFirst();
    },

    /** The seller's listed public products (reserved after available), newest first, at most `limit`. */
    findProducts: (id: string, limit: number): Promise<ListingRow[]> =>
      listings.products.findPublicByOwner(id, limit),

    /** The seller's public services, newest first, at most `limit`. */
    findServices: (id: string, limit: number): Promise<ListingRow[]> =>
      listings.services.findPublicByOwner(id, limit),
  };
}
