/**
 * SQL of the services resource (docs/product.md §3 "Service"): the catalog's listing repository
 * (`catalog/repository.ts`) over table `services`. Services have no status and no shop: every
 * public service is listed; its provider is required.
 */
import type { Kysely } from 'kysely';
import { type ListingRepository, type ListingTable, listingRepository } from '../catalog/repository.ts';
import type { Database } from '../db/schema.ts';

/** Table `services`: owner `provider_id`, title `name`, no status, no shop. */
export const SERVICES_TABLE: ListingTable = {
  table: 'services',
  ownerColumn: 'provider_id',
  titleColumn: 'name',
  sellable: false,
};

export type ServicesRepository = ListingRepository;

/** Builds the services repository over `db`. */
export function servicesRepository(db: Kysely<Database>): ServicesRepository {
  return listingRepository(db, SERVICES_TABLE);
}
