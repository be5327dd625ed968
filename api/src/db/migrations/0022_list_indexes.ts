/**
 * Migration 0022: list pages by views read in index order (docs/product.md §20.2 `most_viewed`; ADR 0037).
 *
 * Once the list counts stop reading every match (ADR 0037: exact up to 1 000, then the
 * planner's estimate), the slowest list page left was `?sort=most_viewed` without a search or a
 * category: a top-N sort of every listed product (100 000 products on PostgreSQL 15: 120 ms,
 * against 0.3 ms for the newest-first page read from its index). The list indexes of migration
 * 0013 gain the views order:
 *
 * - products: `((status = 'reserved'), views DESC, created_at DESC, id DESC) WHERE status <> 'sold'`,
 *   the page order of `most_viewed` (reserved after available, then views, then newest);
 * - services (no status): `(views DESC, created_at DESC, id DESC)`.
 *
 * ADR 0019 left views unindexed so that counting a view stays a HOT update. Views are now
 * written in batches (ADR 0020: one UPDATE per listing per flush, not per view), so the extra
 * index entry per flushed listing is small beside the sort it saves on every uncached
 * most-viewed page. Identical on PGlite and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_listed_views_idx ON products ((status = 'reserved'), views DESC, created_at DESC, id DESC) WHERE status <> 'sold'`.execute(
    db,
  );
  await sql`CREATE INDEX services_views_idx ON services (views DESC, created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS services_views_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_listed_views_idx`.execute(db);
}
