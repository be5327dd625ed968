/**
 * Dashboard use cases: the overview's counts (docs/product.md §15: `/app` shows counts of my listings and
 * their views) and the seller's insights (docs/product.md §20.7: per listing views, chat clicks, saves
 * and the last 30 Africa/Nairobi days). Both first write the views and clicks this process
 * counted in memory (`engagement/counters.ts`), so the seller sees them at once; other
 * processes' counts show after their next flush (ENGAGEMENT_FLUSH_MS).
 */
import { type DashboardInsights, INSIGHTS_DAYS } from '@campus/shared/contract';
import type { EngagementCounters } from '../engagement/counters.ts';
import { lastDays } from '../engagement/visitor.ts';
import type { DashboardRepository } from './repository.ts';
import type { DashboardSummary } from './schemas.ts';

/** Most listings of each kind the insights show (as `GET /products/mine`). */
export const INSIGHTS_LISTINGS_LIMIT = 500;

export type DashboardService = ReturnType<typeof dashboardService>;

export interface DashboardServiceDeps {
  now?: () => Date;
  /** The app's view and chat counters (flushed before reading). */
  counters?: EngagementCounters;
}

/** Builds the dashboard service. */
export function dashboardService(repository: DashboardRepository, deps: DashboardServiceDeps = {}) {
  const now = deps.now ?? (() => new Date());
  /** Writes this process's pending counts; a failure is left to the periodic flush (which logs it). */
  const flushCounts = async () => {
    await deps.counters?.flush().catch(() => {});
  };
  return {
    async summary(userId: string): Promise<DashboardSummary> {
      await flushCounts();
      const row = await repository.summary(userId, now());
      return {
        // Reserved products (docs/product.md §20.5) count in the total only.
        products: Number(row.products),
        productsAvailable: Number(row.products_available),
        productsSold: Number(row.products_sold),
        services: Number(row.services),
        events: Number(row.events),
        upcomingEvents: Number(row.upcoming_events),
        views: Number(row.product_views) + Number(row.service_views),
      };
    },

    /**
     * `GET /dashboard/insights`: the user's products and services (newest first), each with
     * all-time views and chat clicks, current saves and `daily` for the last INSIGHTS_DAYS Nairobi
     * days (oldest first, zero-filled), and the totals over them.
     */
    async insights(userId: string): Promise<DashboardInsights> {
      await flushCounts();
      const days = lastDays(now(), INSIGHTS_DAYS);
      const [rows, dayRows] = await Promise.all([
        repository.insightsListings(userId, INSIGHTS_LISTINGS_LIMIT),
        repository.insightsDays(userId, days[0] as string, days[days.length - 1] as string),
      ]);
      const byListing = new Map<string, Map<string, { views: number; chatClicks: number }>>();
      for (const row of dayRows) {
        const key = `${row.kind}|${row.listing_id}`;
        const perDay = byListing.get(key) ?? new Map();
        perDay.set(row.day, { views: Number(row.views), chatClicks: Number(row.chat_clicks) });
        byListing.set(key, perDay);
      }
      const totals = { views: 0, chatClicks: 0, saves: 0 };
      const listings = rows.map((row) => {
        const perDay = byListing.get(`${row.kind}|${row.id}`);
        const listing = {
          _id: row.id,
          kind: row.kind,
          title: row.title,
          views: Number(row.views),
          chatClicks: Number(row.chat_clicks),
          saves: Number(row.saves),
          daily: days.map((date) => ({ date, ...(perDay?.get(date) ?? { views: 0, chatClicks: 0 }) })),
        };
        totals.views += listing.views;
        totals.chatClicks += listing.chatClicks;
        totals.saves += listing.saves;
        return listing;
      });
      return { totals, listings };
    },
  };
}
