/**
 * Migration 0013: condition, negotiable and the reserved status of products (docs/product.md §20.4
 * and 5; ADR 0019).
 *
 * - `condition`: 'new' | 'like_new' | 'good' | 'fair' or null (not given); `negotiable`: boolean,
 *   default false. Constant defaults: PostgreSQL 11+ adds them without rewriting the table.
 * - `status` may now be 'reserved' too (the CHECK of 0001 is replaced).
 * - The public lists now show every product that is not sold, reserved ones after available
 *   ones (`listedLast`, `(status = 'reserved')`, in catalog/repository.ts). The partial list
 *   indexes of 0001 and 0006 (`WHERE status = 'available'`) can no longer serve them, so they are
 *   replaced by the same indexes `WHERE status <> 'sold'`, the page-order ones led by
 *   `(status = 'reserved')` so the newest-first page is still read in index order.
 * - The price orders (docs/product.md §20.2) get one index each, `((status = 'reserved'), price,
 *   created_at DESC, id DESC)` and the same with `price DESC`: without them a price-sorted page
 *   sorted every listed row (100 000 products on PostgreSQL 15: 116 ms; with them, see ADR 0019).
 *   `most_viewed` gets none: views change all day (an index on them would also end HOT updates of
 *   the view counts).
 *
 * Written for PostgreSQL 15 (see 0001). The condition list is a frozen copy of
 * `PRODUCT_CONDITIONS` in `@campus/shared/constants`.
 */
import { type Kysely, sql } from 'kysely';

const CONDITIONS = "'new', 'like_new', 'good', 'fair'";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD COLUMN condition text CHECK (condition IN (${sql.raw(CONDITIONS)})),
      ADD COLUMN negotiable boolean NOT NULL DEFAULT false,
      DROP CONSTRAINT products_status_check,
      ADD CONSTRAINT products_status_check CHECK (status IN ('available', 'reserved', 'sold'))`.execute(db);

  await sql`DROP INDEX products_available_newest_idx`.execute(db);
  await sql`DROP INDEX products_available_category_newest_idx`.execute(db);
  await sql`DROP INDEX products_available_price_idx`.execute(db);
  await sql`DROP INDEX products_available_category_price_idx`.execute(db);
  await sql`CREATE INDEX products_listed_newest_idx ON products ((status = 'reserved'), created_at DESC, id DESC) WHERE status <> 'sold'`.execute(
    db,
  );
  await sql`CREATE INDEX products_listed_category_newest_idx ON products (category, (status = 'reserved'), created_at DESC, id DESC) WHERE status <> 'sold'`.execute(
    db,
  );
  await sql`CREATE INDEX products_listed_price_idx ON products (price) WHERE status <> 'sold'`.execute(db);
  await sql`CREATE INDEX products_listed_price_asc_idx ON products ((status = 'reserved'), price, created_at DESC, id DESC) WHERE status <> 'sold'`.execute(
    db,
  );
  await sql`CREATE INDEX products_listed_price_desc_idx ON products ((status = 'reserved'), price DESC, created_at DESC, id DESC) WHERE status <> 'sold'`.execute(
    db,
  );
  await sql`CREATE INDEX products_listed_category_price_idx ON products (category, price) WHERE status <> 'sold'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_listed_price_desc_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_listed_price_asc_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_listed_category_price_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_listed_price_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_listed_category_newest_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_listed_newest_idx`.execute(db);
  await sql`UPDATE products SET status = 'available' WHERE status = 'reserved'`.execute(db);
  await sql`
    ALTER TABLE products
      DROP CONSTRAINT products_status_check,
      ADD CONSTRAINT products_status_check CHECK (status IN ('available', 'sold')),
      DROP COLUMN IF EXISTS negotiable,
      DROP COLUMN IF EXISTS condition`.execute(db);
  await sql`CREATE INDEX products_available_newest_idx ON products (created_at DESC, id DESC) WHERE status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX products_available_category_newest_idx ON products (category, created_at DESC, id DESC) WHERE status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX products_available_price_idx ON products (price) WHERE status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX products_available_category_price_idx ON products (category, price) WHERE status = 'available'`.execute(
    db,
  );
}
