/**
 * Services use cases (the offered services, spec 3 "Service", spec 7): the shared listing
 * service (`catalog/listing-service.ts`) configured for services. Services have no status and
 * no shop: every service is listed and counted; the owner is the provider, the title is `name`.
 */
import { SERVICE_CATEGORIES } from '@campus/shared/constants';
import { type ListingServiceDeps, listingService } from '../catalog/listing-service.ts';
import type { CacheTag } from '../catalog/response-cache.ts';
import type { ModerationState } from '../db/schema.ts';
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
  /** `verifiedStudent` and `university`: the badge "Verified student at <university>" (issue 12). */
  provider: {
    _id: string;
    firstName: string;
    whatsApp: string;
    university: string;
    verifiedStudent: boolean;
  };
}

export interface ServiceDetail extends Omit<ServiceListItem, 'provider'> {
  photos: string[];
  updatedAt: string;
  provider: ServiceListItem['provider'] & { lastName: string; photo: string | null };
  /** Issue 12: 'held'/'hidden' only ever reach the owner (`/services/mine`): "Under review". */
  moderation: ModerationState;
  /** The moderator's reason for a hidden service, or null. */
  moderationReason: string | null;
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
    provider: {
      _id: row.provider_id,
      firstName: row.provider_first_name,
      whatsApp: row.provider_whatsapp,
      university: row.provider_university,
      verifiedStudent: row.provider_verified_student,
    },
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
      photo: row.provider_photo,
    },
    moderation: row.moderation,
    moderationReason: row.moderation_reason,
  };
}

export type ServicesService = ReturnType<typeof servicesService>;

/** Most services `GET /services/mine` returns (newest first). */
export const MY_SERVICES_LIMIT = 500;

/** The services service's storage, clock and response cache. */
export type ServicesServiceDeps = ListingServiceDeps;

/** What a list answer is read from: services and their provider (name, WhatsApp). */
const LIST_TAGS: readonly CacheTag[] = ['services', 'users'];

/**
 * Builds the services service; it owns the cache of list totals. Cache keys `services:list:…`
 * and `services:count`; the list answer is `{ services, totalPages, totalServices, currentPage }`.
 * @returns the listing service (`catalog/listing-service.ts`) with `countAll` (spec 7
 *   `GET /services/get-services-count`) for its count
 * @throws HttpError 404 'Service not found' from the reads and writes of one service
 */
export function servicesService(repository: ServicesRepository, deps: ServicesServiceDeps = {}) {
  const { count, ...service } = listingService(
    {
      resource: 'services',
      totalKey: 'totalServices',
      notFoundMessage: SERVICE_NOT_FOUND,
      listTags: LIST_TAGS,
      ownerColumn: 'provider_id',
      titleField: 'name',
      categories: SERVICE_CATEGORIES,
      repository,
      findByOwner: (providerId, limit) => repository.findByProvider(providerId, limit),
      mineLimit: MY_SERVICES_LIMIT,
      count: () => repository.countAll(),
      toListItem,
      toDetail,
    },
    deps,
  );
  return {
    ...service,
    /** Number of services (cached under `services:count`). */
    countAll: count,
  };
}
