/**
 * The deals API as the dashboard uses it (docs/product.md §28): my deals on both sides, the
 * answers to a deal the other side asked for, and my rating of the other side.
 */
import { apiClient } from '@campus/shared';
import type { AnswerOf, DealJson } from '@campus/shared/contract';

export type { DealJson };

/** GET /api/v1/deals: my deals, newest first. */
export async function getDeals(): Promise<DealJson[]> {
  const answer = await apiClient.call('GET /deals');
  return answer.data.deals;
}

/**
 * POST /api/v1/deals/{id}/confirm or /decline. Errors are left to the caller (it shows the
 * server's message).
 * @returns the deal as it is now
 */
export async function answerDeal(id: string, answer: 'confirm' | 'decline'): Promise<DealJson> {
  const options = { params: { id }, redirectOnError: false };
  const result =
    answer === 'confirm'
      ? await apiClient.call('POST /deals/:id/confirm', options)
      : await apiClient.call('POST /deals/:id/decline', options);
  return result.data.deal;
}

/** POST /api/v1/deals/{id}/reviews {stars, comment?}: my rating of the other side. */
export async function reviewDeal(id: string, input: { stars: number; comment?: string }): Promise<DealJson> {
  const answer = await apiClient.call('POST /deals/:id/reviews', {
    params: { id },
    body: input,
    redirectOnError: false,
  });
  return answer.data.deal;
}

/** A student who opened the chat of my listing in the last 30 days (`lastContactAt` ISO 8601). */
export type ChatContact = AnswerOf<'GET /deals/contacts'>['data']['contacts'][number];

/** GET /api/v1/deals/contacts: who opened the chat of my listing in the last 30 days. */
export async function getContacts(
  listingKind: 'product' | 'service',
  listingId: string,
): Promise<ChatContact[]> {
  const answer = await apiClient.call('GET /deals/contacts', {
    query: { listingKind, listingId },
    redirectOnError: false,
  });
  return answer.data.contacts;
}

/** POST /api/v1/deals {listingKind, listingId, buyerId}: I name the buyer; they confirm. */
export async function nameBuyer(
  listingKind: 'product' | 'service',
  listingId: string,
  buyerId: string,
): Promise<DealJson> {
  const answer = await apiClient.call('POST /deals', {
    body: { listingKind, listingId, buyerId },
    redirectOnError: false,
  });
  return answer.data.deal;
}
