/**
 * Products use cases (docs/product.md §3 "Product", docs/product.md §7, §15): the shared listing service
 * (`catalog/listing-service.ts`) configured for products. What is the products' own: the list
 * and the count show listed (available and reserved) products only, the answer carries the shop and the status, an
 * edit may set the status, and a new product joins the seller's shop (the repository's
 * `ListingTable`, from the kind's rules in `catalog/kinds.ts`, ADR 0047).
 */
import type { ProductCategory } from '@campus/shared/constants';
import type { ProductDetail, ProductListItem } from '@campus/shared/contract';
import { PRODUCT_KIND } from '../catalog/kinds.ts';
import {
  kindService,
  type ListingServiceDeps,
  listingFields,
  listingOwner,
} from '../catalog/listing-service.ts';
import type { ListingRow } from '../catalog/repository.ts';
import type { ProductsRepository } from './repository.ts';

export const PRODUCT_NOT_FOUND = PRODUCT_KIND.notFoundMessage;

/** A product row as the lists show it (also the seller page's items, docs/product.md §20.8). */
export function productListItem(row: ListingRow): ProductListItem {
  return {
    ...listingFields(row),
    title: row.title,
    // The column's CHECK constraint (migration 0001) holds it to PRODUCT_CATEGORIES.
    category: row.category as ProductCategory,
    status: row.status ?? 'available',
    condition: row.condition ?? null,
    negotiable: row.negotiable ?? false,
    shop: row.shop_id
      ? { _id: row.shop_id, name: row.shop_name ?? '', whatsApp: row.shop_whatsapp ?? null }
      : null,
    seller: listingOwner(row),
    courseCodes: row.course_codes ?? [],
  };
}

export type ProductsService = ReturnType<typeof productsService>;

/** Most products `GET /products/mine` returns (newest first). */
export const MY_PRODUCTS_LIMIT = PRODUCT_KIND.mineLimit;

/** The products service's storage, clock and response cache. */
export type ProductsServiceDeps = ListingServiceDeps;

/**
 * Builds the products service (`kindService`): the list answer is
 * `{ products, totalPages, totalProducts, currentPage }`; `countListed` counts the listed products.
 * @throws HttpError 404 'Product not found' from the reads and writes of one product
 */
export function productsService(repository: ProductsRepository, deps: ProductsServiceDeps = {}) {
  return kindService<ProductListItem, ProductDetail, typeof PRODUCT_KIND>(
    PRODUCT_KIND,
    repository,
    productListItem,
    deps,
  );
}
