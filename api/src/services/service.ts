/**
 * Services use cases (the offered services, spec 3 "Service"): the paged list with exact
 * totals (cached), the detail page with view counting, and the count for the stats. The list
 * and the count answers are cached for a few seconds (`catalog/response-cache.ts`).
 */
import { SERVICE_CATEGORIES } from '@campus/shared/constants';
import { CountCache } from '../catalog/count-cache.ts';
import { type CachedTotal, listKey, listPage } from '../catalog/listing.ts';
import { type CacheTag, ResponseCache } from '../catalog/response-cache.ts';
import { isUuid } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import type { ServiceUpdate } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/app/auth.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, withStoredPictures } from '../selling/images.ts';
import { COVER_REQUIRED_MESSAGE, checkListingFields, NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import type { Storage } from '../uploads/storage.ts';
import type { ServiceDetailRow, ServiceListRow, ServicesRepository } from './repository.ts';

export const SERVICE_NOT_FOUND = 'Service not found';

/** A service as the list sends it. */
export interface ServiceListItem {
  _id: string;
  name: string;
  description: string;
  /** KES */
  price: number;
  category: string;
  coverImage: string | null;
  coverThumbnail: string | null;
  views: number;
  createdAt: string;
  provider: { _id: string; firstName: string; whatsApp: string };
}

export interface ServiceDetail extends Omit<ServiceListItem, 'provider'> {
  photos: string[];
  updatedAt: string;
  provider: ServiceListItem['provider'] & { lastName: string; university: string; photo: string | null };
}

function toListItem(row: ServiceListRow): ServiceListItem {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    category: row.category,
    coverImage: row.cover_image,
    coverThumbnail: row.cover_thumbnail,
    views: row.views,
    createdAt: row.created_at.toISOString(),
    provider: { _id: row.provider_id, firstName: row.provider_first_name, whatsApp: row.provider_whatsapp },
  };
}

function toDetail(row: ServiceDetailRow): ServiceDetail {
  const item = toListItem(row);
  return {
    ...item,
    photos: row.photos,
    updatedAt: row.updated_at.toISOString(),
    provider: {
      ...item.provider,
      lastName: row.provider_last_name,
      university: row.provider_university,
      photo: row.provider_photo,
    },
  };
}

export type ServicesService = ReturnType<typeof servicesService>;

/** Most services `GET /services/mine` returns (newest first). */
export const MY_SERVICES_LIMIT = 500;

export interface ServicesServiceDeps {
  /** Where service pictures go (needed by the writes). */
  storage?: Storage;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** The app's cache of public answers (default: a private one). */
  responses?: ResponseCache;
}

/** What a list answer is read from: services and their provider (name, WhatsApp). */
const LIST_TAGS: readonly CacheTag[] = ['services', 'users'];

/** Builds the services service; it owns the cache of list totals. */
export function servicesService(repository: ServicesRepository, deps: ServicesServiceDeps = {}) {
  const totals = new CountCache<CachedTotal>();
  const responses = deps.responses ?? new ResponseCache();
  /** Forgets cached totals and answers that hold services (see `invalidate` below). */
  const changed = () => {
    totals.invalidate();
    responses.invalidate('services');
  };
  const now = deps.now ?? (() => new Date());
  const storage = () => {
    if (!deps.storage) throw new Error('servicesService: no storage configured');
    return deps.storage;
  };
  async function detail(id: string): Promise<ServiceDetail> {
    const row = await repository.findById(id);
    if (!row) throw notFound(SERVICE_NOT_FOUND);
    return toDetail(row);
  }
  async function owned(id: string) {
    const row = isUuid(id) ? await repository.findOwner(id) : undefined;
    if (!row) throw notFound(SERVICE_NOT_FOUND);
    return row;
  }
  return {
    /**
     * `GET /services`: one page of services with exact totals.
     * @throws HttpError 400 when minPrice > maxPrice
     */
    async list(query: ListQuery) {
      return responses.get(`services:list:${listKey(query)}`, LIST_TAGS, async () => {
        const page = await listPage(repository, totals, query);
        return {
          services: page.rows.map(toListItem),
          totalPages: page.totalPages,
          totalServices: page.total,
          currentPage: page.currentPage,
        };
      });
    },

    /**
     * `GET /services/:id`: the service, counting one view.
     * @throws HttpError 404 'Service not found' for an unknown or malformed id
     */
    async getAndCountView(id: string): Promise<ServiceDetail> {
      const row = isUuid(id) ? await repository.findByIdCountingView(id) : undefined;
      if (!row) throw notFound(SERVICE_NOT_FOUND);
      return toDetail(row);
    },

    /** Number of services. */
    countAll: () => responses.get('services:count', ['services'], () => repository.countAll()),

    /** `GET /services/mine`: the user's services, newest first. */
    async mine(userId: string): Promise<ServiceDetail[]> {
      return (await repository.findByProvider(userId, MY_SERVICES_LIMIT)).map(toDetail);
    },

    /**
     * `POST /services` (spec 7: multipart name, description, price, category, coverImage,
     * photos repeated). Pictures are checked before anything is written; if the insert fails,
     * the stored pictures are deleted.
     * @throws HttpError 400 (field messages; 'Cover image is required'), 413 (picture too large)
     */
    async create(user: SessionUser, form: ReadForm): Promise<ServiceDetail> {
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, {
        titleField: 'name',
        categories: SERVICE_CATEGORIES,
        required: true,
      });
      const cover = form.files.coverImage?.[0];
      if (!cover) check.fail('coverImage', COVER_REQUIRED_MESSAGE);
      check.throwIfInvalid();
      const id = await withStoredPictures(
        storage(),
        'services',
        { cover, photos: form.files.photos },
        (stored) =>
          repository.insert({
            provider_id: user.id,
            name: fields.title as string,
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
     * `PATCH /services/:id`: any of name, description, price, category, a new coverImage, new
     * photos (replacing the current ones) or clearPhotos=true. Replaced files are deleted.
     * @throws HttpError 404 unknown service, 403 not the provider, 400 invalid or nothing to update, 413
     */
    async update(user: SessionUser, id: string, form: ReadForm): Promise<ServiceDetail> {
      const before = await owned(id);
      assertCanChange(before.provider_id, user, 'edit');
      const check = new FormChecker();
      const fields = checkListingFields(check, form.fields, {
        titleField: 'name',
        categories: SERVICE_CATEGORIES,
        required: false,
      });
      check.throwIfInvalid();
      const changes: ServiceUpdate = {};
      if (fields.title !== undefined) changes.name = fields.title;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.price !== undefined) changes.price = fields.price;
      if (fields.category !== undefined) changes.category = fields.category;
      const cover = form.files.coverImage?.[0];
      const photos = form.files.photos ?? [];
      const clearPhotos = check.flag(form.fields.clearPhotos);
      if (Object.keys(changes).length === 0 && !cover && photos.length === 0 && !clearPhotos) {
        throw new HttpError(400, NOTHING_TO_UPDATE_MESSAGE);
      }
      await withStoredPictures(storage(), 'services', { cover, photos }, async (stored) => {
        if (stored.coverImage) {
          changes.cover_image = stored.coverImage;
          changes.cover_thumbnail = stored.coverThumbnail ?? null;
        }
        if (photos.length > 0) changes.photos = stored.photos;
        else if (clearPhotos) changes.photos = [];
        if (!(await repository.update(id, changes, now()))) throw notFound(SERVICE_NOT_FOUND);
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
     * `DELETE /services/:id`: by the provider or an admin; deletes the pictures' files too.
     * @throws HttpError 404 unknown service, 403 neither the provider nor an admin
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const before = await owned(id);
      assertCanChange(before.provider_id, user, 'delete');
      const deleted = await repository.delete(id);
      if (!deleted) throw notFound(SERVICE_NOT_FOUND);
      changed();
      await deletePictures(storage(), [deleted.cover_image, deleted.cover_thumbnail, ...deleted.photos]);
    },

    /**
     * Forget cached list totals and cached answers holding services: call after every write to
     * services (the write routes above do: create, update, delete).
     */
    invalidate: changed,
  };
}
