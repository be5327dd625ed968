/**
 * Deals and reviews (docs/product.md §28, ADR 0033).
 *
 * - A signed-in student who opened a listing's chat link (recorded by the chat redirect) may claim
 *   a deal on it within DEAL_WINDOW_DAYS (30) days: "I bought this" / "I used this service". The
 *   owner may instead name the buyer from the students who opened the link in that window. The
 *   side who did not ask confirms or declines; a claim unanswered for 30 days expires. Never a
 *   deal with oneself; at most one deal per buyer and listing.
 * - After a confirmed deal each side may rate the other once (1-5 stars, a comment of at most
 *   500 characters) within 30 days of the confirmation; the rated side may reply once.
 * - A user's rating is `ratingOf(users.rating_count, users.rating_sum)`, kept in the review's
 *   transaction; hidden reviews leave it. Reviews can be reported; moderators hide or restore
 *   them (audited).
 */
import {
  DEAL_WINDOW_DAYS,
  type DealJson,
  REVIEW_TEXT_MAX,
  REVIEWS_PAGE_SIZE,
  type ReviewJson,
} from '@campus/shared/contract';
import { isUuid } from '../common/http.ts';
import type { DealListingKind, DealSide, ReviewRow } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import { dealClaimMail } from '../mail/templates.ts';
import type { DealsRepository, DealWithPeople } from './repository.ts';

/** The deal windows (docs/product.md §28), ms. */
export const DEAL_WINDOW_MS = DEAL_WINDOW_DAYS * 86_400_000;
/** Most deals `GET /deals` lists (newest first). */
export const MY_DEALS_LIMIT = 100;

export const DEAL_MESSAGES = {
  listingNotFound: { product: 'Product not found', service: 'Service not found' },
  dealNotFound: 'Deal not found',
  reviewNotFound: 'Review not found',
  sellerNotFound: 'Seller not found',
  self: 'You cannot make a deal with yourself.',
  noChat:
    'Open the chat with the seller on this site first (within the last 30 days), then say you bought it.',
  buyerNoChat: 'This student has not opened the chat of this listing in the last 30 days.',
  buyerNotFound: 'Student not found',
  notOwner: 'Only the owner of this listing can name its buyer.',
  exists: 'There is already a deal between you for this listing.',
  notYours: 'Only the other side of this deal can answer it.',
  notParty: 'Deal not found',
  answered: 'This deal was already answered.',
  expired: 'This request expired: it was not answered within 30 days.',
  notConfirmed: 'You can rate only after both of you confirmed the deal.',
  reviewWindow: 'The 30 days to rate this deal are over.',
  reviewed: 'You already rated this deal.',
  stars: 'Stars must be a whole number from 1 to 5',
  commentTooLong: `Comment must be at most ${REVIEW_TEXT_MAX} characters`,
  replyTooLong: `Reply must be at most ${REVIEW_TEXT_MAX} characters`,
  replyRequired: 'Please write a reply',
  notSubject: 'Only the person this review is about can reply to it.',
  replied: 'You already replied to this review.',
  ownReview: 'You cannot report a review you wrote or that is about you.',
  reported: 'Thanks — our moderators will review this.',
  reasonRequired: 'Please give a reason',
} as const;

export interface DealsServiceDeps {
  outbox: Outbox;
  /** PUBLIC_URL, for the mail's link. */
  publicUrl: string;
  /** Drops the cached public answers that show ratings (lists, item pages, seller pages). */
  onRatingChange: () => void | Promise<void>;
  /** The clock of every window (tests inject one). */
  now?: () => Date;
}

export type DealsService = ReturnType<typeof dealsService>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function reviewOnDeal(row: ReviewRow | undefined): DealJson['myReview'] {
  if (!row) return null;
  return {
    _id: row.id,
    stars: row.stars,
    comment: row.comment,
    reply: row.reply,
    hidden: row.hidden_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Builds the deals service. */
export function dealsService(repository: DealsRepository, deps: DealsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const windowStart = (at: Date) => new Date(at.getTime() - DEAL_WINDOW_MS);

  /** The deal as `userId` sees it, or a 404 when `userId` is not a side of it. */
  function dealJson(deal: DealWithPeople, userId: string, reviews: ReviewRow[], at: Date): DealJson {
    const role: DealSide = deal.seller_id === userId ? 'seller' : 'buyer';
    const mine = reviews.find((r) => r.author_id === userId);
    const theirs = reviews.find((r) => r.author_id !== userId);
    const claimedExpired = deal.status === 'claimed' && deal.created_at < windowStart(at);
    const status = claimedExpired ? 'expired' : deal.status;
    const reviewBy =
      status === 'confirmed' && deal.answered_at
        ? new Date(deal.answered_at.getTime() + DEAL_WINDOW_MS)
        : null;
    return {
      _id: deal.id,
      listingKind: deal.listing_kind,
      listingId: deal.listing_id,
      listingTitle: deal.listing_title,
      role,
      initiatedBy: deal.initiated_by,
      status,
      canAnswer: status === 'claimed' && deal.initiated_by !== role,
      canReview: reviewBy !== null && !mine && at <= reviewBy,
      other:
        role === 'seller'
          ? { _id: deal.buyer_id, firstName: deal.buyer_first_name, lastName: deal.buyer_last_name }
          : { _id: deal.seller_id, firstName: deal.seller_first_name, lastName: deal.seller_last_name },
      createdAt: deal.created_at.toISOString(),
      answeredAt: iso(deal.answered_at),
      answerBy:
        status === 'claimed' ? new Date(deal.created_at.getTime() + DEAL_WINDOW_MS).toISOString() : null,
      reviewBy: iso(reviewBy),
      myReview: reviewOnDeal(mine),
      // The other side's review of me; its text is theirs to show once they wrote it.
      theirReview: reviewOnDeal(theirs),
    };
  }

  /** The deal `id` if `userId` is one of its sides, else 404. */
  async function dealOf(id: string, userId: string): Promise<DealWithPeople> {
    const deal = isUuid(id) ? await repository.find(id) : undefined;
    if (!deal || (deal.seller_id !== userId && deal.buyer_id !== userId))
      throw notFound(DEAL_MESSAGES.dealNotFound);
    return deal;
  }

  async function answer(userId: string, id: string, status: 'confirmed' | 'declined'): Promise<DealJson> {
    const at = now();
    const deal = await dealOf(id, userId);
    const role: DealSide = deal.seller_id === userId ? 'seller' : 'buyer';
    if (deal.initiated_by === role) throw new HttpError(403, DEAL_MESSAGES.notYours);
    if (deal.status !== 'claimed') throw new HttpError(409, DEAL_MESSAGES.answered);
    if (!(await repository.answer(deal.id, status, windowStart(at), at))) {
      await repository.expireStale(windowStart(at), at);
      const after = await repository.find(deal.id);
      throw new HttpError(409, after?.status === 'expired' ? DEAL_MESSAGES.expired : DEAL_MESSAGES.answered);
    }
    const updated = (await repository.find(deal.id)) as DealWithPeople;
    return dealJson(updated, userId, await repository.reviewsOfDeals([deal.id]), at);
  }

  function publicReview(row: Awaited<ReturnType<DealsRepository['reviewsOf']>>['rows'][number]): ReviewJson {
    return {
      _id: row.id,
      stars: row.stars,
      comment: row.comment,
      reply: row.reply,
      repliedAt: iso(row.replied_at),
      createdAt: row.created_at.toISOString(),
      authorRole: row.author_role,
      author: { _id: row.author_id, firstName: row.author_first_name },
      listing: { kind: row.listing_kind, _id: row.listing_id, title: row.listing_title },
    };
  }

  return {
    /**
     * Records that the signed-in `userId` opened the chat link of a listing (the chat redirect
     * calls it; the owner's own clicks are not recorded). Never throws: a failure is reported to
     * `onError` and the redirect goes on.
     */
    async recordContact(
      kind: DealListingKind,
      listingId: string,
      ownerId: string,
      userId: string,
      onError: (error: unknown) => void,
    ): Promise<void> {
      if (ownerId === userId) return;
      await repository.recordContact(kind, listingId.toLowerCase(), userId, now()).catch(onError);
    },

    /**
     * `POST /deals {listingKind, listingId, buyerId?}`. Without `buyerId`: the caller (the buyer)
     * claims; they must have opened the listing's chat link within 30 days. With `buyerId`: the
     * listing's owner names the buyer, who must have opened it within 30 days. The other side is
     * mailed through the outbox (in the deal's transaction).
     * @returns the deal as the caller sees it
     * @throws HttpError 404 unknown listing or buyer, 403 own listing (a deal with oneself) or
     *   naming a buyer of another's listing, 400 no chat opened in the window, 409 a deal exists
     */
    async create(
      userId: string,
      input: { listingKind: DealListingKind; listingId: string; buyerId?: string },
    ): Promise<DealJson> {
      const at = now();
      const kind = input.listingKind;
      const listingId = input.listingId.toLowerCase();
      const listing = isUuid(listingId) ? await repository.listing(kind, listingId) : undefined;
      if (!listing) throw notFound(DEAL_MESSAGES.listingNotFound[kind]);
      const asker: DealSide = input.buyerId === undefined ? 'buyer' : 'seller';
      let buyerId = userId;
      if (asker === 'seller') {
        if (listing.owner_id !== userId) throw new HttpError(403, DEAL_MESSAGES.notOwner);
        buyerId = (input.buyerId as string).toLowerCase();
        if (!isUuid(buyerId)) throw notFound(DEAL_MESSAGES.buyerNotFound);
      }
      if (listing.owner_id === buyerId) throw new HttpError(403, DEAL_MESSAGES.self);
      const [seller, buyer, contact] = await Promise.all([
        repository.person(listing.owner_id),
        repository.person(buyerId),
        repository.lastContact(kind, listingId, buyerId),
      ]);
      if (!buyer) throw notFound(DEAL_MESSAGES.buyerNotFound);
      if (!seller) throw notFound(DEAL_MESSAGES.listingNotFound[kind]);
      if (!contact || contact < windowStart(at)) {
        throw new HttpError(400, asker === 'buyer' ? DEAL_MESSAGES.noChat : DEAL_MESSAGES.buyerNoChat);
      }
      const answerer = asker === 'buyer' ? seller : buyer;
      const askerPerson = asker === 'buyer' ? buyer : seller;
      const link = `${deps.publicUrl}/app/deals`;
      const mail = dealClaimMail({
        firstName: answerer.first_name,
        otherName: `${askerPerson.first_name} ${askerPerson.last_name.slice(0, 1)}.`.trim(),
        listingTitle: listing.title,
        asker,
        link,
        days: DEAL_WINDOW_DAYS,
      });
      const row = await repository.create(
        {
          listing_kind: kind,
          listing_id: listingId,
          listing_title: listing.title,
          seller_id: listing.owner_id,
          buyer_id: buyerId,
          initiated_by: asker,
        },
        { kind: 'deal-claim', to: answerer.email, link, ...mail },
        at,
      );
      if (!row) throw new HttpError(409, DEAL_MESSAGES.exists);
      deps.outbox.kick();
      const deal = (await repository.find(row.id)) as DealWithPeople;
      return dealJson(deal, userId, [], at);
    },

    /**
     * `GET /deals/contacts?listingKind=&listingId=`: the students who opened the chat link of the
     * caller's listing in the last 30 days (to name the buyer when marking it sold).
     * @throws HttpError 404 unknown listing, 403 not the owner
     */
    async contacts(userId: string, kind: DealListingKind, listingId: string) {
      const id = listingId.toLowerCase();
      const listing = isUuid(id) ? await repository.listing(kind, id) : undefined;
      if (!listing) throw notFound(DEAL_MESSAGES.listingNotFound[kind]);
      if (listing.owner_id !== userId) throw new HttpError(403, DEAL_MESSAGES.notOwner);
      const rows = await repository.contacts(kind, id, windowStart(now()));
      return {
        contacts: rows
          .filter((r) => r.id !== userId)
          .map((r) => ({
            _id: r.id,
            firstName: r.first_name,
            lastName: r.last_name,
            lastContactAt: r.last_at.toISOString(),
          })),
      };
    },

    /** `GET /deals`: the caller's deals on both sides, newest first (claims past 30 days: expired). */
    async mine(userId: string): Promise<{ deals: DealJson[] }> {
      const at = now();
      await repository.expireStale(windowStart(at), at);
      const deals = await repository.mine(userId, MY_DEALS_LIMIT);
      const reviews = await repository.reviewsOfDeals(deals.map((d) => d.id));
      return {
        deals: deals.map((d) =>
          dealJson(
            d,
            userId,
            reviews.filter((r) => r.deal_id === d.id),
            at,
          ),
        ),
      };
    },

    /**
     * `POST /deals/:id/confirm`: the side who did not ask confirms.
     * @throws HttpError 404 unknown deal or not a side, 403 the side who asked, 409 answered or expired
     */
    confirm: (userId: string, id: string) => answer(userId, id, 'confirmed'),

    /** `POST /deals/:id/decline`: as `confirm`, the deal becomes 'declined'. */
    decline: (userId: string, id: string) => answer(userId, id, 'declined'),

    /**
     * `POST /deals/:id/reviews {stars, comment?}`: the caller rates the other side of a confirmed
     * deal, once, within 30 days of the confirmation; the other side's rating changes at once.
     * @throws HttpError 404 unknown deal or not a side, 400 bad stars / comment, 409 not
     *   confirmed, the window is over, or already rated
     */
    async review(userId: string, id: string, input: { stars: number; comment?: string }): Promise<DealJson> {
      const at = now();
      const deal = await dealOf(id, userId);
      if (!Number.isInteger(input.stars) || input.stars < 1 || input.stars > 5) {
        throw new HttpError(400, DEAL_MESSAGES.stars, { stars: DEAL_MESSAGES.stars });
      }
      const comment = input.comment?.trim() || null;
      if (comment && comment.length > REVIEW_TEXT_MAX) {
        throw new HttpError(400, DEAL_MESSAGES.commentTooLong, { comment: DEAL_MESSAGES.commentTooLong });
      }
      if (deal.status !== 'confirmed' || !deal.answered_at)
        throw new HttpError(409, DEAL_MESSAGES.notConfirmed);
      if (at.getTime() > deal.answered_at.getTime() + DEAL_WINDOW_MS) {
        throw new HttpError(409, DEAL_MESSAGES.reviewWindow);
      }
      const role: DealSide = deal.seller_id === userId ? 'seller' : 'buyer';
      const created = await repository.createReview({
        deal_id: deal.id,
        author_id: userId,
        subject_id: role === 'seller' ? deal.buyer_id : deal.seller_id,
        author_role: role,
        stars: input.stars,
        comment,
        created_at: at,
      });
      if (!created) throw new HttpError(409, DEAL_MESSAGES.reviewed);
      await deps.onRatingChange();
      return dealJson(deal, userId, await repository.reviewsOfDeals([deal.id]), at);
    },

    /**
     * `POST /reviews/:id/reply {text}`: the rated user answers a review once (≤ 500 characters).
     * @throws HttpError 404 unknown (or hidden) review, 403 not its subject, 400 empty / too long,
     *   409 already replied
     */
    async reply(userId: string, id: string, text: string | undefined): Promise<{ reply: string }> {
      const review = isUuid(id) ? await repository.review(id) : undefined;
      if (!review || review.hidden_at) throw notFound(DEAL_MESSAGES.reviewNotFound);
      if (review.subject_id !== userId) throw new HttpError(403, DEAL_MESSAGES.notSubject);
      const value = text?.trim() ?? '';
      if (!value)
        throw new HttpError(400, DEAL_MESSAGES.replyRequired, { text: DEAL_MESSAGES.replyRequired });
      if (value.length > REVIEW_TEXT_MAX) {
        throw new HttpError(400, DEAL_MESSAGES.replyTooLong, { text: DEAL_MESSAGES.replyTooLong });
      }
      if (!(await repository.reply(review.id, value, now()))) throw new HttpError(409, DEAL_MESSAGES.replied);
      await deps.onRatingChange();
      return { reply: value };
    },

    /**
     * `POST /reviews/:id/report {details?}`: any signed-in, verified student except its author
     * and subject reports a review to the moderators (a repeat changes nothing).
     * @throws HttpError 404 unknown or hidden review, 403 own review or about oneself, 400 details too long
     */
    async report(userId: string, id: string, details: string | undefined): Promise<{ message: string }> {
      const review = isUuid(id) ? await repository.review(id) : undefined;
      if (!review || review.hidden_at) throw notFound(DEAL_MESSAGES.reviewNotFound);
      if (review.author_id === userId || review.subject_id === userId)
        throw new HttpError(403, DEAL_MESSAGES.ownReview);
      const value = details?.trim() || null;
      if (value && value.length > REVIEW_TEXT_MAX) {
        throw new HttpError(400, DEAL_MESSAGES.commentTooLong, { details: DEAL_MESSAGES.commentTooLong });
      }
      await repository.reportReview(review.id, userId, value, now());
      return { message: DEAL_MESSAGES.reported };
    },

    /**
     * `GET /sellers/:id/reviews?page=`: the visible reviews the user received, newest first,
     * REVIEWS_PAGE_SIZE per page.
     * @throws HttpError 404 unknown or suspended user
     */
    async sellerReviews(sellerId: string, page: number) {
      const id = sellerId.toLowerCase();
      if (!isUuid(id) || !(await repository.person(id))) throw notFound(DEAL_MESSAGES.sellerNotFound);
      const { rows, total } = await repository.reviewsOf(
        id,
        (page - 1) * REVIEWS_PAGE_SIZE,
        REVIEWS_PAGE_SIZE,
      );
      return {
        reviews: rows.map(publicReview),
        totalPages: Math.ceil(total / REVIEWS_PAGE_SIZE),
        totalReviews: total,
        currentPage: page,
      };
    },

    /**
     * `GET /admin/reviews?state=` (moderators, docs/product.md §28): `reported` (default), reviews
     * with open reports, most recently reported first; `hidden`, reviews a moderator hid, most
     * recently hidden first (to restore one). At most 50.
     */
    async reported(state: 'reported' | 'hidden' = 'reported') {
      const rows =
        state === 'hidden' ? await repository.hiddenReviews(50) : await repository.reportedReviews(50);
      return {
        reviews: rows.map((r) => ({
          _id: r.id,
          stars: r.stars,
          comment: r.comment,
          reply: r.reply,
          hidden: r.hidden_at !== null,
          hiddenAt: r.hidden_at ? r.hidden_at.toISOString() : null,
          hiddenReason: r.hidden_reason,
          createdAt: r.created_at.toISOString(),
          author: { _id: r.author_id, name: `${r.author_first_name} ${r.author_last_name}` },
          subject: { _id: r.subject_id, name: `${r.subject_first_name} ${r.subject_last_name}` },
          reports: (r.reports ?? []).map((p) => ({
            _id: p.id,
            details: p.details,
            createdAt: new Date(p.createdAt).toISOString(),
          })),
        })),
      };
    },

    /**
     * `POST /admin/reviews/:id/hide {reason}` / `restore {reason?}` (moderators): hides the review
     * (it leaves the seller page and the rating) or shows it again; audited.
     * @throws HttpError 400 hide without a reason, 404 unknown review or already in that state
     */
    async setHidden(actorId: string, id: string, hide: boolean, reason: string | undefined): Promise<void> {
      const why = reason?.trim() || null;
      if (hide && !why)
        throw new HttpError(400, DEAL_MESSAGES.reasonRequired, { reason: DEAL_MESSAGES.reasonRequired });
      const done = isUuid(id) ? await repository.setHidden(id, hide, actorId, why, now()) : undefined;
      if (!done) throw notFound(DEAL_MESSAGES.reviewNotFound);
      await deps.onRatingChange();
    },
  };
}
