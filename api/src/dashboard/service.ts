/**
 * Dashboard overview use case (issue 5: `/app` shows counts of my listings and their views).
 */
import type { DashboardRepository } from './repository.ts';
import type { DashboardSummary } from './schemas.ts';

export type DashboardService = ReturnType<typeof dashboardService>;

/** Builds the dashboard service. */
export function dashboardService(repository: DashboardRepository, now: () => Date = () => new Date()) {
  return {
    async summary(userId: string): Promise<DashboardSummary> {
      const row = await repository.summary(userId, now());
      const available = Number(row.products_available);
      const sold = Number(row.products_sold);
      return {
        products: available + sold,
        productsAvailable: available,
        productsSold: sold,
        services: Number(row.services),
        events: Number(row.events),
        upcomingEvents: Number(row.upcoming_events),
        views: Number(row.product_views) + Number(row.service_views),
      };
    },
  };
}
