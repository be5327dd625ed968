/**
 * SQL of the dashboard overview (issue 5): counts of one user's listings and their views, in one
 * statement of scalar subqueries (each uses the per-owner indexes of migrations 0001/0004).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SummaryRow {
  products_available: string;
  products_sold: string;
  services: string;
  events: string;
  upcoming_events: string;
  product_views: string;
  service_views: string;
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;

/** Builds the dashboard repository over `db`. */
export function dashboardRepository(db: Kysely<Database>) {
  return {
    /** Counts for `userId` at `now` (numbers come back as strings, see db/schema.ts). */
    async summary(userId: string, now: Date): Promise<SummaryRow> {
      const result = await sql<SummaryRow>`
        SELECT
          (SELECT count(*) FROM products WHERE seller_id = ${userId} AND status = 'available') AS products_available,
          (SELECT count(*) FROM products WHERE seller_id = ${userId} AND status = 'sold') AS products_sold,
          (SELECT count(*) FROM services WHERE provider_id = ${userId}) AS services,
          (SELECT count(*) FROM events WHERE organizer_id = ${userId}) AS events,
          (SELECT count(*) FROM events WHERE organizer_id = ${userId} AND coalesce(ends_at, starts_at) >= ${now}) AS upcoming_events,
          (SELECT coalesce(sum(views), 0) FROM products WHERE seller_id = ${userId}) AS product_views,
          (SELECT coalesce(sum(views), 0) FROM services WHERE provider_id = ${userId}) AS service_views
      `.execute(db);
      return result.rows[0] as SummaryRow;
    },
  };
}
