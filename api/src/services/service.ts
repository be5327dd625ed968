/**
 * Services use cases (the offered services, spec 3 "Service"): the paged list with exact
 * totals (cached), the detail page with view counting, and the count for the stats.
 */
import { CountCache } from '../catalog/count-cache.ts';
import { type CachedTotal, listPage } from '../catalog/listing.ts';
import { isUuid } from '../common/http.ts';
import type { ListQuery } from '../common/schemas.ts';
import { notFound } from '../errors.ts';
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

/** Builds the services service; it owns the cache of list totals. */
export function servicesService(repository: ServicesRepository) {
  const totals = new CountCache<CachedTotal>();
  return {
    /**
     * `GET /services`: one page of services with exact totals.
     * @throws HttpError 400 when minPrice > maxPrice
     */
    async list(query: ListQuery) {
      const page = await listPage(repository, totals, query);
      return {
        services: page.rows.map(toListItem),
        totalPages: page.totalPages,
        totalServices: page.total,
        currentPage: page.currentPage,
      };
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
    countAll: () => repository.countAll(),

    /** Forget cached list totals: call after every write to services (create, update, delete). */
    invalidate: () => totals.invalidate(),
  };
}
