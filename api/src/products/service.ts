/**
 * Products use cases (spec 3 "Product", spec 7, issue 5): the shared listing service
 * (`catalog/listing-service.ts`) configured for products. What is the products' own: the list
 * and the count show available products only, the answer carries the shop and the status, an
 * edit may set the status, and a new product joins the seller's shop (`repository.insert`).
 */
import { PRODUCT_CATEGORIES } from '@campus/shared/constants';
import { type ListingServiceDeps, listingService } from '../catalog/listing-service.ts';
import type { CacheTag } from '../catalog/response-cache.ts';
import type { ModerationState, ProductUpdate } from '../db/schema.ts';
import type { ProductDetailRow, ProductListRow, ProductsRepository } from './repository.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** A product as the list sends it. */
export interface ProductListItem {
  _id: string;
  title: string;
  description: string;
  /** KES */
  price: number;
  category: string;
  coverImage: string | null;
  coverThumbnail: string | null;
  views: number;
  status: 'available' | 'sold';
  createdAt: string;
  shop: { _id: string; name: string; whatsApp: string | null } | null;
  /** `verifiedStudent` and `university`: the badge "Verified student at <university>" (issue 12). */
  seller: { _id: string; firstName: string; whatsApp: string; university: string; verifiedStudent: boolean };
}

export interface ProductDetail extends Omit<ProductListItem, 'seller'> {
  photos: string[];
  updatedAt: string;
  seller: ProductListItem['seller'] & { lastName: string; photo: string | null };
  /** Issue 12: 'held'/'hidden' only ever reach the owner (`/products/mine`): "Under review". */
  moderation: ModerationState;
  /** The moderator's reason for a hidden product, or null. */
  moderationReason: string | null;
}

function toListItem(row: ProductListRow): ProductListItem {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    category: row.category,
    coverImage: row.cover_image,
    coverThumbnail: row.cover_thumbnail,
    views: row.views,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    shop: row.shop_id ? { _id: row.shop_id, name: row.shop_name ?? '', whatsApp: row.shop_whatsapp } : null,
    seller: {
      _id: row.seller_id,
      firstName: row.seller_first_name,
      whatsApp: row.seller_whatsapp,
      university: row.seller_university,
      verifiedStudent: row.seller_verified_student,
    },
  };
}

function toDetail(row: ProductDetailRow): ProductDetail {
  const item = toListItem(row);
  return {
    ...item,
    photos: row.photos,
    updatedAt: row.updated_at.toISOString(),
    seller: {
      ...item.seller,
      lastName: row.seller_last_name,
      photo: row.seller_photo,
    },
    moderation: row.moderation,
    moderationReason: row.moderation_reason,
  };
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
 * @returns the listing service (`catalog/listing-service.ts`) with `countAvailable` (spec 7
 *   `GET /products/get-products-count`) for its count
 * @throws HttpError 404 'Product not found' from the reads and writes of one product
 */
export function productsService(repository: ProductsRepository, deps: ProductsServiceDeps = {}) {
  const { count, ...service } = listingService(
    {
      resource: 'products',
      totalKey: 'totalProducts',
      notFoundMessage: PRODUCT_NOT_FOUND,
      listTags: LIST_TAGS,
      ownerColumn: 'seller_id',
      titleField: 'title',
      categories: PRODUCT_CATEGORIES,
      repository,
      findByOwner: (sellerId, limit) => repository.findBySeller(sellerId, limit),
      mineLimit: MY_PRODUCTS_LIMIT,
      count: () => repository.countAvailable(),
      toListItem,
      toDetail,
      /** An edit may mark the product 'available' or 'sold'. */
      checkEdit: (check, fields): Pick<ProductUpdate, 'status'> => {
        const status = check.choice('status', 'Status', fields.status, ['available', 'sold'] as const, {
          required: false,
        });
        return status === undefined ? {} : { status };
      },
    },
    deps,
  );
  return {
    ...service,
    /** Number of available products (cached under `products:count`). */
    countAvailable: count,
  };
}
