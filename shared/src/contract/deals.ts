/**
 * The JSON of deals and reviews (docs/product.md §28, ADR 0033): a user's rating as lists, item
 * pages and seller pages show it, a deal as its two sides see it, and a public review. Pure
 * `as const` data.
 */
import { dateTime, nullableString, objectOf, pagedListResponse, successResponse } from './pieces';

/** Reviews a user needs before an average is shown (ADR 0033); below it `average` is null. */
export const RATING_MIN_REVIEWS = 3;
/** Days a buyer has to claim after opening the chat link, a side to answer a claim, and each side to rate after confirmation. */
export const DEAL_WINDOW_DAYS = 30;
/** Longest review comment and reply, characters. */
export const REVIEW_TEXT_MAX = 500;
/** Reviews per page of `GET /sellers/:id/reviews`. */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * A user's rating (ADR 0033): `count` visible reviews received (always shown); `average` the
 * mean of their stars to one decimal, or null while `count` is below RATING_MIN_REVIEWS.
 */
export const ratingSchema = {
  type: 'object',
  required: ['average', 'count'],
  description: 'Mean stars (1 decimal) of the visible reviews received, null below 3 reviews; count always',
  properties: {
    average: { type: ['number', 'null'] },
    count: { type: 'integer', minimum: 0 },
  },
} as const;

/** The kind of listing a deal is about. */
export const dealListingKindSchema = { type: 'string', enum: ['product', 'service'] } as const;
/** A side of a deal. */
export const dealSideSchema = { type: 'string', enum: ['buyer', 'seller'] } as const;

/** A review as the other side wrote it, on a deal (the reader's own or the other side's). */
const dealReviewSchema = {
  type: ['object', 'null'],
  required: ['_id', 'stars', 'comment', 'reply', 'hidden', 'createdAt'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    stars: { type: 'integer', minimum: 1, maximum: 5 },
    comment: nullableString,
    reply: nullableString,
    hidden: { type: 'boolean', description: 'A moderator hid it: it no longer counts' },
    createdAt: dateTime,
  },
} as const;

/** A deal as one of its sides sees it (`GET /deals`, and the answer of every deal write). */
export const dealSchema = objectOf({
  _id: { type: 'string', format: 'uuid' },
  listingKind: dealListingKindSchema,
  listingId: { type: 'string', format: 'uuid' },
  listingTitle: { type: 'string' },
  role: { ...dealSideSchema, description: "The reader's side" },
  initiatedBy: {
    ...dealSideSchema,
    description: 'buyer: the buyer claimed it; seller: the seller named the buyer',
  },
  status: { type: 'string', enum: ['claimed', 'confirmed', 'declined', 'expired'] },
  canAnswer: { type: 'boolean', description: 'The reader may confirm or decline it now' },
  canReview: { type: 'boolean', description: 'The reader may rate the other side now' },
  other: objectOf({
    _id: { type: 'string', format: 'uuid' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
  }),
  createdAt: dateTime,
  answeredAt: { type: ['string', 'null'], format: 'date-time' },
  answerBy: { type: ['string', 'null'], format: 'date-time', description: 'A claim expires then' },
  reviewBy: { type: ['string', 'null'], format: 'date-time', description: 'Last moment to rate' },
  myReview: dealReviewSchema,
  theirReview: dealReviewSchema,
});

/** A public review on a seller's page (hidden reviews are never listed). */
export const reviewSchema = objectOf({
  _id: { type: 'string', format: 'uuid' },
  stars: { type: 'integer', minimum: 1, maximum: 5 },
  comment: nullableString,
  reply: nullableString,
  repliedAt: { type: ['string', 'null'], format: 'date-time' },
  createdAt: dateTime,
  authorRole: { ...dealSideSchema, description: 'buyer: written by the buyer about the seller' },
  author: objectOf({ _id: { type: 'string', format: 'uuid' }, firstName: { type: 'string' } }),
  listing: objectOf({
    kind: dealListingKindSchema,
    _id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
  }),
});

/** `GET /deals` answer. */
export const dealsAnswerSchema = successResponse(objectOf({ deals: { type: 'array', items: dealSchema } }));
/** The answer of a deal write: the deal. */
export const dealAnswerSchema = successResponse(objectOf({ deal: dealSchema }));
/** `GET /sellers/:id/reviews` answer: a page of reviews, newest first, and the rating. */
export const sellerReviewsAnswerSchema = pagedListResponse('reviews', 'totalReviews', reviewSchema);

/* ---- Requests and answers of the deals and reviews endpoints (the table of endpoints, ADR 0038) ---- */

const uuidText = { type: 'string', maxLength: 100 } as const;

/** `POST /deals` body: the listing, and `buyerId` when its owner names the buyer. */
export const createDealBodySchema = {
  type: 'object',
  required: ['listingKind', 'listingId'],
  additionalProperties: false,
  properties: { listingKind: dealListingKindSchema, listingId: uuidText, buyerId: uuidText },
} as const;

/** `GET /deals/contacts` query: my listing. */
export const dealContactsQuerySchema = {
  type: 'object',
  required: ['listingKind', 'listingId'],
  properties: { listingKind: dealListingKindSchema, listingId: uuidText },
} as const;

/** `GET /deals/contacts` answer: who opened the listing's chat link in the last DEAL_WINDOW_DAYS. */
export const dealContactsAnswerSchema = successResponse(
  objectOf({
    contacts: {
      type: 'array',
      items: objectOf({
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        lastContactAt: { type: 'string', format: 'date-time' },
      }),
    },
  }),
);

/** `POST /deals/:id/reviews` body: 1-5 stars and an optional comment. */
export const reviewDealBodySchema = {
  type: 'object',
  required: ['stars'],
  additionalProperties: false,
  properties: {
    stars: { type: 'integer', minimum: 1, maximum: 5 },
    comment: { type: 'string', maxLength: REVIEW_TEXT_MAX },
  },
} as const;

/** `POST /reviews/:id/reply` body. */
export const reviewReplyBodySchema = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: { text: { type: 'string', maxLength: REVIEW_TEXT_MAX } },
} as const;

/** `POST /reviews/:id/reply` answer: the reply as saved. */
export const reviewReplyAnswerSchema = successResponse(objectOf({ reply: { type: 'string' } }));

/** `POST /reviews/:id/report` body (optional): the reporter's details. */
export const reportReviewBodySchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { details: { type: 'string', maxLength: REVIEW_TEXT_MAX } },
} as const;

/** `POST /reviews/:id/report` answer: the message to show. */
export const reportReviewAnswerSchema = successResponse(objectOf({ message: { type: 'string' } }));

/** A reported review as the moderators' desk shows it, with its open reports. */
export const moderatedReviewSchema = objectOf({
  _id: { type: 'string' },
  stars: { type: 'integer' },
  comment: { type: ['string', 'null'] },
  reply: { type: ['string', 'null'] },
  hidden: { type: 'boolean' },
  hiddenAt: { type: ['string', 'null'], format: 'date-time', description: 'When a moderator hid it' },
  hiddenReason: { type: ['string', 'null'], description: "The moderator's reason for hiding it" },
  createdAt: { type: 'string', format: 'date-time' },
  author: objectOf({ _id: { type: 'string' }, name: { type: 'string' } }),
  subject: objectOf({ _id: { type: 'string' }, name: { type: 'string' } }),
  reports: {
    type: 'array',
    items: objectOf({
      _id: { type: 'string' },
      details: { type: ['string', 'null'] },
      createdAt: { type: 'string', format: 'date-time' },
    }),
  },
});

/** The desk's lists of reviews: `reported` (with open reports) or `hidden` (by a moderator). */
export const MODERATED_REVIEW_STATES = ['reported', 'hidden'] as const;

/** `GET /admin/reviews` query: which list (default `reported`). */
export const moderatedReviewsQuerySchema = {
  type: 'object',
  properties: {
    state: {
      type: 'string',
      enum: MODERATED_REVIEW_STATES,
      default: 'reported',
      description:
        'reported: reviews with open reports, most recently reported first, with those reports; ' +
        'hidden: reviews a moderator hid, most recently hidden first, with every report they had',
    },
  },
} as const;

/** `GET /admin/reviews` answer: the reported or the hidden reviews. */
export const reportedReviewsAnswerSchema = successResponse(
  objectOf({ reviews: { type: 'array', items: moderatedReviewSchema } }),
);

/** `POST /admin/reviews/:id/hide|restore` body (optional): the reason (required to hide). */
export const hideReviewBodySchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 500 } },
} as const;
