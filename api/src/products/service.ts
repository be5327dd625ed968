/**
 * Products use cases: the paged list with exact totals (cached, see `catalog/count-cache.ts`),
 * the detail page with view counting, and the count for the stats (spec 3, spec 7).
 */
import type { ListQuery } from '../common/schemas.ts';
import { isUuid } from '../common/http.ts';
import { CountCache } from '../catalog/count-cache.ts';
import { type CachedTotal, listPage } from '../catalog/listing.ts';
import { notFound } from '../errors.ts';
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
  seller: { _id: string; firstName: string; whatsApp: string };
}

export interface ProductDetail extends Omit<ProductListItem, 'seller'> {
  photos: string[];
  updatedAt: string;
  seller: ProductListItem['seller'] & { lastName: string; university: string; photo: string | null };
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
    seller: { _id: row.seller_id, firstName: row.seller_first_name, whatsApp: row.seller_whatsapp },
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
      university: row.seller_university,
      photo: row.seller_photo,
    },
  };
}

export type ProductsService = ReturnType<typeof productsService>;

/** Builds the products service; it owns the cache of list totals. */
export function productsService(repository: ProductsRepository) {
  const totals = new CountCache<CachedTotal>();
  return {
    /**
     * `GET /products`: one page of available products with exact totals.
     * @throws HttpError 400 when minPrice > maxPrice
     */
    async list(query: ListQuery) {
      const page = await listPage(repository, totals, query);
      return {
        products: page.rows.map(toListItem),
        totalPages: page.totalPages,
        totalProducts: page.total,
        currentPage: page.currentPage,
      };
    },

    /**
     * `GET /products/:id`: the product, counting one view.
     * @throws HttpError 404 'Product not found' for an unknown or malformed id
     */
    async getAndCountView(id: string): Promise<ProductDetail> {
      const row = isUuid(id) ? await repository.findByIdCountingView(id) : undefined;
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return toDetail(row);
    },

    /** Number of available products. */
    countAvailable: () => repository.countAvailable(),

    /**
     * Forget cached list totals. Call after every write that can change which products a list
     * shows (create, delete, status/price/category/title/description change).
     */
    invalidate: () => totals.invalidate(),
  };
}
