import { apiClient, type Shop } from '@campus/shared';

/**
 * GET /shops/:id (docs/product.md §7): the shop, read from `data` (null when the answer has none). Sent with
 * `redirectOnError: false`: the shop page shows its own error line (docs/product.md §8) instead of leaving.
 */
export async function getShop(id: string, signal?: AbortSignal): Promise<Shop | null> {
  const answer = await apiClient.call('GET /shops/:id', { params: { id }, signal, redirectOnError: false });
  return answer?.data ?? null;
}
