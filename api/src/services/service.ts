/**
 * Services use cases (the offered services, docs/product.md §3 "Service", docs/product.md §7): the shared listing
 * service (`catalog/listing-service.ts`) configured for services. Services have no status and
 * no shop: every service is listed and counted; the owner is the provider, the title is `name`.
 */
import { SERVICE_CATEGORIES, type ServiceCategory } from '@campus/shared/constants';
import type { ServiceDetail, ServiceListItem } from '@campus/shared/contract';
import { listAnswer } from '../catalog/listing.ts';
import {
  type ListingServiceDeps,
  listingDetailFields,
  listingFields,
  listingOwner,
  listingOwnerDetail,
  listingService,
} from '../catalog/listing-service.ts';
import type { ListingDetailRow, ListingRow } from '../catalog/repository.ts';
import type { CacheTag } from '../catalog/response-cache.ts';
import type { ListQuery } from '../common/schemas.ts';
import type { ServicesRepository } from './repository.ts';

export const SERVICE_NOT_FOUND = 'Service not found';

/** A service row as the lists show it (also the seller page's items, docs/product.md §20.8). */
export function serviceListItem(row: ListingRow): ServiceListItem {
  return {
    ...listingFields(row),
    name: row.title,
    // The column's CHECK constraint (migration 0001) holds it to SERVICE_CATEGORIES.
    category: row.category as ServiceCategory,
    provider: listingOwner(row),
  };
}

function toDetail(row: ListingDetailRow): ServiceDetail {
  return { ...serviceListItem(row), ...listingDetailFields(row), provider: listingOwnerDetail(row) };
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
 * @returns the listing service (`catalog/listing-service.ts`) with `countAll` (docs/product.md §7
 *   `GET /services/get-services-count`) for its count
 * @throws HttpError 404 'Service not found' from the reads and writes of one service
 */
export function servicesService(repository: ServicesRepository, deps: ServicesServiceDeps = {}) {
  const { list, count, ...service } = listingService<{ item: ServiceListItem; detail: ServiceDetail }>(
    {
      resource: 'services',
      notFoundMessage: SERVICE_NOT_FOUND,
      listTags: LIST_TAGS,
      titleField: 'name',
      categories: SERVICE_CATEGORIES,
      sellable: false,
      mineLimit: MY_SERVICES_LIMIT,
      repository,
      present: { item: serviceListItem, detail: toDetail },
    },
    deps,
  );
  return {
    ...service,
    /** `GET /services`: `{ services, totalPages, totalServices, currentPage }`. */
    list: async (query: ListQuery) => listAnswer(await list(query), 'services', 'totalServices'),
    /** Number of services (cached under `services:count`). */
    countAll: count,
  };
}
