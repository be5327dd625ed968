/**
 * The use cases products and services share (spec 3 "Product" / "Service", spec 7, issue 5):
 * the paged list with exact totals (cached, `count-cache.ts`), the detail page with view
 * counting, the count for the stats, the owner's own listings, and the multipart create / edit /
 * delete with pictures and owner checks. The list and count answers are cached for a few
 * seconds (`response-cache.ts`). `products/service.ts` and `services/service.ts` configure it
 * with what differs: names, messages, cache tags, columns, mappers and repository functions.
 */

import { isUuid } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { HttpError, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/app/auth.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, type PictureFolder, withStoredPictures } from '../selling/images.ts';
import { COVER_REQUIRED_MESSAGE, checkListingFields, NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import type { Storage } from '../uploads/storage.ts';
import { CountCache, type TotalsCache } from './count-cache.ts';
import { type CachedTotal, type ListSource, listKey, listPage } from './listing.ts';
import { type CacheTag, ResponseCache } from './response-cache.ts';

/** The form field, and column, holding a listing's title: 'title' for products, 'name' for services. */
export type TitleField = 'title' | 'name';

/** The picture columns of a listing: what a write checks and cleans up. */
export interface PictureColumns {
  cover_image: string | null;
  cover_thumbnail: string | null;
  photos: string[];
}

/** The text columns of a listing form. */
export type ListingColumns<Title extends TitleField> = Record<Title, string> & {
  description: string;
  price: number;
  category: string;
};

/** A new listing as `create` inserts it: owner column, text columns and stored pictures. */
export type NewListing<Owner extends string, Title extends TitleField> = Record<Owner, string> &
  ListingColumns<Title> &
  PictureColumns;

/** What `update` writes: the sent text columns and pictures, plus the resource's own `Extra`. */
export type ListingChanges<Title extends TitleField, Extra> = Partial<ListingColumns<Title>> &
  Partial<PictureColumns> &
  Extra;

/** Owner and pictures of a listing (`findOwner`, `delete`). */
export type ListingOwnerRow<Owner extends string> = Record<Owner, string> & PictureColumns;

/** The SQL a listing service needs (`products/repository.ts`, `services/repository.ts`). */
export interface ListingRepository<ListRow, DetailRow, Owner extends string, Title extends TitleField, Extra>
  extends ListSource<ListRow> {
  /** Adds one view and returns the listing; undefined for an unknown id. */
  findByIdCountingView(id: string): Promise<DetailRow | undefined>;
  /** The listing without counting a view; undefined for an unknown id. */
  findById(id: string): Promise<DetailRow | undefined>;
  findOwner(id: string): Promise<ListingOwnerRow<Owner> | undefined>;
  /** @returns the new id */
  insert(values: NewListing<Owner, Title>): Promise<string>;
  /** Applies `changes` and `updated_at`; false when the listing is gone. */
  update(id: string, changes: ListingChanges<Title, Extra>, now: Date): Promise<boolean>;
  /** @returns the deleted row, or undefined when it was already gone */
  delete(id: string): Promise<ListingOwnerRow<Owner> | undefined>;
}

/**
 * The list answer (spec 3 "Product list response"): `{ <items>: Item[], totalPages, <total>,
 * currentPage }`, e.g. `{ products, totalPages, totalProducts, currentPage }`.
 */
export type ListAnswer<Items extends string, Total extends string, Item> = {
  [K in Items | 'totalPages' | Total | 'currentPage']: K extends Items ? Item[] : number;
};

/** What differs between two listing resources. */
export interface ListingConfig<
  Resource extends PictureFolder & CacheTag,
  Total extends string,
  Owner extends string,
  Title extends TitleField,
  ListRow,
  DetailRow,
  Item,
  Detail,
  Extra,
> {
  /** Route, cache tag, picture folder and the list answer's items key ('products'). */
  resource: Resource;
  /** The list answer's total key ('totalProducts'). */
  totalKey: Total;
  /** The 404 message ('Product not found'). */
  notFoundMessage: string;
  /** What a list answer is read from (it is dropped when one of them changes). */
  listTags: readonly CacheTag[];
  /** The owner column ('seller_id'); its value is the owning user's id. */
  ownerColumn: Owner;
  /** The form field and column of the title. */
  titleField: Title;
  /** The categories the form accepts. */
  categories: readonly string[];
  repository: ListingRepository<ListRow, DetailRow, Owner, Title, Extra>;
  /** The user's listings, newest first, at most `limit` (`mine`). */
  findByOwner(ownerId: string, limit: number): Promise<DetailRow[]>;
  /** Most listings `mine` returns. */
  mineLimit: number;
  /** The number the stats show (`count`). */
  count(): Promise<number>;
  toListItem(row: ListRow): Item;
  toDetail(row: DetailRow): Detail;
  /**
   * Checks the resource's own edit fields (products: status) after the listing fields, before
   * any error is thrown; returns their changes (only what was sent).
   */
  checkEdit?(check: FormChecker, fields: ReadForm['fields']): Extra;
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
}

/**
 * Builds a listing service from `config`; it owns the cache of list totals. Cache keys are
 * `<resource>:list:<listKey>` (tags `listTags`) and `<resource>:count` (tag `resource`); every
 * write drops the totals and the answers tagged `resource`.
 * @returns `list`, `getAndCountView`, `count`, `mine`, `create`, `update`, `remove`, `invalidate`
 */
export function listingService<
  Resource extends PictureFolder & CacheTag,
  Total extends string,
  Owner extends string,
  Title extends TitleField,
  ListRow,
  DetailRow,
  Item,
  Detail,
  Extra = Record<never, never>,
>(
  config: ListingConfig<Resource, Total, Owner, Title, ListRow, DetailRow, Item, Detail, Extra>,
  deps: ListingServiceDeps = {},
) {
  type OwnerAndTitle = Record<Owner | Title, string>;
  const { resource, notFoundMessage, ownerColumn, titleField, categories, repository, toDetail } = config;
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
     * `GET /<resource>`: one page with exact totals (cached).
     * @throws HttpError 400 when minPrice > maxPrice
     */
    async list(query: ListQuery): Promise<ListAnswer<Resource, Total, Item>> {
      return responses.get(`${resource}:list:${listKey(query)}`, config.listTags, async () => {
        const page = await listPage(repository, totals, query);
        return {
          [resource]: page.rows.map(config.toListItem),
          totalPages: page.totalPages,
          [config.totalKey]: page.total,
          currentPage: page.currentPage,
        } as ListAnswer<Resource, Total, Item>;
      });
    },

    /**
     * `GET /<resource>/:id`: the listing, counting one view.
     * @throws HttpError 404 `notFoundMessage` for an unknown or malformed id
     */
    async getAndCountView(id: string): Promise<Detail> {
      const row = isUuid(id) ? await repository.findByIdCountingView(id) : undefined;
      if (!row) throw notFound(notFoundMessage);
      return toDetail(row);
    },

    /** `config.count`, cached under `<resource>:count`. */
    count: () => responses.get(`${resource}:count`, [resource], () => config.count()),

    /** `GET /<resource>/mine`: the user's listings, newest first, at most `mineLimit`. */
    async mine(userId: string): Promise<Detail[]> {
      return (await config.findByOwner(userId, config.mineLimit)).map(toDetail);
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
      const cover = form.files.coverImage?.[0];
      if (!cover) check.fail('coverImage', COVER_REQUIRED_MESSAGE);
      check.throwIfInvalid();
      // The owner and title columns are the resource's (seller_id and title for products).
      const named = { [ownerColumn]: user.id, [titleField]: fields.title as string } as OwnerAndTitle;
      const id = await withStoredPictures(
        storage(),
        resource,
        { cover, photos: form.files.photos },
        (stored) =>
          repository.insert({
            ...named,
            description: fields.description as string,
            price: fields.price as number,
            category: fields.category as string,
            cover_image: stored.coverImage ?? null,
            cover_thumbnail: stored.coverThumbnail ?? null,
            photos: stored.photos,
          }),
      );
      await changed();
      return detail(id);
    },

    /**
     * `PATCH /<resource>/:id`: any of the listing fields, the resource's own (`checkEdit`), a new
     * coverImage, new photos (replacing the current ones) or clearPhotos=true. Replaced
     * pictures' files are deleted after the update.
     * @throws HttpError 404 unknown listing, 403 not the owner, 400 invalid or nothing to update, 413
     */
    async update(user: SessionUser, id: string, form: ReadForm): Promise<Detail> {
      const before = await owned(id);
      assertCanChange(before[ownerColumn], user, 'edit');
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, { titleField, categories, required: false });
      const extra = config.checkEdit?.(check, form.fields);
      check.throwIfInvalid();
      // Only what was sent (title column, description, price, category, then `extra`); a loose
      // record because the title column is the resource's, typed again for the repository.
      const changes: Record<string, unknown> = {};
      if (fields.title !== undefined) changes[titleField] = fields.title;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.price !== undefined) changes.price = fields.price;
      if (fields.category !== undefined) changes.category = fields.category;
      Object.assign(changes, extra);
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
        const written = await repository.update(id, changes as ListingChanges<Title, Extra>, now());
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
     * `DELETE /<resource>/:id`: by the owner or an admin; deletes the pictures' files too.
     * @throws HttpError 404 unknown listing, 403 neither the owner nor an admin
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const before = await owned(id);
      assertCanChange(before[ownerColumn], user, 'delete');
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
