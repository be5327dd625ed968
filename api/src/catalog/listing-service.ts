/**
 * The use cases products and services share (docs/product.md §3 "Product" / "Service", docs/product.md §7, §15):
 * the paged list with its totals (exact up to 1 000 matches, ADR 0037; cached, `count-cache.ts`), the detail page with view
 * counting, the count for the stats, the owner's own listings, and the multipart create / edit /
 * delete with pictures and owner checks. The list and count answers are cached for a few
 * seconds (`response-cache.ts`). `products/service.ts` and `services/service.ts` configure it
 * with what differs: names, messages, cache tags and how a row is shown in JSON; the SQL is the
 * listing repository's (`repository.ts`), configured by table.
 */

import type { SessionUser } from '../auth/session-user.ts';
import { isUuid } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { ratingOf } from '../deals/rating.ts';
import type { EngagementCounters } from '../engagement/counters.ts';
import type { Visit } from '../engagement/visitor.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentSignals, type StoredSignal } from '../safety/rules.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, withStoredPictures } from '../selling/images.ts';
import { COVER_REQUIRED_MESSAGE, checkListingFields, NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange, assertEditable } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import type { Storage } from '../uploads/storage.ts';
import { CountCache, type TotalsCache } from './count-cache.ts';
import type { ListingKind } from './kinds.ts';
import { type CachedTotal, type ListPage, listAnswer, listKey, listPage, listRequest } from './listing.ts';
import type {
  ListingChanges,
  ListingDetailRow,
  ListingRepository,
  ListingRow,
  ListingTableName,
} from './repository.ts';
import { ResponseCache } from './response-cache.ts';
import type { SynonymMap } from './search.ts';

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

/** A listing resource: its kind (`kinds.ts`: names, categories, cache tags, rules), its SQL and its JSON. */
export interface ListingConfig<Json extends ListingJson> {
  /**
   * The kind, described once; where kinds differ the service calls its rules (`kind.rules`:
   * products read `condition`, `negotiable` and course codes on create and edit, docs/product.md
   * §20.4, §31, an edit may set `status`, §20.5, and their lists filter by `condition`).
   */
  kind: ListingKind;
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
  /**
   * Largest list total counted exactly; above it the total is an estimate (ADR 0037). Default
   * `EXACT_COUNT_LIMIT` (1000); tests lower it.
   */
  exactCountLimit?: number;
  /** The current synonym groups a search expands with (docs/product.md §31). Default: none. */
  synonyms?: () => Promise<SynonymMap>;
  /** "Did you mean" searches for the words of a search that found nothing (docs/product.md §31). Default: none. */
  suggest?: (words: readonly string[]) => Promise<string[]>;
  /**
   * The scam signals (docs/product.md §29): told of every write (with the new pictures' dHashes)
   * and delete. Default: none computed.
   */
  signals?: {
    listingWritten(type: ListingTableName, id: string, hashes: ReadonlyMap<string, bigint>): Promise<void>;
    listingRemoved(type: ListingTableName, id: string): Promise<void>;
  };
  /**
   * Called with a listing's id after it went live: created, or a product set back to available
   * (docs/product.md §30: saved-search alerts). Must not throw.
   */
  onLive?: (id: string) => Promise<void>;
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
  const { repository, present } = config;
  const { many: resource, notFoundMessage, titleField, categories, listTags, mineLimit, rules } = config.kind;
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
  /** The detail with the scam signals that hold now (docs/product.md §29; `currentSignals`). */
  const toDetail = (row: ListingDetailRow): Detail =>
    ({
      ...(present.detail(row) as object),
      safetySignals: currentSignals(row.safety_signals, now()),
    }) as Detail;
  /** A cached detail's signals filtered again at read time (the time-bound ones expire). */
  const signalsNow = (detail: Detail, stored: StoredSignal[] | undefined): Detail =>
    ({ ...(detail as object), safetySignals: currentSignals(stored, now()) }) as Detail;
  const counters = deps.counters;
  /**
   * The public detail of `id` from the response cache (`<resource>:one:<id>`, the list's tags:
   * a write to the listing, its shop or owner drops it), with this process's view mark taken
   * just before the row was read (`EngagementCounters.viewMark`).
   * @throws HttpError 404 for an unknown, malformed or non-public id (not cached)
   */
  async function publicDetail(id: string): Promise<{ detail: Detail; mark: number }> {
    if (!isUuid(id)) throw notFound(notFoundMessage);
    const cached = await responses.get(`${resource}:one:${id.toLowerCase()}`, listTags, async () => {
      const mark = counters?.viewMark(resource, id.toLowerCase()) ?? 0;
      const row = await repository.findVisibleById(id);
      if (!row) throw notFound(notFoundMessage);
      return { detail: toDetail(row), mark, signals: row.safety_signals ?? [] };
    });
    return { detail: signalsNow(cached.detail, cached.signals), mark: cached.mark };
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
     * `GET /<resource>`: one page with its total (cached; exact up to `EXACT_COUNT_LIMIT`
     * matches, else an estimate flagged `totalIsEstimate`, ADR 0037). The query is checked and its
     * search parsed once (`listRequest`), for the cache key and the SQL alike.
     * @throws HttpError 400 when minPrice > maxPrice, or for an unknown university
     */
    async list(query: ListQuery): Promise<ListPage<Item>> {
      const request = listRequest(query, rules.listOptions);
      const search = request.filter.search;
      return responses.get(`${resource}:list:${listKey(request)}`, listTags, async () => {
        // docs/product.md §31: the search expanded with the synonyms (same cache key: the typed words).
        const synonyms = search && deps.synonyms ? await deps.synonyms() : undefined;
        const page = await listPage(
          repository,
          totals,
          synonyms ? listRequest(query, { ...rules.listOptions, synonyms }) : request,
          deps.exactCountLimit === undefined ? {} : { exactCountLimit: deps.exactCountLimit },
        );
        const suggestions =
          page.total === 0 && search && deps.suggest ? await deps.suggest(search.words) : [];
        return {
          ...page,
          rows: page.rows.map((row): Item => present.item(row)),
          ...(suggestions.length > 0 ? { suggestions } : {}),
        };
      });
    },

    /**
     * `GET /<resource>/:id`: the listing (cached, see `publicDetail`), counting one view in memory
     * (docs/product.md §20.10: no write per read; the counts are written in batches), once per `visit`'s
     * visitor per day within the burst rule (ADR 0031); no view is counted without a `visit` (the
     * visitor could not be identified, e.g. the day's salt was unreadable). `views` is the
     * stored count plus the views this process counted since that was read and has not written
     * yet: another process's views show after its flush and this cache's refresh.
     * @throws HttpError 404 `notFoundMessage` for an unknown or malformed id
     */
    async getAndCountView(id: string, visit?: Visit): Promise<Detail> {
      const { detail, mark } = await publicDetail(id);
      const key = id.toLowerCase();
      if (!counters) return detail;
      if (visit) counters.view(resource, key, visit);
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
          available: row.public && rules.available(row),
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
      const rows = await repository.findByOwner(userId, mineLimit);
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
      const own = rules.createFields(check, form.fields, fields.category);
      const cover = form.files.coverImage?.[0];
      if (!cover) check.fail('coverImage', COVER_REQUIRED_MESSAGE);
      check.throwIfInvalid();
      let hashes: ReadonlyMap<string, bigint> = new Map();
      const id = await withStoredPictures(
        storage(),
        resource,
        { cover, photos: form.files.photos },
        (stored) => {
          hashes = stored.hashes;
          return repository.insert({
            owner_id: user.id,
            title: fields.title as string,
            description: fields.description as string,
            price: fields.price as number,
            category: fields.category as string,
            cover_image: stored.coverImage ?? null,
            cover_thumbnail: stored.coverThumbnail ?? null,
            photos: stored.photos,
            ...own,
          });
        },
      );
      await deps.signals?.listingWritten(resource, id, hashes);
      await changed();
      await deps.onLive?.(id);
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
      const category = fields.category ?? before.category;
      const own = rules.editFields(check, form.fields, category, fields.category !== undefined);
      check.throwIfInvalid();
      // Only what was sent.
      const changes: ListingChanges = {};
      if (fields.title !== undefined) changes.title = fields.title;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.price !== undefined) changes.price = fields.price;
      if (fields.category !== undefined) changes.category = fields.category;
      Object.assign(changes, own);
      const cover = form.files.coverImage?.[0];
      const photos = form.files.photos ?? [];
      const clearPhotos = check.flag(form.fields.clearPhotos);
      if (Object.keys(changes).length === 0 && !cover && photos.length === 0 && !clearPhotos) {
        throw new HttpError(400, NOTHING_TO_UPDATE_MESSAGE);
      }
      let hashes: ReadonlyMap<string, bigint> = new Map();
      await withStoredPictures(storage(), resource, { cover, photos }, async (stored) => {
        hashes = stored.hashes;
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
      await deps.signals?.listingWritten(resource, id, hashes);
      await changed();
      if (rules.backOnMarket(own)) await deps.onLive?.(id.toLowerCase());
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
      await deps.signals?.listingRemoved(resource, id);
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

/**
 * The service of one kind's routes (products, services): `listingService` for `kind`, whose
 * list item is `item(row)` and whose detail is the item with the detail page's fields
 * (`listingDetailFields`) and the owner's detail under the kind's `ownerKey`
 * (`listingOwnerDetail`); its `list` answers with the kind's names
 * (`{ products, totalPages, totalProducts, currentPage }`, `listAnswer`) and its count is
 * `countListed` (docs/product.md §7 `GET /products/get-products-count`: listed products,
 * available and reserved; every public service). Cache keys `<many>:list:…` and `<many>:count`.
 * @throws HttpError 404 `kind.notFoundMessage` from the reads and writes of one listing
 */
export function kindService<Item extends object, Detail, const K extends ListingKind = ListingKind>(
  kind: K,
  repository: ListingRepository,
  item: (row: ListingRow) => Item,
  deps: ListingServiceDeps = {},
) {
  const detail = (row: ListingDetailRow) =>
    ({
      ...item(row),
      ...listingDetailFields(row),
      [kind.ownerKey]: listingOwnerDetail(row),
    }) as Detail;
  const { list, count, ...service } = listingService<{ item: Item; detail: Detail }>(
    { kind, repository, present: { item, detail } },
    deps,
  );
  return {
    ...service,
    /** `GET /<many>`: `{ <many>, totalPages, <totalKey>, currentPage }`. */
    list: async (query: ListQuery) =>
      listAnswer(await list(query), kind.many as K['many'], kind.totalKey as K['totalKey']),
    /** Number of listed listings (cached under `<many>:count`). */
    countListed: count,
  };
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

/**
 * The owner as a list item shows it (the seller of a product, the provider of a service), with
 * their rating (docs/product.md §28) when the row carries it.
 */
export function listingOwner(row: ListingRow) {
  return {
    _id: row.owner_id,
    firstName: row.owner_first_name,
    whatsApp: row.owner_whatsapp,
    university: row.owner_university,
    verifiedStudent: row.owner_verified_student,
    ...(row.owner_rating_count === undefined
      ? {}
      : { rating: ratingOf(row.owner_rating_count, row.owner_rating_sum ?? 0) }),
  };
}

/** The owner as the detail page shows it: the list's fields plus lastName and photo. */
export function listingOwnerDetail(row: ListingDetailRow) {
  return { ...listingOwner(row), lastName: row.owner_last_name, photo: row.owner_photo };
}

/**
 * The detail page's own fields: photos, updatedAt, the moderation state (docs/product.md §19) and
 * the scam signals that hold now (docs/product.md §29; the service filters them again with its clock).
 */
export function listingDetailFields(row: ListingDetailRow) {
  return {
    photos: row.photos,
    updatedAt: row.updated_at.toISOString(),
    moderation: row.moderation,
    moderationReason: row.moderation_reason,
    safetySignals: currentSignals(row.safety_signals, new Date()),
  };
}
