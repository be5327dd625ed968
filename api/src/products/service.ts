/**
 * Products use cases (docs/product.md §3 "Product", docs/product.md §7, §15): the shared listing service
 * (`catalog/listing-service.ts`) configured for products. What is the products' own: the list
 * and the count show available products only, the answer carries the shop and the status, an
 * edit may set the status, and a new product joins the seller's shop (the repository's
 * `ListingTable`, `sellable`).
 */
import { PRODUCT_CATEGORIES, type ProductCategory } from '@campus/shared/constants';
import type { ProductDetail, ProductListItem } from '@campus/shared/contract';
import { listAnswer } from '../catalog/listing.ts';
import {
  type ListingServiceDeps,
  listingDetailFields,
  listingFields,
  listingOwner,
  listingOwnerDetail,
  listingService,
} from '../catalog/listing-service.ts';
import type { ListingDetailRow, ListingRow } from '../catalog/repository.ts';
import type { CacheTag } from '../catalog/response-cache.ts';
import type { ListQuery } from '../common/schemas.ts';
import type { ProductsRepository } from './repository.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

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
  };
}

function toDetail(row: ListingDetailRow): ProductDetail {
  return { ...productListItem(row), ...listingDetailFields(row), seller: listingOwnerDetail(row) };
}

export type ProductsService = ReturnType<typeof productsService>;

/** Most products `GET /products/mine` returns (newest first). */
export const MY_PRODUCTS_LIMIT = 500;

/** The products service's storage, clock and response cache. */
export type ProductsServiceDeps = ListingServiceDeps;

/** What a list answer is read from: products, their shop (name, phone) and seller (name, WhatsApp). */
const LIST_TAGS: readonly CacheTag[] = ['products', 'shops', 'users'];

/**
 * Builds the products service; it owns the cache of list totals. Cache keys `products:list:…`
 * and `products:count`; the list answer is `{ products, totalPages, totalProducts, currentPage }`.
 * @returns the listing service (`catalog/listing-service.ts`) with `countAvailable` (docs/product.md §7
 *   `GET /products/get-products-count`) for its count
 * @throws HttpError 404 'Product not found' from the reads and writes of one product
 */
export function productsService(repository: ProductsRepository, deps: ProductsServiceDeps = {}) {
  const { list, count, ...service } = listingService<{ item: ProductListItem; detail: ProductDetail }>(
    {
      resource: 'products',
      notFoundMessage: PRODUCT_NOT_FOUND,
      listTags: LIST_TAGS,
      titleField: 'title',
      categories: PRODUCT_CATEGORIES,
      sellable: true,
      mineLimit: MY_PRODUCTS_LIMIT,
      repository,
      present: { item: productListItem, detail: toDetail },
    },
    deps,
  );
  return {
    ...service,
    /** `GET /products`: `{ products, totalPages, totalProducts, currentPage }`. */
    list: async (query: ListQuery) => listAnswer(await list(query), 'products', 'totalProducts'),
    /** Number of available products (cached under `products:count`). */
    countAvailable: count,
  };
}
