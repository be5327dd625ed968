/**
 * The deals API as the item and seller pages use it (docs/product.md §28).
 */
import { apiClient } from '@campus/shared';
import type { DealJson, SellerReviewsAnswer } from '@campus/shared/contract';

/**
 * POST /api/v1/deals {listingKind, listingId}: "I bought this" / "I used this service". Errors
 * are left to the caller (it shows the server's message, e.g. open the chat first).
 */
export async function claimDeal(listingKind: 'product' | 'service', listingId: string): Promise<DealJson> {
  const answer = await apiClient.call('POST /deals', {
    body: { listingKind, listingId },
    redirectOnError: false,
  });
  return answer.data.deal;
}

/** GET /api/v1/sellers/{id}/reviews?page=: a page of the seller's reviews, newest first. */
export async function getSellerReviews(sellerId: string, page: number): Promise<SellerReviewsAnswer['data']> {
  const answer = await apiClient.call('GET /sellers/:id/reviews', {
    params: { id: sellerId },
    query: { page },
    redirectOnError: false,
  });
  return answer.data;
}

/**
 * Tells the API who opens the chat link (docs/product.md §28): the same counted chat route, sent
 * with the student's `Authorization` header (an `<a href>` cannot carry it). The redirect is not
 * followed; failures are ignored (the chat opens anyway through the link itself).
 */
export function recordChatOpen(chatHref: string, token: string): void {
  if (typeof fetch !== 'function') return;
  void fetch(chatHref, {
    headers: { authorization: `Bearer ${token}` },
    redirect: 'manual',
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
}

/** POST /api/v1/reviews/{id}/report: reports a review to the moderators; the message to show. */
export async function reportReview(reviewId: string): Promise<string> {
  const answer = await apiClient.call('POST /reviews/:id/report', {
    params: { id: reviewId },
    body: {},
    redirectOnError: false,
  });
  return answer.data.message;
}

/**
 * POST /api/v1/reviews/{id}/reply {text}: the rated seller answers a review once (docs/product.md
 * §28; ≤ 500 characters). Resolves with the reply as saved; errors (409 already replied, 403 not
 * theirs, 400 empty or too long) are left to the caller, which shows the server's message.
 */
export async function replyToReview(reviewId: string, text: string): Promise<string> {
  const answer = await apiClient.call('POST /reviews/:id/reply', {
    params: { id: reviewId },
    body: { text },
    redirectOnError: false,
  });
  return answer.data.reply;
}
