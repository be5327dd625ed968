/**
 * SQL of the products resource (docs/product.md §3 "Product"): the catalog's listing repository
 * (`catalog/repository.ts`) over table `products`. Lists and counts show available products
 * only; a product's shop is optional (the seller's, set at insert), its seller is required.
 */
import type { Kysely } from 'kysely';
import { listingTable, PRODUCT_KIND } from '../catalog/kinds.ts';
import { type ListingRepository, type ListingTable, listingRepository } from '../catalog/repository.ts';
import type { Database } from '../db/schema.ts';

/** Table `products` (the kind's: owner `seller_id`, title `title`, a status and a shop). */
export const PRODUCTS_TABLE: ListingTable = listingTable(PRODUCT_KIND);

export type ProductsRepository = ListingRepository;

/** Builds the products repository over `db`. */
export function productsRepository(db: Kysely<Database>): ProductsRepository {
  return listingRepository(db, PRODUCTS_TABLE);
}
