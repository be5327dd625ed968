/**
 * Route-level docs of the deals and reviews routes (docs/product.md §28): tags, summaries,
 * descriptions, security and error answers. Params, query, bodies and answers are the entries of
 * the table of endpoints (`@campus/shared/contract`, docs/decisions/0038).
 */
import { bearerSecurity, errorResponses } from '../common/schemas.ts';

export const createDealSchema = {
  tags: ['deals'],
  summary: 'Claim a deal ("I bought this" / "I used this service"), or, as the owner, name the buyer',
  description:
    'Signed-in, verified students. Without buyerId the caller is the buyer: they must have opened the listing’s chat link on this site (signed in) within 30 days; the owner is mailed and confirms or declines. With buyerId the caller must own the listing and the buyer must have opened its chat link within 30 days; the buyer confirms. 404 unknown listing or student, 403 a deal with oneself or naming the buyer of another’s listing, 400 no chat opened in the window, 409 the buyer already has a deal on this listing.',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const listDealsSchema = {
  tags: ['deals'],
  summary: 'My deals, as buyer and as seller, newest first',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const contactsSchema = {
  tags: ['deals'],
  summary: 'Students who opened the chat link of my listing in the last 30 days',
  security: bearerSecurity,
  response: errorResponses,
} as const;

/** Route docs of `POST /deals/:id/confirm` and `/decline`: the side that did not ask answers (docs/product.md §28). */
export const answerDealSchema = (verb: 'Confirm' | 'Decline') =>
  ({
    tags: ['deals'],
    summary: `${verb} a deal the other side asked for`,
    description:
      'The side who did not ask answers (the seller for a claim, the buyer when the seller named them). 404 unknown deal or not a side of it, 403 the side who asked, 409 already answered or expired (30 days).',
    security: bearerSecurity,
    response: errorResponses,
  }) as const;

export const reviewDealSchema = {
  tags: ['deals'],
  summary: 'Rate the other side of a confirmed deal',
  description:
    'Once per side, within 30 days of the confirmation: 1-5 stars and an optional comment of at most 500 characters. 409 not confirmed, too late or already rated.',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const replySchema = {
  tags: ['reviews'],
  summary: 'Reply once to a review about me',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const reportReviewSchema = {
  tags: ['reviews'],
  summary: 'Report a review to the moderators',
  security: bearerSecurity,
  response: errorResponses,
} as const;

export const sellerReviewsSchema = {
  tags: ['sellers'],
  summary: "A seller's reviews, newest first, paged",
  description: "Visible reviews the user received (hidden ones never). 404 'Seller not found'.",
  response: errorResponses,
} as const;

export const reportedReviewsSchema = {
  tags: ['admin'],
  summary: 'Reported or hidden reviews (moderators)',
  description:
    '`state=reported` (default): reviews with open reports; `state=hidden`: reviews a moderator hid, ' +
    'to restore one (`POST /admin/reviews/{id}/restore`). 400 for another state.',
  security: bearerSecurity,
  response: errorResponses,
} as const;

/** Route docs of the desk's `POST /admin/reviews/:id/hide` and `/restore` (audited; docs/product.md §28). */
export const hideReviewSchema = (verb: 'Hide' | 'Restore') =>
  ({
    tags: ['admin'],
    summary: `${verb} a review (moderators; audited)`,
    description:
      verb === 'Hide'
        ? 'A hidden review leaves the seller page and the rating. Reason required (400). 404 unknown or already hidden.'
        : 'Shows a hidden review again and counts it in the rating. 404 unknown or not hidden.',
    security: bearerSecurity,
    response: errorResponses,
  }) as const;
