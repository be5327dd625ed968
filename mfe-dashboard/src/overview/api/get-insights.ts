/**
 * `GET /dashboard/insights` (docs/product.md §20.7): the seller's totals, and per listing its views,
 * chat clicks, saves and the last 30 Africa/Nairobi days (oldest first, zero-filled).
 */
import { apiClient } from '@campus/shared';
import type { DashboardInsights } from '@campus/shared/contract';

/** The API's answer type (`@campus/shared/contract`). */
export type { DashboardInsights, InsightsDay, InsightsListing } from '@campus/shared/contract';

/** `GET /dashboard/insights`: the signed-in seller's numbers. @throws the API client's error (status, message) */
export async function getInsights(): Promise<DashboardInsights> {
  const answer = await apiClient.call('GET /dashboard/insights');
  return answer.data;
}

/** One day of the chart: the date and the sums over every listing. */
export interface DailyTotal {
  /** YYYY-MM-DD (Africa/Nairobi). */
  date: string;
  views: number;
  chatClicks: number;
}

/**
 * The daily views and chat clicks summed over `listings`, by date, oldest first (every listing
 * has the same 30 days; a date missing from one listing counts 0 for it).
 */
export function dailyTotals(listings: DashboardInsights['listings']): DailyTotal[] {
  const byDate = new Map<string, DailyTotal>();
  for (const listing of listings) {
    for (const day of listing.daily) {
      const total = byDate.get(day.date) ?? { date: day.date, views: 0, chatClicks: 0 };
      total.views += day.views;
      total.chatClicks += day.chatClicks;
      byDate.set(day.date, total);
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → '24 Nov' (no Intl: its first use costs 20-30 ms, docs/stack-notes.md "Server rendering and hydration"). */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`;
}
