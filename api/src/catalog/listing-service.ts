/**
 * The use cases products and services share (docs/product.md §3 "Product" / "Service", docs/product.md §7, §15):
 * the paged list with exact totals (cached, `count-cache.ts`), the detail page with view
 * counting, the count for the stats, the owner's own listings, and the multipart create / edit /
 * delete with pictures and owner checks. The list and count answers are cached for a few
 * seconds (`response-cache.ts`). `products/service.ts` and `services/service.ts` configure it
 * with what differs: names, messages, cache tags and how a row is shown in JSON; the SQL is the
 * listing repository's (`repository.ts`), configured by table.
 */

import { PRODUCT_CONDITIONS, PRODUCT_STATUSES, type ProductCondition } from '@campus/shared/constants';
import type { SessionUser } from '../auth/session-user.ts';
import { isUuid } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import type { EngagementCounters } from '../engagement/counters.ts';
import type { Visit } from '../engagement/visitor.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, type PictureFolder, withStoredPictures } from '../selling/images.ts';
import { COVER_REQUIRED_MESSAGE, checkListingFields, NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange, assertEditable } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import type { Storage } from '../uploads/storage.ts';
import { CountCache, type TotalsCache } from './count-cache.ts';
import { type CachedTotal, type ListPage, listKey, listPage, listRequest } from './listing.ts';
import type {
  ListingChanges,
  ListingDetailRow,
  ListingRepository,
  ListingRow,
  ListingTableName,
} from './repository.ts';
import { type CacheTag, ResponseCache } from './response-cache.ts';

/**
 * How a resource shows its rows in JSON (products: `title`, `seller`, `shop`, `status`;
 * services: `name`, `provider`): the list item and the detail.
 */
export interface ListingPresenter<Item = unknown, Detail = unknown> {
  item(row: ListingRow): Item;
  detail(row: ListingDetailRow): Detail;
}

/** The JSON types of a listing resource: its list item and its detail. */
export interface ListingJson {
  item: unknown;
  detail: unknown;
}

/** What differs between two listing resources (the SQL's differences are in the repository's `ListingTable`). */
export interface ListingConfig<Json extends ListingJson> {
  /** Route, cache tag and picture folder ('products'). */
  resource: PictureFolder & CacheTag & ListingTableName;
  /** The 404 message ('Product not found'). */
  notFoundMessage: string;
  /** What a list answer is read from (it is dropped when one of them changes). */
  listTags: readonly CacheTag[];
  /** The form field of the title ('title' for products, 'name' for services). */
  titleField: 'title' | 'name';
  /** The categories the form accepts. */
  categories: readonly string[];
  /**
   * True for products: create/edit read `condition` and `negotiable` (docs/product.md §20.4), an edit
   * may set `status` to 'available', 'reserved' or 'sold' (docs/product.md §20.5), and lists filter by
   * `condition`.
   */
  sellable: boolean;
  /** Most listings `mine` returns. */
  mineLimit: number;
  repository: ListingRepository;
  present: ListingPresenter<Json['item'], Json['detail']>;
}

export interface ListingServiceDeps {
  /** Where the listing pictures go (needed by the writes). */
  storage?: Storage;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** The app's cache of public answers (default: a private one). */
  responses?: ResponseCache;
  /** The list totals of this resource (default: a private in-process `CountCache`; Redis-backed when shared). */
  totals?: TotalsCache<CachedTotal>;
  /**
   * The app's view counters (docs/product.md §20.10): a detail read counts a view in memory, written in
   * batches. Default: views are not counted (unit uses of the service).
   */
  counters?: EngagementCounters;
  /** How many users saved each of these listings (docs/product.md §20.1; `mine` shows it). Default: 0 each. */
  saves?: (ids: string[]) => Promise<Map<string, number>>;
}

/** A listing of `GET /<resource>/mine`: the detail plus how many users saved it (docs/product.md §20.1). */
export type WithSaves<Detail> = Detail & { saves: number };

/** A listing looked up by id for a saved list (docs/product.md §20.1). */
export interface SavedListing<Item> {
  /** The list item, or null when the public may not see it (held, hidden, owner suspended). */
  item: Item | null;
  /** Public and not sold. */
  available: boolean;
}

/**
 * Builds a listing service from `config`; it owns the cache of list totals. Cache keys are
 * `<resource>:list:<listKey>` (tags `listTags`) and `<resource>:count` (tag `resource`); every
 * write drops the totals and the answers tagged `resource`.
 * @returns `list`, `getAndCountView`, `count`, `mine`, `create`, `update`, `remove`, `invalidate`
 */
export function listingService<Json extends ListingJson>(
  config: ListingConfig<Json>,
  deps: ListingServiceDeps = {},
) {
  type Item = Json['item'];
  type Detail = Json['detail'];
  const { resource, notFoundMessage, titleField, categories, repository, present } = config;
  const totals = deps.totals ?? new CountCache<CachedTotal>();
  const responses = deps.responses ?? new ResponseCache();
  /** Forgets cached totals and answers that hold this resource, in every process sharing them. */
  const changed = async (): Promise<void> => {
    await Promise.all([totals.invalidate(), responses.invalidate(resource)]);
  };
  const now = deps.now ?? (() => new Date());
  const storage = () => {
    if (!deps.storage) throw new Error(`${resource}Service: no storage configured`);
    return deps.storage;
  };
  const toDetail = (row: ListingDetailRow): Detail => present.detail(row);
  const counters = deps.counters;
  /**
   * The public detail of `id` from the response cache (`<resource>:one:<id>`, the list's tags:
   * a write to the listing, its shop or owner drops it), with this process's view mark taken
   * just before the row was read (`EngagementCounters.viewMark`).
   * @throws HttpError 404 for an unknown, malformed or non-public id (not cached)
   */
  async function publicDetail(id: string): Promise<{ detail: Detail; mark: number }> {
    if (!isUuid(id)) throw notFound(notFoundMessage);
    return responses.get(`${resource}:one:${id.toLowerCase()}`, config.listTags, async () => {
      const mark = counters?.viewMark(resource, id.toLowerCase()) ?? 0;
      const row = await repository.findVisibleById(id);
      if (!row) throw notFound(notFoundMessage);
      return { detail: toDetail(row), mark };
    });
  }
  async function detail(id: string): Promise<Detail> {
    const row = await repository.findById(id);
    if (!row) throw notFound(notFoundMessage);
    return toDetail(row);
  }
  async function owned(id: string) {
    const row = isUuid(id) ? await repository.findOwner(id) : undefined;
    if (!row) throw notFound(notFoundMessage);
    return row;
  }
  return {
    /**
     * `GET /<resource>`: one page with exact totals (cached). The query is checked and its
     * search parsed once (`listRequest`), for the cache key and the SQL alike.
     * @throws HttpError 400 when minPrice > maxPrice, or for an unknown university
     */
    async list(query: ListQuery): Promise<ListPage<Item>> {
      const request = listRequest(query, { conditions: config.sellable });
      return responses.get(`${resource}:list:${listKey(request)}`, config.listTags, async () => {
        const page = await listPage(repository, totals, request);
        return { ...page, rows: page.rows.map((row): Item => present.item(row)) };
      });
    },

    /**
     * `GET /<resource>/:id`: the listing (cached, see `publicDetail`), counting one view in memory
     * (docs/product.md §20.10: no write per read; the counts are written in batches), once per `visit`'s
     * visitor per day within the burst rule (ADR 0031). `views` is the
     * stored count plus the views this process counted since that was read and has not written
     * yet: another process's views show after its flush and this cache's refresh.
     * @throws HttpError 404 `notFoundMessage` for an unknown or malformed id
     */
    async getAndCountView(id: string, visit?: Visit): Promise<Detail> {
      const { detail, mark } = await publicDetail(id);
      const key = id.toLowerCase();
      if (!counters) return detail;
      counters.view(resource, key, visit);
      const stored = (detail as { views: number }).views;
      return {
        ...(detail as object),
        views: stored + counters.unflushedViews(resource, key, mark),
      } as Detail;
    },

    /**
     * The public listing without counting a view (the chat redirect, docs/product.md §20.6).
     * @throws HttpError 404 `notFoundMessage` for an unknown, malformed or non-public id
     */
    async findPublic(id: string): Promise<Detail> {
      return (await publicDetail(id)).detail;
    },

    /**
     * The listings of `ids` (any state) by id, for a saved list (docs/product.md §20.1): absent = removed.
     */
    async savedListings(ids: string[]): Promise<Map<string, SavedListing<Item>>> {
      const found = new Map<string, SavedListing<Item>>();
      if (ids.length === 0) return found;
      for (const row of await repository.findManyById(ids)) {
        found.set(row.id, {
          item: row.public ? present.item(row) : null,
          available: row.public && row.status !== 'sold',
        });
      }
      return found;
    },

    /** True when a listing with this id exists (any status or moderation). */
    async exists(id: string): Promise<boolean> {
      return isUuid(id) && (await repository.findOwner(id)) !== undefined;
    },

    /** Number of public listings (products: available ones), cached under `<resource>:count`. */
    count: () => responses.get(`${resource}:count`, [resource], () => repository.countPublic()),

    /**
     * `GET /<resource>/mine`: the user's listings, newest first, at most `mineLimit`, each with
     * `saves` (docs/product.md §20.1). The views counted in memory are written first, so the owner
     * sees every view counted by this process.
     */
    async mine(userId: string): Promise<WithSaves<Detail>[]> {
      await counters?.flush().catch(() => {});
      const rows = await repository.findByOwner(userId, config.mineLimit);
      const saves = deps.saves ? await deps.saves(rows.map((row) => row.id)) : new Map<string, number>();
      return rows.map(
        (row) => ({ ...(toDetail(row) as object), saves: saves.get(row.id) ?? 0 }) as WithSaves<Detail>,
      );
    },

    /**
     * `POST /<resource>` (multipart: title field, description, price, category, coverImage,
     * photos repeated). Pictures are checked before anything is written; if the insert fails,
     * the stored pictures are deleted.
     * @throws HttpError 400 (field messages; 'Cover image is required'), 413 (picture too large)
     */
    async create(user: SessionUser, form: ReadForm): Promise<Detail> {
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, { titleField, categories, required: true });
      const sale: SaleFields = config.sellable ? checkSaleFields(check, form.fields) : {};
      const cover = form.files.coverImage?.[0];
      if (!cover) check.fail('coverImage', COVER_REQUIRED_MESSAGE);
      check.throwIfInvalid();
      const id = await withStoredPictures(
        storage(),
        resource,
        { cover, photos: form.files.photos },
        (stored) =>
          repository.insert({
            owner_id: user.id,
            title: fields.title as string,
            description: fields.description as string,
            price: fields.price as number,
            category: fields.category as string,
            cover_image: stored.coverImage ?? null,
            cover_thumbnail: stored.coverThumbnail ?? null,
            photos: stored.photos,
            ...(sale.condition !== undefined ? { condition: sale.condition } : {}),
            ...(sale.negotiable !== undefined ? { negotiable: sale.negotiable } : {}),
          }),
      );
      await changed();
      return detail(id);
    },

    /**
     * `PATCH /<resource>/:id`: any of the listing fields, the resource's own (`checkEdit`), a new
     * coverImage, new photos (replacing the current ones) or clearPhotos=true. Replaced
     * pictures' files are deleted after the update.
     * @throws HttpError 404 unknown listing, 403 not the owner, 409 held or hidden (under review,
     *   ADR 0031), 400 invalid or nothing to update, 413
     */
    async update(user: SessionUser, id: string, form: ReadForm): Promise<Detail> {
      const before = await owned(id);
      assertCanChange(before.owner_id, user, 'edit');
      assertEditable(before.moderation);
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, { titleField, categories, required: false });
      const status = config.sellable
        ? check.choice('status', 'Status', form.fields.status, PRODUCT_STATUSES, { required: false })
        : undefined;
      const sale: SaleFields = config.sellable ? checkSaleFields(check, form.fields) : {};
      check.throwIfInvalid();
      // Only what was sent.
      const changes: ListingChanges = {};
      if (fields.title !== undefined) changes.title = fields.title;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.price !== undefined) changes.price = fields.price;
      if (fields.category !== undefined) changes.category = fields.category;
      if (status !== undefined) changes.status = status;
      if (sale.condition !== undefined) changes.condition = sale.condition;
      if (sale.negotiable !== undefined) changes.negotiable = sale.negotiable;
      const cover = form.files.coverImage?.[0];
      const photos = form.files.photos ?? [];
      const clearPhotos = check.flag(form.fields.clearPhotos);
      if (Object.keys(changes).length === 0 && !cover && photos.length === 0 && !clearPhotos) {
        throw new HttpError(400, NOTHING_TO_UPDATE_MESSAGE);
      }
      await withStoredPictures(storage(), resource, { cover, photos }, async (stored) => {
        if (stored.coverImage) {
          changes.cover_image = stored.coverImage;
          changes.cover_thumbnail = stored.coverThumbnail ?? null;
        }
        if (photos.length > 0) changes.photos = stored.photos;
        else if (clearPhotos) changes.photos = [];
        const written = await repository.update(id, changes, now());
        if (!written) throw notFound(notFoundMessage);
      });
      const replaced = [
        ...(cover ? [before.cover_image, before.cover_thumbnail] : []),
        ...(photos.length > 0 || clearPhotos ? before.photos : []),
      ];
      await deletePictures(storage(), replaced);
      await changed();
      return detail(id);
    },

    /**
     * `DELETE /<resource>/:id`: by the owner or an admin; deletes the pictures' files too. A held
     * or hidden listing is soft-deleted instead (`deleted_at`, ADR 0031): gone from every list,
     * its row, pictures and moderation record kept for the moderation desk.
     * @throws HttpError 404 unknown listing, 403 neither the owner nor an admin
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const before = await owned(id);
      assertCanChange(before.owner_id, user, 'delete');
      if (before.moderation !== 'visible') {
        if (!(await repository.softDelete(id, now()))) throw notFound(notFoundMessage);
        await changed();
        return;
      }
      const deleted = await repository.delete(id);
      if (!deleted) throw notFound(notFoundMessage);
      await changed();
      await deletePictures(storage(), [deleted.cover_image, deleted.cover_thumbnail, ...deleted.photos]);
    },

    /**
     * Forget cached list totals and cached answers holding this resource. Call after every
     * write to it (the writes above do): create, delete, any field change. View counting is not
     * a write here (list answers may show views up to the cache's TTL old).
     */
    invalidate: changed,
  };
}

/** The product-only fields of a create/edit, each undefined when not sent. */
interface SaleFields {
  condition?: ProductCondition | null;
  negotiable?: boolean;
}

/**
 * The product-only form fields (docs/product.md §20.4), each only when sent: `condition` (one of
 * `PRODUCT_CONDITIONS`; '' or null clears it) and `negotiable` ('true'/'false' or a boolean).
 */
function checkSaleFields(check: FormChecker, fields: Record<string, unknown>): SaleFields {
  const raw = fields.condition;
  const cleared = raw === null || (typeof raw === 'string' && raw.trim() === '');
  const condition = cleared
    ? null
    : check.choice('condition', 'Condition', raw, PRODUCT_CONDITIONS, { required: false });
  const negotiable = check.boolean('negotiable', 'Negotiable', fields.negotiable);
  return { condition, negotiable };
}

/**
 * The JSON fields every listing shows (docs/product.md §3 "Product" / "Service"), without its title and
 * owner, whose names are the resource's: `_id`, description, price (KES, a number), category,
 * pictures, views, createdAt (ISO 8601).
 */
export function listingFields(row: ListingRow) {
  return {
    _id: row.id,
    description: row.description,
    price: Number(row.price),
    category: row.category,
    coverImage: row.cover_image,
    coverThumbnail: row.cover_thumbnail,
    views: row.views,
    createdAt: row.created_at.toISOString(),
  };
}

/** The owner as a list item shows it (the seller of a product, the provider of a service). */
export function listingOwner(row: ListingRow) {
  return {
    _id: row.owner_id,
    firstName: row.owner_first_name,
    whatsApp: row.owner_whatsapp,
    university: row.owner_university,
    verifiedStudent: row.owner_verified_student,
  };
}

/** The owner as the detail page shows it: the list's fields plus lastName and photo. */
export function listingOwnerDetail(row: ListingDetailRow) {
  return { ...listingOwner(row), lastName: row.owner_last_name, photo: row.owner_photo };
}

/** The detail page's own fields: photos, updatedAt and the moderation state (docs/product.md §19). */
export function listingDetailFields(row: ListingDetailRow) {
  return {
    photos: row.photos,
    updatedAt: row.updated_at.toISOString(),
    moderation: row.moderation,
    moderationReason: row.moderation_reason,
  };
}
