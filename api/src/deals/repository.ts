/**
 * SQL of deals and reviews (docs/product.md §28, ADR 0033): who opened a listing's chat link, the
 * deals and their answers, reviews with the stored rating on `users` (updated in the review's
 * transaction), reports of reviews and the moderators' hide / restore with their audit rows.
 * Identical on PGlite and PostgreSQL. Times are passed in by the caller (the service's clock).
 */
import { type Kysely, sql } from 'kysely';
import type {
  Database,
  DealListingKind,
  DealRow,
  DealStatus,
  DealsTable,
  ReviewRow,
  ReviewsTable,
} from '../db/schema.ts';
import type { QueuedMail } from '../mail/outbox-repository.ts';
import { insertQueuedMail } from '../mail/outbox-repository.ts';

/** The tables of the two listing kinds, their owner and title columns. */
const LISTING = {
  product: { table: 'products', owner: 'seller_id', title: 'title' },
  service: { table: 'services', owner: 'provider_id', title: 'name' },
} as const;

/** A listing a deal can be about: its owner and title. */
export interface DealListing {
  owner_id: string;
  title: string;
}

/** A deal with the names of both sides. */
export interface DealWithPeople extends DealRow {
  seller_first_name: string;
  seller_last_name: string;
  buyer_first_name: string;
  buyer_last_name: string;
}

/** A user as a deal's mail needs them. */
export interface DealPerson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** A public review with its author's first name. */
export interface PublicReviewRow extends ReviewRow {
  author_first_name: string;
  listing_kind: DealListingKind;
  listing_id: string;
  listing_title: string;
}

/** A review on the moderation desk with its reports (open ones; all of them for a hidden review). */
export interface ReportedReviewRow extends ReviewRow {
  author_first_name: string;
  author_last_name: string;
  subject_first_name: string;
  subject_last_name: string;
  reports: { id: string; details: string | null; createdAt: string; reporterId: string }[];
}

export type DealsRepository = ReturnType<typeof dealsRepository>;

const dealWithPeople = (db: Kysely<Database>) =>
  db
    .selectFrom('deals as d')
    .innerJoin('users as s', 's.id', 'd.seller_id')
    .innerJoin('users as b', 'b.id', 'd.buyer_id')
    .selectAll('d')
    .select([
      's.first_name as seller_first_name',
      's.last_name as seller_last_name',
      'b.first_name as buyer_first_name',
      'b.last_name as buyer_last_name',
    ]);

/** Builds the deals repository over `db`. */
export function dealsRepository(db: Kysely<Database>) {
  /** Adds `delta` reviews of `stars` (negative to remove) to the subject's stored rating. */
  async function adjustRating(trx: Kysely<Database>, userId: string, delta: 1 | -1, stars: number) {
    await trx
      .updateTable('users')
      .set((eb) => ({
        rating_count: eb('rating_count', '+', delta),
        rating_sum: eb('rating_sum', '+', delta * stars),
      }))
      .where('id', '=', userId)
      .execute();
  }

  return {
    /** Records (or refreshes) that `userId` opened the chat link of a listing at `now`. */
    async recordContact(kind: DealListingKind, listingId: string, userId: string, now: Date): Promise<void> {
      await db
        .insertInto('chat_contacts')
        .values({ kind, listing_id: listingId, user_id: userId, first_at: now, last_at: now })
        .onConflict((oc) => oc.columns(['kind', 'listing_id', 'user_id']).doUpdateSet({ last_at: now }))
        .execute();
    },

    /** When `userId` last opened the chat link of the listing, or undefined. */
    async lastContact(kind: DealListingKind, listingId: string, userId: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('chat_contacts')
        .select('last_at')
        .where('kind', '=', kind)
        .where('listing_id', '=', listingId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.last_at;
    },

    /** Students who opened the listing's chat link since `since`, most recent first (at most 50). */
    async contacts(kind: DealListingKind, listingId: string, since: Date) {
      return db
        .selectFrom('chat_contacts as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['u.id', 'u.first_name', 'u.last_name', 'c.last_at'])
        .where('c.kind', '=', kind)
        .where('c.listing_id', '=', listingId)
        .where('c.last_at', '>=', since)
        .orderBy('c.last_at', 'desc')
        .limit(50)
        .execute();
    },

    /** The listing's owner and title (whatever its state), or undefined when no such listing. */
    async listing(kind: DealListingKind, id: string): Promise<DealListing | undefined> {
      const { table, owner, title } = LISTING[kind];
      const result = await sql<DealListing>`
        SELECT ${sql.ref(owner)} AS owner_id, ${sql.ref(title)} AS title
        FROM ${sql.table(table)} WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
      return result.rows[0];
    },

    /** A user's id, names and e-mail (for a deal's mail), or undefined. */
    person(id: string): Promise<DealPerson | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', '=', id)
        .where('suspended_at', 'is', null)
        .executeTakeFirst();
    },

    /** Marks claims made before `cutoff` and still unanswered as 'expired' (at `now`). */
    async expireStale(cutoff: Date, now: Date): Promise<void> {
      await db
        .updateTable('deals')
        .set({ status: 'expired', answered_at: now })
        .where('status', '=', 'claimed')
        .where('created_at', '<', cutoff)
        .execute();
    },

    /**
     * Inserts a deal and queues `mail` (to the side who must answer) in one transaction.
     * @returns the new deal, or undefined when the buyer already has a deal on this listing
     */
    async create(
      deal: Pick<
        DealsTable,
        'listing_kind' | 'listing_id' | 'listing_title' | 'seller_id' | 'buyer_id' | 'initiated_by'
      >,
      mail: QueuedMail | null,
      now: Date,
    ): Promise<DealRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('deals')
          .values({ ...deal, status: 'claimed', created_at: now })
          .onConflict((oc) => oc.columns(['listing_kind', 'listing_id', 'buyer_id']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row && mail) await insertQueuedMail(trx, mail, now);
        return row;
      });
    },

    /** One deal with both sides' names, or undefined. */
    find(id: string): Promise<DealWithPeople | undefined> {
      return dealWithPeople(db).where('d.id', '=', id).executeTakeFirst();
    },

    /**
     * Answers a claim: sets `status` ('confirmed' or 'declined') when it is still 'claimed' and
     * was made at or after `cutoff`. @returns false when it was not (answered, or expired)
     */
    async answer(id: string, status: Extract<DealStatus, 'confirmed' | 'declined'>, cutoff: Date, now: Date) {
      const result = await db
        .updateTable('deals')
        .set({ status, answered_at: now })
        .where('id', '=', id)
        .where('status', '=', 'claimed')
        .where('created_at', '>=', cutoff)
        .executeTakeFirst();
      return (result.numUpdatedRows ?? 0n) > 0n;
    },

    /** `userId`'s deals on either side, newest first (at most `limit`), with names. */
    mine(userId: string, limit: number): Promise<DealWithPeople[]> {
      return dealWithPeople(db)
        .where((eb) => eb.or([eb('d.seller_id', '=', userId), eb('d.buyer_id', '=', userId)]))
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The reviews of the deals `dealIds`. */
    async reviewsOfDeals(dealIds: string[]): Promise<ReviewRow[]> {
      if (dealIds.length === 0) return [];
      return db.selectFrom('reviews').selectAll().where('deal_id', 'in', dealIds).execute();
    },

    /**
     * Stores a review and adds it to the subject's stored rating in one transaction.
     * @returns the review, or undefined when the author already reviewed this deal
     */
    async createReview(
      review: Pick<
        ReviewsTable,
        'deal_id' | 'author_id' | 'subject_id' | 'author_role' | 'stars' | 'comment'
      > & { created_at: Date },
    ): Promise<ReviewRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('reviews')
          .values(review)
          .onConflict((oc) => oc.columns(['deal_id', 'author_id']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row) await adjustRating(trx, review.subject_id, 1, review.stars);
        return row;
      });
    },

    /** One review, or undefined. */
    review(id: string): Promise<ReviewRow | undefined> {
      return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Stores the subject's one reply. @returns false when it already had one */
    async reply(id: string, text: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('reviews')
        .set({ reply: text, replied_at: now })
        .where('id', '=', id)
        .where('reply', 'is', null)
        .executeTakeFirst();
      return (result.numUpdatedRows ?? 0n) > 0n;
    },

    /** A page of the visible reviews `subjectId` received, newest first, and their total. */
    async reviewsOf(subjectId: string, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('reviews as r')
          .innerJoin('users as a', 'a.id', 'r.author_id')
          .innerJoin('deals as d', 'd.id', 'r.deal_id')
          .selectAll('r')
          .select(['a.first_name as author_first_name', 'd.listing_kind', 'd.listing_id', 'd.listing_title'])
          .where('r.subject_id', '=', subjectId)
          .where('r.hidden_at', 'is', null)
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute() as Promise<PublicReviewRow[]>,
        db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('subject_id', '=', subjectId)
          .where('hidden_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** Stores a report of a review (one open report per reporter: a repeat changes nothing). */
    async reportReview(reviewId: string, reporterId: string, details: string | null, now: Date) {
      await db
        .insertInto('review_reports')
        .values({ review_id: reviewId, reporter_id: reporterId, details, created_at: now })
        .onConflict((oc) => oc.columns(['review_id', 'reporter_id']).doNothing())
        .execute();
    },

    /**
     * Hidden reviews, most recently hidden first (at most `limit`), each with all its reports
     * (a hide closes them), newest first: the desk's list to restore from (docs/product.md §28).
     */
    async hiddenReviews(limit: number): Promise<ReportedReviewRow[]> {
      const result = await sql<ReportedReviewRow>`
        SELECT r.*, a.first_name AS author_first_name, a.last_name AS author_last_name,
          s.first_name AS subject_first_name, s.last_name AS subject_last_name,
          (SELECT json_agg(json_build_object('id', p.id, 'details', p.details,
              'createdAt', p.created_at, 'reporterId', p.reporter_id) ORDER BY p.created_at DESC)
            FROM review_reports p WHERE p.review_id = r.id) AS reports
        FROM reviews r
        JOIN users a ON a.id = r.author_id
        JOIN users s ON s.id = r.subject_id
        WHERE r.hidden_at IS NOT NULL
        ORDER BY r.hidden_at DESC, r.id
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** Reviews with open reports, most recently reported first (at most `limit`). */
    async reportedReviews(limit: number): Promise<ReportedReviewRow[]> {
      const result = await sql<ReportedReviewRow>`
        SELECT r.*, a.first_name AS author_first_name, a.last_name AS author_last_name,
          s.first_name AS subject_first_name, s.last_name AS subject_last_name,
          (SELECT json_agg(json_build_object('id', p.id, 'details', p.details,
              'createdAt', p.created_at, 'reporterId', p.reporter_id) ORDER BY p.created_at DESC)
            FROM review_reports p WHERE p.review_id = r.id AND p.status = 'open') AS reports
        FROM reviews r
        JOIN users a ON a.id = r.author_id
        JOIN users s ON s.id = r.subject_id
        WHERE EXISTS (SELECT 1 FROM review_reports p WHERE p.review_id = r.id AND p.status = 'open')
        ORDER BY (SELECT max(p.created_at) FROM review_reports p WHERE p.review_id = r.id AND p.status = 'open') DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * Hides (`hide` true) or restores a review, in one transaction: the review's hidden columns,
     * the subject's stored rating (without it / with it again), its open reports closed, and the
     * audit row ('hide_review' / 'restore_review').
     * @returns the review's subject, or undefined when there is no such review in the other state
     */
    async setHidden(id: string, hide: boolean, actorId: string, reason: string | null, now: Date) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('reviews')
          .set(
            hide
              ? { hidden_at: now, hidden_by: actorId, hidden_reason: reason }
              : { hidden_at: null, hidden_by: null, hidden_reason: null },
          )
          .where('id', '=', id)
          .where('hidden_at', hide ? 'is' : 'is not', null)
          .returning(['subject_id', 'stars'])
          .executeTakeFirst();
        if (!row) return undefined;
        await adjustRating(trx, row.subject_id, hide ? -1 : 1, row.stars);
        await trx
          .updateTable('review_reports')
          .set({ status: 'closed' })
          .where('review_id', '=', id)
          .where('status', '=', 'open')
          .execute();
        await trx
          .insertInto('audit_log')
          .values({
            actor_id: actorId,
            action: hide ? 'hide_review' : 'restore_review',
            target_type: 'review',
            target_id: id,
            reason,
            created_at: now,
          })
          .execute();
        return row.subject_id;
      });
    },
  };
}
