/**
 * Services use cases (the offered services, docs/product.md §3 "Service", docs/product.md §7): the shared listing
 * service (`catalog/listing-service.ts`) configured for services. Services have no status and
 * no shop: every service is listed and counted; the owner is the provider, the title is `name`.
 */
import type { ServiceCategory } from '@campus/shared/constants';
import type { ServiceDetail, ServiceListItem } from '@campus/shared/contract';
import { SERVICE_KIND } from '../catalog/kinds.ts';
import {
  kindService,
  type ListingServiceDeps,
  listingFields,
  listingOwner,
} from '../catalog/listing-service.ts';
import type { ListingRow } from '../catalog/repository.ts';
import type { ServicesRepository } from './repository.ts';

export const SERVICE_NOT_FOUND = SERVICE_KIND.notFoundMessage;

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

export type ServicesService = ReturnType<typeof servicesService>;

/** Most services `GET /services/mine` returns (newest first). */
export const MY_SERVICES_LIMIT = SERVICE_KIND.mineLimit;

/** The services service's storage, clock and response cache. */
export type ServicesServiceDeps = ListingServiceDeps;

/**
 * Builds the services service (`kindService`): the list answer is
 * `{ services, totalPages, totalServices, currentPage }`; `countListed` counts the listed services.
 * @throws HttpError 404 'Service not found' from the reads and writes of one service
 */
export function servicesService(repository: ServicesRepository, deps: ServicesServiceDeps = {}) {
  return kindService<ServiceListItem, ServiceDetail, typeof SERVICE_KIND>(
    SERVICE_KIND,
    repository,
    serviceListItem,
    deps,
  );
}
