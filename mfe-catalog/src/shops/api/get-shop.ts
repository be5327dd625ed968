import { apiClient, type Shop } from '@campus/shared';

/**
 * GET /shops/:id (docs/product.md §7): the shop, read from `data` (null when the answer has none). Sent with
 * `redirectOnError: false`: the shop page shows its own error line (docs/product.md §8) instead of leaving.
 */
export async function getShop(id: string, signal?: AbortSignal): Promise<Shop | null> {
  const response = await apiClient.get<{ status: string; data?: Shop | null }>(
    `/shops/${encodeURIComponent(id)}`,
    {
      signal,
      redirectOnError: false,
    },
  );
  return response.data?.data ?? null;
}
