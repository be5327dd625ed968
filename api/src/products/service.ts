/**
 * Products use cases: the paged list with exact totals (cached, see `catalog/count-cache.ts`),
 * the detail page with view counting, and the count for the stats (spec 3, spec 7). The list
 * and the count answers are cached for a few seconds (`catalog/response-cache.ts`).
 */
import { PRODUCT_CATEGORIES } from '@campus/shared/constants';
import { CountCache } from '../catalog/count-cache.ts';
import { type CachedTotal, listKey, listPage } from '../catalog/listing.ts';
import { type CacheTag, ResponseCache } from '../catalog/response-cache.ts';
import { isUuid } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import type { ProductUpdate } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/app/auth.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, withStoredPictures } from '../selling/images.ts';
import { COVER_REQUIRED_MESSAGE, checkListingFields, NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import type { Storage } from '../uploads/storage.ts';
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

/** Most products `GET /products/mine` returns (newest first). */
export const MY_PRODUCTS_LIMIT = 500;

export interface ProductsServiceDeps {
  /** Where product pictures go (needed by the writes). */
  storage?: Storage;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** The app's cache of public answers (default: a private one). */
  responses?: ResponseCache;
}

/** What a list answer is read from: products, their shop (name, phone) and seller (name, WhatsApp). */
const LIST_TAGS: readonly CacheTag[] = ['products', 'shops', 'users'];

/** Builds the products service; it owns the cache of list totals. */
export function productsService(repository: ProductsRepository, deps: ProductsServiceDeps = {}) {
  const totals = new CountCache<CachedTotal>();
  const responses = deps.responses ?? new ResponseCache();
  /** Forgets cached totals and answers that hold products (see `invalidate` below). */
  const changed = () => {
    totals.invalidate();
    responses.invalidate('products');
  };
  const now = deps.now ?? (() => new Date());
  const storage = () => {
    if (!deps.storage) throw new Error('productsService: no storage configured');
    return deps.storage;
  };
  async function detail(id: string): Promise<ProductDetail> {
    const row = await repository.findById(id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toDetail(row);
  }
  async function owned(id: string) {
    const row = isUuid(id) ? await repository.findOwner(id) : undefined;
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return row;
  }
  return {
    /**
     * `GET /products`: one page of available products with exact totals.
     * @throws HttpError 400 when minPrice > maxPrice
     */
    async list(query: ListQuery) {
      return responses.get(`products:list:${listKey(query)}`, LIST_TAGS, async () => {
        const page = await listPage(repository, totals, query);
        return {
          products: page.rows.map(toListItem),
          totalPages: page.totalPages,
          totalProducts: page.total,
          currentPage: page.currentPage,
        };
      });
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
    countAvailable: () => responses.get('products:count', ['products'], () => repository.countAvailable()),

    /** `GET /products/mine`: the user's products (available and sold), newest first. */
    async mine(userId: string): Promise<ProductDetail[]> {
      return (await repository.findBySeller(userId, MY_PRODUCTS_LIMIT)).map(toDetail);
    },

    /**
     * `POST /products` (multipart: title, description, price, category, coverImage, photos).
     * The product joins the seller's shop when they have one. Pictures are checked before
     * anything is written; if the insert fails, the stored pictures are deleted.
     * @throws HttpError 400 (field messages; 'Cover image is required'), 413 (picture too large)
     */
    async create(user: SessionUser, form: ReadForm): Promise<ProductDetail> {
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, {
        titleField: 'title',
        categories: PRODUCT_CATEGORIES,
        required: true,
      });
      const cover = form.files.coverImage?.[0];
      if (!cover) check.fail('coverImage', COVER_REQUIRED_MESSAGE);
      check.throwIfInvalid();
      const id = await withStoredPictures(
        storage(),
        'products',
        { cover, photos: form.files.photos },
        (stored) =>
          repository.insert({
            seller_id: user.id,
            title: fields.title as string,
            description: fields.description as string,
            price: fields.price as number,
            category: fields.category as string,
            cover_image: stored.coverImage ?? null,
            cover_thumbnail: stored.coverThumbnail ?? null,
            photos: stored.photos,
          }),
      );
      changed();
      return detail(id);
    },

    /**
     * `PATCH /products/:id`: any of title, description, price, category, status
     * ('available' | 'sold'), a new coverImage, new photos (replacing the current ones) or
     * clearPhotos=true. Replaced pictures' files are deleted after the update.
     * @throws HttpError 404 unknown product, 403 not the owner, 400 invalid or nothing to update, 413
     */
    async update(user: SessionUser, id: string, form: ReadForm): Promise<ProductDetail> {
      const before = await owned(id);
      assertCanChange(before.seller_id, user, 'edit');
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, {
        titleField: 'title',
        categories: PRODUCT_CATEGORIES,
        required: false,
      });
      const status = check.choice('status', 'Status', form.fields.status, ['available', 'sold'] as const, {
        required: false,
      });
      check.throwIfInvalid();
      const changes: ProductUpdate = {};
      if (fields.title !== undefined) changes.title = fields.title;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.price !== undefined) changes.price = fields.price;
      if (fields.category !== undefined) changes.category = fields.category;
      if (status !== undefined) changes.status = status;
      const cover = form.files.coverImage?.[0];
      const photos = form.files.photos ?? [];
      const clearPhotos = check.flag(form.fields.clearPhotos);
      if (Object.keys(changes).length === 0 && !cover && photos.length === 0 && !clearPhotos) {
        throw new HttpError(400, NOTHING_TO_UPDATE_MESSAGE);
      }
      await withStoredPictures(storage(), 'products', { cover, photos }, async (stored) => {
        if (stored.coverImage) {
          changes.cover_image = stored.coverImage;
          changes.cover_thumbnail = stored.coverThumbnail ?? null;
        }
        if (photos.length > 0) changes.photos = stored.photos;
        else if (clearPhotos) changes.photos = [];
        if (!(await repository.update(id, changes, now()))) throw notFound(PRODUCT_NOT_FOUND);
      });
      const replaced = [
        ...(cover ? [before.cover_image, before.cover_thumbnail] : []),
        ...(photos.length > 0 || clearPhotos ? before.photos : []),
      ];
      await deletePictures(storage(), replaced);
      changed();
      return detail(id);
    },

    /**
     * `DELETE /products/:id`: by the seller or an admin; deletes the pictures' files too.
     * @throws HttpError 404 unknown product, 403 neither the owner nor an admin
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const before = await owned(id);
      assertCanChange(before.seller_id, user, 'delete');
      const deleted = await repository.delete(id);
      if (!deleted) throw notFound(PRODUCT_NOT_FOUND);
      changed();
      await deletePictures(storage(), [deleted.cover_image, deleted.cover_thumbnail, ...deleted.photos]);
    },

    /**
     * Forget cached list totals and cached answers holding products. Call after every write to
     * products (the write routes above do): create, delete, any field change. View counting is
     * not a write here (list answers may show views up to the cache's TTL old).
     */
    invalidate: changed,
  };
}
