/**
 * Migration 0001: users, shops, products, services (docs/product.md §3 "Entities and their fields").
 *
 * Written for PostgreSQL 15 (the oldest server we support; PGlite is 18): `gen_random_uuid()`,
 * stored generated tsvector columns, pg_trgm. Never edit a migration once it has shipped: add
 * a new one. The category lists are a frozen copy of `@campus/shared/constants` at the time of
 * writing (a test checks they still match).
 *
 * Indexes follow the list queries of `products/repository.ts` and `services/repository.ts`:
 * newest first `(created_at DESC, id DESC)`, by category `(category, created_at DESC, id DESC)`,
 * full-text GIN on the tsvector, trigram GIN on the title/name only (typo fallback), and one
 * index per foreign key.
 */
import { type Kysely, sql } from 'kysely';

const PRODUCT_CATEGORIES = [
  'Textbooks and Study Materials',
  'Electronics',
  'Dorm Room Essentials',
  'School Supplies',
  'Clothing and Accessories',
  'Fitness Equipment',
  'Bicycles and Scooters',
  'Musical Instruments',
  'Gaming Consoles and Video Games',
  'Kitchen Appliances',
  'other',
];

const SERVICE_CATEGORIES = [
  'Art',
  'Tutoring and Academic Support',
  'Photography',
  'Graphic Design and Printing',
  'Tech Repair and IT Support',
  'Beauty Services',
  'Fitness Training and Classes',
  'Language Exchange and Translation',
  'Moving and Storage Assistance',
  'Event Planning and DJ Services',
  'Cleaning and Laundry Services',
];

/** `'a', 'b', ...` as raw SQL (the values are constants above, not user input). */
const sqlList = (values: string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text,
      first_name text NOT NULL,
      last_name text NOT NULL,
      whatsapp text NOT NULL,
      university text NOT NULL,
      photo text,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
      email_verified_at timestamptz,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE shops (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      cover_image text,
      cover_thumbnail text,
      address text,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      shop_id uuid REFERENCES shops (id) ON DELETE SET NULL,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      price numeric(12, 2) NOT NULL CHECK (price >= 0),
      category text NOT NULL CHECK (category IN (${sqlList(PRODUCT_CATEGORIES)})),
      cover_image text,
      cover_thumbnail text,
      photos text[] NOT NULL DEFAULT '{}',
      views integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold')),
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, title), 'A') ||
        setweight(to_tsvector('simple'::regconfig, description), 'B')
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX products_available_newest_idx ON products (created_at DESC, id DESC) WHERE status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX products_available_category_newest_idx ON products (category, created_at DESC, id DESC) WHERE status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX products_search_idx ON products USING gin (search)`.execute(db);
  await sql`CREATE INDEX products_title_trgm_idx ON products USING gin (title gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX products_seller_id_idx ON products (seller_id)`.execute(db);
  await sql`CREATE INDEX products_shop_id_newest_idx ON products (shop_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE services (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      price numeric(12, 2) NOT NULL CHECK (price >= 0),
      category text NOT NULL CHECK (category IN (${sqlList(SERVICE_CATEGORIES)})),
      cover_image text,
      cover_thumbnail text,
      photos text[] NOT NULL DEFAULT '{}',
      views integer NOT NULL DEFAULT 0,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, name), 'A') ||
        setweight(to_tsvector('simple'::regconfig, description), 'B')
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX services_newest_idx ON services (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX services_category_newest_idx ON services (category, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX services_search_idx ON services USING gin (search)`.execute(db);
  await sql`CREATE INDEX services_name_trgm_idx ON services USING gin (name gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX services_provider_id_idx ON services (provider_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS services, products, shops, users`.execute(db);
}
