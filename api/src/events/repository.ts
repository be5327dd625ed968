/**
 * SQL of campus events (migration 0004; docs/product.md §15). Upcoming means not over yet:
 * `coalesce(ends_at, starts_at) >= now` (an event without an end time stays listed until it
 * starts), soonest first (`events_upcoming_idx`).
 */
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, EventRow, NewEvent } from '../db/schema.ts';

/** An event (every column of `events`) with its organizer's first name and WhatsApp number. */
export type EventWithOrganizerRow = EventRow & {
  organizer_first_name: string;
  organizer_whatsapp: string;
};

export type EventChanges = Partial<
  Pick<
    EventRow,
    | 'title'
    | 'description'
    | 'starts_at'
    | 'ends_at'
    | 'venue'
    | 'university'
    | 'cover_image'
    | 'cover_thumbnail'
  > & { price: number | null }
>;

export type EventsRepository = ReturnType<typeof eventsRepository>;

/** Builds the events repository over `db`. */
export function eventsRepository(db: Kysely<Database>) {
  const withOrganizer = () =>
    db
      .selectFrom('events as e')
      .innerJoin('users as u', 'u.id', 'e.organizer_id')
      .select([
        'e.id',
        'e.title',
        'e.description',
        'e.starts_at',
        'e.ends_at',
        'e.venue',
        'e.university',
        'e.cover_image',
        'e.cover_thumbnail',
        'e.price',
        'e.created_at',
        'e.updated_at',
        'u.id as organizer_id',
        'u.first_name as organizer_first_name',
        'u.whatsapp as organizer_whatsapp',
      ]);
  /**
   * The public list's conditions: not over at `now` (the end, or the start when there is no end,
   * is at or after `now`) and, when given, at `university` (compared case-insensitively: the
   * event's university is free text; docs/product.md §20.9).
   */
  const upcoming = (now: Date, university: string | undefined) => {
    const conditions = [sql<SqlBool>`coalesce(e.ends_at, e.starts_at) >= ${now}`];
    if (university !== undefined) conditions.push(sql<SqlBool>`lower(e.university) = lower(${university})`);
    return conditions;
  };
  return {
    /** One page of events not over at `now` (at `university` when given), soonest first. */
    async findUpcoming(
      now: Date,
      offset: number,
      limit: number,
      university?: string,
    ): Promise<EventWithOrganizerRow[]> {
      return withOrganizer()
        .where((eb) => eb.and(upcoming(now, university)))
        .orderBy('e.starts_at', 'asc')
        .orderBy('e.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Number of events not over at `now` (at `university` when given). */
    async countUpcoming(now: Date, university?: string): Promise<number> {
      const row = await db
        .selectFrom('events as e')
        .select(sql<string>`count(*)`.as('count'))
        .where((eb) => eb.and(upcoming(now, university)))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Events of `organizerId` (past ones too), latest start first, at most `limit`. */
    async findByOrganizer(organizerId: string, limit: number): Promise<EventWithOrganizerRow[]> {
      return withOrganizer()
        .where('e.organizer_id', '=', organizerId)
        .orderBy('e.starts_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One event with its organizer, or undefined. */
    async findById(id: string): Promise<EventWithOrganizerRow | undefined> {
      return withOrganizer().where('e.id', '=', id).executeTakeFirst();
    },

    /** The bare row (owner, times and pictures, for writes), or undefined. */
    async findRow(id: string): Promise<EventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts an event; returns its id. */
    async insert(values: NewEvent): Promise<string> {
      const row = await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Applies `changes` and `updated_at`; false when the event is gone. */
    async update(id: string, changes: EventChanges, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the event; returns the row, or undefined when it was already gone. */
    async delete(id: string): Promise<EventRow | undefined> {
      return db.deleteFrom('events').where('id', '=', id).returningAll().executeTakeFirst();
    },
  };
}
