/**
 * SQL of the services resource (spec 3 "Service"). Services have no status and no shop: every
 * service is listed; its provider is required.
 */
import { type Kysely, sql } from 'kysely';
import type { ListSource } from '../catalog/listing.ts';
import {
  type ListFilter,
  listConditions,
  listRelevance,
  pageOrder,
  visibleToPublic,
} from '../catalog/repository.ts';
import type { SearchMode } from '../catalog/search.ts';
import type { Database, ModerationState, NewService, ServiceUpdate } from '../db/schema.ts';

/** One row of the services list. */
export interface ServiceListRow {
  id: string;
  name: string;
  description: string;
  price: string;
  category: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  views: number;
  created_at: Date;
  provider_id: string;
  provider_first_name: string;
  provider_whatsapp: string;
  provider_university: string;
  /** Issue 12 item 5. */
  provider_verified_student: boolean;
}

/** The columns a write needs to check ownership and clean up pictures. */
export interface ServiceOwnerRow {
  id: string;
  provider_id: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  photos: string[];
}

/** A service with everything the detail page needs. */
export interface ServiceDetailRow extends ServiceListRow {
  photos: string[];
  updated_at: Date;
  provider_last_name: string;
  provider_photo: string | null;
  /** Issue 12: 'held' / 'hidden' listings are shown to their owner as "Under review". */
  moderation: ModerationState;
  moderation_reason: string | null;
}

export type ServicesRepository = ReturnType<typeof servicesRepository>;

/** Builds the services repository over `db`. */
export function servicesRepository(db: Kysely<Database>) {
  const listColumns = [
    's.id',
    's.name',
    's.description',
    's.price',
    's.category',
    's.cover_image',
    's.cover_thumbnail',
    's.views',
    's.created_at',
    'u.id as provider_id',
    'u.first_name as provider_first_name',
    'u.whatsapp as provider_whatsapp',
    'u.university as provider_university',
    'u.verified_student as provider_verified_student',
  ] as const;
  const detailColumns = [
    's.photos',
    's.updated_at',
    'u.last_name as provider_last_name',
    'u.photo as provider_photo',
    's.moderation',
    's.moderation_reason',
  ] as const;

  const source: ListSource<ServiceListRow> = {
    async findPage(filter: ListFilter, mode: SearchMode, offset: number, limit: number) {
      // Rank and page the matches on services alone; join the provider for the page only.
      const relevance = listRelevance(filter, mode, 's', 'name');
      const top = db
        .selectFrom('services as s')
        .select(['s.id', 's.created_at'])
        .$if(relevance !== null, (qb) => qb.select(relevance!.as('relevance')))
        .where((eb) => eb.and(listConditions(filter, mode, 's', 'name', 'provider_id')))
        .orderBy(pageOrder(relevance && 'relevance', 's'))
        .limit(limit)
        .offset(offset)
        .as('top');
      return db
        .selectFrom(top)
        .innerJoin('services as s', 's.id', 'top.id')
        .innerJoin('users as u', 'u.id', 's.provider_id')
        .select(listColumns)
        .orderBy(pageOrder(relevance && 'top.relevance', 'top'))
        .execute();
    },
    async count(filter: ListFilter, mode: SearchMode) {
      const row = await db
        .selectFrom('services as s')
        .select(sql<string>`count(*)`.as('count'))
        .where((eb) => eb.and(listConditions(filter, mode, 's', 'name', 'provider_id')))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };

  return {
    ...source,

    /**
     * Adds one view and returns the service with its provider, in one statement; services the
     * public may not see (`visibleToPublic`) are not found.
     * @returns undefined when no public service has this id
     */
    async findByIdCountingView(id: string): Promise<ServiceDetailRow | undefined> {
      return db
        .with('s', (qc) =>
          qc
            .updateTable('services')
            .set((eb) => ({ views: eb('views', '+', 1) }))
            .where('id', '=', id)
            .where(visibleToPublic('services'))
            .returningAll(),
        )
        .selectFrom('s')
        .innerJoin('users as u', 'u.id', 's.provider_id')
        .select(listColumns)
        .select(detailColumns)
        .executeTakeFirst();
    },

    /** The service with its provider, without counting a view. */
    async findById(id: string): Promise<ServiceDetailRow | undefined> {
      return db
        .selectFrom('services as s')
        .innerJoin('users as u', 'u.id', 's.provider_id')
        .select(listColumns)
        .select(detailColumns)
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    /** Every service of `providerId`, newest first, at most `limit`. */
    async findByProvider(providerId: string, limit: number): Promise<ServiceDetailRow[]> {
      return db
        .selectFrom('services as s')
        .innerJoin('users as u', 'u.id', 's.provider_id')
        .select(listColumns)
        .select(detailColumns)
        .where('s.provider_id', '=', providerId)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Owner and pictures of a service, or undefined. */
    async findOwner(id: string): Promise<ServiceOwnerRow | undefined> {
      return db
        .selectFrom('services')
        .select(['id', 'provider_id', 'cover_image', 'cover_thumbnail', 'photos'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Inserts a service; returns its id. */
    async insert(values: Omit<NewService, 'search' | 'views'>): Promise<string> {
      const row = await db.insertInto('services').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Applies `changes` and `updated_at`; returns false when the service is gone. */
    async update(id: string, changes: ServiceUpdate, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('services')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the service; returns its pictures, or undefined when it was already gone. */
    async delete(id: string): Promise<ServiceOwnerRow | undefined> {
      return db
        .deleteFrom('services')
        .where('id', '=', id)
        .returning(['id', 'provider_id', 'cover_image', 'cover_thumbnail', 'photos'])
        .executeTakeFirst();
    },

    /** Number of public services (spec 7 `GET /services/get-services-count`). */
    async countAll(): Promise<number> {
      const row = await db
        .selectFrom('services as s')
        .select(sql<string>`count(*)`.as('count'))
        .where(visibleToPublic('s'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
