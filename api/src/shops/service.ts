/**
 * Shops use cases: the shop page and the products it lists (docs/product.md §2 "Shop details", docs/product.md §7). Both
 * public answers are cached for a few seconds (`catalog/response-cache.ts`); shop writes drop
 * them and the product lists (which show the shop's name and phone).
 */
import { LISTING_LIMITS } from '@campus/shared/constants';
import type { ShopJson, ShopProductJson } from '@campus/shared/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { ResponseCache } from '../catalog/response-cache.ts';
import { isUuid } from '../common/http.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, withStoredPictures } from '../selling/images.ts';
import { NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange, assertShopChangeable } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import type { Storage } from '../uploads/storage.ts';
import type { ShopRowWithOwner, ShopsRepository } from './repository.ts';

export const SHOP_NOT_FOUND = 'Shop not found';
/** Most products listed on a shop page (our limit; the spec shows no pagination there). */
export const SHOP_PRODUCTS_LIMIT = 100;

export type ShopsService = ReturnType<typeof shopsService>;

export const SHOP_EXISTS_MESSAGE = 'You already have a shop: edit it instead';

export interface ShopsServiceDeps {
  /** Where shop covers go (needed by the writes). */
  storage?: Storage;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** The app's cache of public answers (default: a private one). */
  responses?: ResponseCache;
}

function toShop(row: ShopRowWithOwner): ShopJson {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    coverImage: row.cover_image,
    coverThumbnail: row.cover_thumbnail,
    address: row.address,
    phone: row.phone,
    owner: {
      _id: row.owner_id,
      firstName: row.owner_first_name,
      lastName: row.owner_last_name,
      photo: row.owner_photo,
      whatsApp: row.owner_whatsapp,
      university: row.owner_university,
      verifiedStudent: row.owner_verified_student,
    },
    moderation: row.moderation,
    moderationReason: row.moderation_reason,
  };
}

/**
 * Checks the shop form: name (3-80 characters, required on create), description (at most 2000),
 * address (at most 200), phone (WhatsApp format 254 + 9 digits); the last three optional, ''
 * clears them.
 */
function checkShopFields(check: FormChecker, fields: Record<string, unknown>, required: boolean) {
  const name = check.text('name', 'Shop name', fields.name, {
    required,
    min: LISTING_LIMITS.shopNameMin,
    max: LISTING_LIMITS.shopNameMax,
  });
  if (name === '') check.fail('name', 'Shop name is required');
  const description = check.text('description', 'Description', fields.description, {
    required: false,
    max: LISTING_LIMITS.shopDescriptionMax,
  });
  const address = check.text('address', 'Address', fields.address, {
    required: false,
    max: LISTING_LIMITS.placeMax,
  });
  const phone = check.whatsApp('phone', 'Phone', fields.phone);
  return { name: name || undefined, description, address, phone };
}

/** Builds the shops service. */
export function shopsService(repository: ShopsRepository, deps: ShopsServiceDeps = {}) {
  const now = deps.now ?? (() => new Date());
  const responses = deps.responses ?? new ResponseCache();
  const storage = () => {
    if (!deps.storage) throw new Error('shopsService: no storage configured');
    return deps.storage;
  };
  async function shopById(id: string): Promise<ShopJson> {
    const row = await repository.findById(id);
    if (!row) throw notFound(SHOP_NOT_FOUND);
    return toShop(row);
  }
  async function ownedRow(id: string) {
    const row = isUuid(id) ? await repository.findRow(id) : undefined;
    if (!row) throw notFound(SHOP_NOT_FOUND);
    return row;
  }
  return {
    /** Forget cached answers that hold shops (shop pages, product lists): after writing shops elsewhere. */
    invalidate: () => responses.invalidate('shops'),

    /** `GET /shops/mine`: the user's shop, or null. */
    async mine(userId: string): Promise<ShopJson | null> {
      const row = await repository.findByOwner(userId);
      return row ? toShop(row) : null;
    },

    /**
     * `POST /shops` (multipart or JSON: name, description, address, phone, coverImage file).
     * One shop per user. The owner's products without a shop join it.
     * @throws HttpError 400 (field messages), 409 'You already have a shop: edit it instead', 413
     */
    async create(user: SessionUser, form: ReadForm): Promise<ShopJson> {
      const check = new FormChecker();
      const fields = checkShopFields(check, form.fields, true);
      check.throwIfInvalid();
      if (await repository.findByOwner(user.id)) throw new HttpError(409, SHOP_EXISTS_MESSAGE);
      const id = await withStoredPictures(
        storage(),
        'shops',
        { cover: form.files.coverImage?.[0] },
        async (stored) => {
          const created = await repository.insertForOwner({
            owner_id: user.id,
            name: fields.name as string,
            description: fields.description ?? '',
            address: fields.address || null,
            phone: fields.phone || null,
            cover_image: stored.coverImage ?? null,
            cover_thumbnail: stored.coverThumbnail ?? null,
          });
          if (created === null) throw new HttpError(409, SHOP_EXISTS_MESSAGE);
          return created;
        },
      );
      await responses.invalidate('shops');
      return shopById(id);
    },

    /**
     * `PATCH /shops/:id`: any of the fields and a new coverImage (the old one's files are deleted).
     * @throws HttpError 404, 403 not the owner, 409 held or hidden (ADR 0031), 400, 413
     */
    async update(user: SessionUser, id: string, form: ReadForm): Promise<ShopJson> {
      const before = await ownedRow(id);
      assertCanChange(before.owner_id, user, 'edit');
      assertShopChangeable(before.moderation, user, before.owner_id);
      const check = new FormChecker();
      const fields = checkShopFields(check, form.fields, false);
      check.throwIfInvalid();
      const changes: Parameters<ShopsRepository['update']>[1] = {};
      if (fields.name !== undefined) changes.name = fields.name;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.address !== undefined) changes.address = fields.address || null;
      if (fields.phone !== undefined) changes.phone = fields.phone || null;
      const cover = form.files.coverImage?.[0];
      if (Object.keys(changes).length === 0 && !cover) throw new HttpError(400, NOTHING_TO_UPDATE_MESSAGE);
      await withStoredPictures(storage(), 'shops', { cover }, async (stored) => {
        if (stored.coverImage) {
          changes.cover_image = stored.coverImage;
          changes.cover_thumbnail = stored.coverThumbnail ?? null;
        }
        if (!(await repository.update(id, changes, now()))) throw notFound(SHOP_NOT_FOUND);
      });
      await responses.invalidate('shops');
      if (cover) await deletePictures(storage(), [before.cover_image, before.cover_thumbnail]);
      return shopById(id);
    },

    /**
     * `DELETE /shops/:id`: by the owner or an admin. Its products stay listed without a shop. A
     * held or hidden shop waits for a moderator: only an admin may delete it (ADR 0031).
     * @throws HttpError 404, 403, 409 held or hidden and not an admin
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const before = await ownedRow(id);
      assertCanChange(before.owner_id, user, 'delete');
      assertShopChangeable(before.moderation, user, before.owner_id);
      const deleted = await repository.delete(id);
      if (!deleted) throw notFound(SHOP_NOT_FOUND);
      await responses.invalidate('shops');
      await deletePictures(storage(), [deleted.cover_image, deleted.cover_thumbnail]);
    },

    /**
     * `GET /shops/:id`: a shop the public may see (docs/product.md §19: held, hidden or suspended → 404).
     * @throws HttpError 404 'Shop not found' for an unknown, malformed or non-public id
     */
    async get(id: string): Promise<ShopJson> {
      if (!isUuid(id)) throw notFound(SHOP_NOT_FOUND);
      return responses.get(`shops:get:${id.toLowerCase()}`, ['shops', 'users'], async () => {
        const row = await repository.findPublicById(id);
        if (!row) throw notFound(SHOP_NOT_FOUND);
        return toShop(row);
      });
    },

    /**
     * `GET /shops/:id/products`: available and reserved public products (reserved after
     * available, docs/product.md §20.5), newest first, at most
     * SHOP_PRODUCTS_LIMIT.
     * @throws HttpError 404 'Shop not found' when the shop does not exist or is not public
     */
    async listProducts(id: string): Promise<ShopProductJson[]> {
      if (!isUuid(id)) throw notFound(SHOP_NOT_FOUND);
      return responses.get(`shops:products:${id.toLowerCase()}`, ['shops', 'products'], async () => {
        const [exists, rows] = await Promise.all([
          repository.existsPublic(id),
          repository.findAvailableProducts(id, SHOP_PRODUCTS_LIMIT),
        ]);
        if (!exists) throw notFound(SHOP_NOT_FOUND);
        return rows.map((row) => ({
          _id: row.id,
          title: row.title,
          description: row.description,
          price: Number(row.price),
          coverImage: row.cover_image,
          coverThumbnail: row.cover_thumbnail,
          status: row.status,
        }));
      });
    },
  };
}
