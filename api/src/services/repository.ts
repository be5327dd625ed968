/**
 * SQL of the services resource (docs/product.md §3 "Service"): the catalog's listing repository
 * (`catalog/repository.ts`) over table `services`. Services have no status and no shop: every
 * public service is listed; its provider is required.
 */
import type { Kysely } from 'kysely';
import { listingTable, SERVICE_KIND } from '../catalog/kinds.ts';
import { type ListingRepository, type ListingTable, listingRepository } from '../catalog/repository.ts';
import type { Database } from '../db/schema.ts';

/** Table `services` (the kind's: owner `provider_id`, title `name`, no status, no shop). */
export const SERVICES_TABLE: ListingTable = listingTable(SERVICE_KIND);

export type ServicesRepository = ListingRepository;

/** Builds the services repository over `db`. */
export function servicesRepository(db: Kysely<Database>): ServicesRepository {
  return listingRepository(db, SERVICES_TABLE);
}
