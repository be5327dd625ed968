/**
 * `GET /dashboard/summary` (issue 5): counts of my listings and their views for the `/app` overview.
 */
import { apiClient } from '@campus/shared';

export interface DashboardSummary {
  products: number;
  productsAvailable: number;
  productsSold: number;
  services: number;
  events: number;
  upcomingEvents: number;
  views: number;
}

export async function getSummary(): Promise<DashboardSummary> {
  const { data } = await apiClient.get<{ data: { summary: DashboardSummary } }>('/dashboard/summary');
  return data.data.summary;
}
