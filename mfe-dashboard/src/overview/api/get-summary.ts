/**
 * `GET /dashboard/summary` (docs/product.md §15): counts of my listings and their views for the `/app` overview.
 */
import { apiClient } from '@campus/shared';
import type { DashboardSummary } from '@campus/shared/contract';

/** The API's answer type (`@campus/shared/contract`). */
export type { DashboardSummary } from '@campus/shared/contract';

/** `GET /dashboard/summary`: the signed-in user's counts. @throws the API client's error (status, message) */
export async function getSummary(): Promise<DashboardSummary> {
  const answer = await apiClient.call('GET /dashboard/summary');
  return answer.data.summary;
}
