/**
 * Campus events use cases (docs/product.md §15 and §3; fields: title,
 * description, starts at, optional ends at, venue, optional university, optional cover, optional
 * price in KES). Public: the upcoming list and one event. Verified users: their own events,
 * create, edit (owner only), delete (owner or admin).
 */

import { LISTING_LIMITS } from '@campus/shared/constants';
import type { CampusEventJson } from '@campus/shared/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { universityFilter } from '../catalog/listing.ts';
import { isUuid } from '../common/http.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ReadForm } from '../selling/form.ts';
import { deletePictures, withStoredPictures } from '../selling/images.ts';
import { checkTitleAndDescription, NOTHING_TO_UPDATE_MESSAGE } from '../selling/listing.ts';
import { assertCanChange } from '../selling/ownership.ts';
import { FormChecker } from '../selling/validation.ts';
import { kenyanUniversityName } from '../universities/universities.ts';
import type { Storage } from '../uploads/storage.ts';
import type { EventChanges, EventsRepository, EventWithOrganizerRow } from './repository.ts';

export const EVENT_NOT_FOUND = 'Event not found';
export const START_IN_PAST_MESSAGE = 'Start time must be in the future';
export const END_BEFORE_START_MESSAGE = 'End time must be after the start time';
/** Most events `GET /events/mine` returns. */
export const MY_EVENTS_LIMIT = 500;
/** A start this far in the past (ms) still counts as "now" (clock skew, slow form). */
const START_GRACE_MS = 5 * 60_000;

function toJson(row: EventWithOrganizerRow): CampusEventJson {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    venue: row.venue,
    university: row.university,
    coverImage: row.cover_image,
    coverThumbnail: row.cover_thumbnail,
    price: row.price === null ? null : Number(row.price),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    organizer: {
      _id: row.organizer_id,
      firstName: row.organizer_first_name,
      whatsApp: row.organizer_whatsapp,
    },
  };
}

/**
 * Checks the event form. `required` on create: title (3-120), description (10-5000), startsAt
 * and venue (2-200); endsAt, university (a Kenyan university of the list, ADR 0031) and price
 * (KES) are optional ('' clears).
 */
function checkEventFields(check: FormChecker, fields: Record<string, unknown>, required: boolean) {
  const { title, description } = checkTitleAndDescription(check, fields, 'title', required);
  const venue = check.text('venue', 'Venue', fields.venue, {
    required,
    min: LISTING_LIMITS.venueMin,
    max: LISTING_LIMITS.placeMax,
  });
  if (!required) {
    if (title === '') check.fail('title', 'Title is required');
    if (description === '') check.fail('description', 'Description is required');
    if (venue === '') check.fail('venue', 'Venue is required');
  }
  const startsAt = check.dateTime('startsAt', 'Start time', fields.startsAt, { required });
  if (startsAt === null) check.fail('startsAt', 'Start time is required');
  const endsAt = check.dateTime('endsAt', 'End time', fields.endsAt, { required: false });
  const typed = check.text('university', 'University', fields.university, {
    required: false,
    max: LISTING_LIMITS.placeMax,
  });
  // Kenyan universities only, as at signup (ADR 0031), in the list's spelling.
  let university = typed;
  if (typed) {
    university = kenyanUniversityName(typed);
    if (!university) check.fail('university', EVENT_UNIVERSITY_MESSAGE);
  }
  const price = check.price('price', fields.price, { required: false });
  return {
    title: title || undefined,
    description: description || undefined,
    venue: venue || undefined,
    startsAt: startsAt ?? undefined,
    endsAt,
    university,
    price,
  };
}

/** 400 message of an event's university that is not a Kenyan university of the list. */
export const EVENT_UNIVERSITY_MESSAGE = 'University must be a Kenyan university from the list';

export type EventsService = ReturnType<typeof eventsService>;

/** The query of `GET /events`: page (1-based), limit (1..50), optional university (docs/product.md §20.9). */
export interface EventListQuery {
  page: number;
  limit: number;
  university?: string;
}

export interface EventsServiceDeps {
  /** Where event covers go (needed by the writes). */
  storage?: Storage;
  /** Clock (tests may inject one). */
  now?: () => Date;
}

/** Builds the events service. */
export function eventsService(repository: EventsRepository, deps: EventsServiceDeps = {}) {
  const now = deps.now ?? (() => new Date());
  const storage = () => {
    if (!deps.storage) throw new Error('eventsService: no storage configured');
    return deps.storage;
  };
  async function byId(id: string): Promise<CampusEventJson> {
    const row = isUuid(id) ? await repository.findById(id) : undefined;
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return toJson(row);
  }
  async function ownedRow(id: string) {
    const row = isUuid(id) ? await repository.findRow(id) : undefined;
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return row;
  }

  return {
    /**
     * `GET /events`: events not over yet (a running event stays listed until its end; one
     * without an end until its start), soonest first; `university` (docs/product.md §20.9) keeps the
     * events at that Kenyan university.
     * @param page 1-based; @param limit 1..50
     * @throws HttpError 400 `UNKNOWN_UNIVERSITY_MESSAGE` for a university not in the KE list
     */
    async list({ page, limit, university }: EventListQuery) {
      const at = now();
      const campus = universityFilter(university);
      const [rows, total] = await Promise.all([
        repository.findUpcoming(at, (page - 1) * limit, limit, campus),
        repository.countUpcoming(at, campus),
      ]);
      return {
        events: rows.map(toJson),
        totalPages: Math.ceil(total / limit),
        totalEvents: total,
        currentPage: page,
      };
    },

    /**
     * `GET /events/:id`.
     * @throws HttpError 404 'Event not found'
     */
    get: byId,

    /** `GET /events/mine`: the user's events (past ones too), latest start first. */
    async mine(userId: string): Promise<CampusEventJson[]> {
      return (await repository.findByOrganizer(userId, MY_EVENTS_LIMIT)).map(toJson);
    },

    /**
     * `POST /events` (multipart or JSON; coverImage file optional).
     * @throws HttpError 400 (field messages; start in the past; end not after start), 413
     */
    async create(user: SessionUser, form: ReadForm): Promise<CampusEventJson> {
      const check = new FormChecker();
      const fields = checkEventFields(check, form.fields, true);
      if (fields.startsAt && fields.startsAt.getTime() < now().getTime() - START_GRACE_MS) {
        check.fail('startsAt', START_IN_PAST_MESSAGE);
      }
      if (fields.startsAt && fields.endsAt && fields.endsAt <= fields.startsAt)
        check.fail('endsAt', END_BEFORE_START_MESSAGE);
      check.throwIfInvalid();
      const id = await withStoredPictures(
        storage(),
        'events',
        { cover: form.files.coverImage?.[0] },
        (stored) =>
          repository.insert({
            organizer_id: user.id,
            title: fields.title as string,
            description: fields.description as string,
            starts_at: fields.startsAt as Date,
            ends_at: fields.endsAt ?? null,
            venue: fields.venue as string,
            university: fields.university || null,
            price: fields.price ?? null,
            cover_image: stored.coverImage ?? null,
            cover_thumbnail: stored.coverThumbnail ?? null,
          }),
      );
      return byId(id);
    },

    /**
     * `PATCH /events/:id`: any field, a new coverImage (the old files are deleted); endsAt ''
     * removes the end time, price '' makes it free.
     * @throws HttpError 404, 403 not the organizer, 400, 413
     */
    async update(user: SessionUser, id: string, form: ReadForm): Promise<CampusEventJson> {
      const before = await ownedRow(id);
      assertCanChange(before.organizer_id, user, 'edit');
      const check = new FormChecker();
      const fields = checkEventFields(check, form.fields, false);
      const startsAt = fields.startsAt ?? before.starts_at;
      const endsAt = fields.endsAt === undefined ? before.ends_at : fields.endsAt;
      if (fields.startsAt && fields.startsAt.getTime() !== before.starts_at.getTime()) {
        if (fields.startsAt.getTime() < now().getTime() - START_GRACE_MS)
          check.fail('startsAt', START_IN_PAST_MESSAGE);
      }
      if (endsAt && endsAt <= startsAt) check.fail('endsAt', END_BEFORE_START_MESSAGE);
      check.throwIfInvalid();
      const changes: EventChanges = {};
      if (fields.title !== undefined) changes.title = fields.title;
      if (fields.description !== undefined) changes.description = fields.description;
      if (fields.venue !== undefined) changes.venue = fields.venue;
      if (fields.startsAt !== undefined) changes.starts_at = fields.startsAt;
      if (fields.endsAt !== undefined) changes.ends_at = fields.endsAt;
      if (fields.university !== undefined) changes.university = fields.university || null;
      if (fields.price !== undefined) changes.price = fields.price;
      const cover = form.files.coverImage?.[0];
      if (Object.keys(changes).length === 0 && !cover) throw new HttpError(400, NOTHING_TO_UPDATE_MESSAGE);
      await withStoredPictures(storage(), 'events', { cover }, async (stored) => {
        if (stored.coverImage) {
          changes.cover_image = stored.coverImage;
          changes.cover_thumbnail = stored.coverThumbnail ?? null;
        }
        if (!(await repository.update(id, changes, now()))) throw notFound(EVENT_NOT_FOUND);
      });
      if (cover) await deletePictures(storage(), [before.cover_image, before.cover_thumbnail]);
      return byId(id);
    },

    /**
     * `DELETE /events/:id`: by the organizer or an admin; deletes the cover's files.
     * @throws HttpError 404, 403
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const before = await ownedRow(id);
      assertCanChange(before.organizer_id, user, 'delete');
      const deleted = await repository.delete(id);
      if (!deleted) throw notFound(EVENT_NOT_FOUND);
      await deletePictures(storage(), [deleted.cover_image, deleted.cover_thumbnail]);
    },
  };
}
