/**
 * SQL of the dashboard overview (docs/product.md §15): counts of one user's listings and their views, in one
 * statement of scalar subqueries (each uses the per-owner indexes of migrations 0001/0004); and
 * the seller's insights (docs/product.md §20.7): per listing views, chat clicks, saves and the daily
 * rows of `listing_daily_stats` (migration 0014).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SummaryRow {
  /** Every product of the user: available, reserved (docs/product.md §20.5) and sold. */
  products: string;
  products_available: string;
  products_sold: string;
  services: string;
  events: string;
  upcoming_events: string;
  product_views: string;
  service_views: string;
}

/** One of the owner's listings with its all-time numbers. */
export interface InsightsListingRow {
  kind: 'products' | 'services';
  id: string;
  title: string;
  views: number;
  /** count(*) / sum(): strings as the drivers read them. */
  saves: string;
  chat_clicks: string;
}

/** One day of one listing (`day` 'YYYY-MM-DD'). */
export interface InsightsDayRow {
  kind: 'products' | 'services';
  listing_id: string;
  day: string;
  views: number;
  chat_clicks: number;
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;

/** Builds the dashboard repository over `db`. */
export function dashboardRepository(db: Kysely<Database>) {
  return {
    /** Counts for `userId` at `now`, soft-deleted listings left out (numbers come back as strings, see db/schema.ts). */
    async summary(userId: string, now: Date): Promise<SummaryRow> {
      const result = await sql<SummaryRow>`
        SELECT
          (SELECT count(*) FROM products WHERE seller_id = ${userId} AND deleted_at IS NULL) AS products,
          (SELECT count(*) FROM products WHERE seller_id = ${userId} AND deleted_at IS NULL AND status = 'available') AS products_available,
          (SELECT count(*) FROM products WHERE seller_id = ${userId} AND deleted_at IS NULL AND status = 'sold') AS products_sold,
          (SELECT count(*) FROM services WHERE provider_id = ${userId} AND deleted_at IS NULL) AS services,
          (SELECT count(*) FROM events WHERE organizer_id = ${userId}) AS events,
          (SELECT count(*) FROM events WHERE organizer_id = ${userId} AND coalesce(ends_at, starts_at) >= ${now}) AS upcoming_events,
          (SELECT coalesce(sum(views), 0) FROM products WHERE seller_id = ${userId} AND deleted_at IS NULL) AS product_views,
          (SELECT coalesce(sum(views), 0) FROM services WHERE provider_id = ${userId} AND deleted_at IS NULL) AS service_views
      `.execute(db);
      return result.rows[0] as SummaryRow;
    },

    /**
     * The owner's products and services (newest first, at most `limit` of each kind) with views
     * (the listing's counter), saves (current) and chat clicks (sum of the daily rows).
     */
    async insightsListings(userId: string, limit: number): Promise<InsightsListingRow[]> {
      const result = await sql<InsightsListingRow>`
        WITH mine AS (
          (SELECT 'products' AS kind, id, title, views, created_at FROM products
            WHERE seller_id = ${userId} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'services' AS kind, id, name AS title, views, created_at FROM services
            WHERE provider_id = ${userId} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ${limit})
        )
        SELECT m.kind, m.id, m.title, m.views,
          (SELECT count(*) FROM favourites f WHERE f.kind = m.kind AND f.listing_id = m.id) AS saves,
          (SELECT coalesce(sum(s.chat_clicks), 0) FROM listing_daily_stats s
            WHERE s.kind = m.kind AND s.listing_id = m.id) AS chat_clicks
        FROM mine m
        ORDER BY m.created_at DESC, m.id DESC`.execute(db);
      return result.rows;
    },

    /** The daily rows from `from` to `to` ('YYYY-MM-DD', inclusive) of the owner's listings. */
    async insightsDays(userId: string, from: string, to: string): Promise<InsightsDayRow[]> {
      const result = await sql<InsightsDayRow>`
        SELECT s.kind, s.listing_id, s.day::text AS day, s.views, s.chat_clicks
        FROM listing_daily_stats s
        WHERE s.day BETWEEN ${from}::date AND ${to}::date
          AND ((s.kind = 'products' AND s.listing_id IN (SELECT id FROM products WHERE seller_id = ${userId} AND deleted_at IS NULL))
            OR (s.kind = 'services' AND s.listing_id IN (SELECT id FROM services WHERE provider_id = ${userId} AND deleted_at IS NULL)))`.execute(
        db,
      );
      return result.rows;
    },
  };
}
