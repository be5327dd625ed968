/**
 * Bench data: many generated users, shops, products and services, inserted fast with
 * `INSERT ... SELECT` over `generate_series` in batches (no row-by-row round trips), for load
 * tests (`npm run seed -w api -- --products 100000`, ARCHITECTURE "Runtime contract").
 *
 * Text is deterministic, built from word lists by row number, so searches behave the same on
 * every run: titles contain words such as "Textbook", "HP laptop", "Scientific calculator";
 * every category is used; prices are KES with 2 decimals; ~5 % of products are sold and ~5 %
 * reserved, 80 % have a condition (docs/product.md §20) and a third are negotiable; every
 * 10th item has no picture. With a `storage`, one cover per category is drawn and stored
 * (under `bench/`) and shared by that category's items, so pages show real pictures.
 *
 * Accounts are `bench-<run>-<n>@bench.campus-soko.test` with no password (cannot log in), so
 * several runs can be added to one database.
 */
import { randomBytes } from 'node:crypto';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS, SERVICE_CATEGORIES } from '@campus/shared/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { processImage } from '../uploads/image-pipeline.ts';
import { type Storage, storeImageVariants } from '../uploads/storage.ts';
import { hueFor, renderCoverImage } from './cover-images.ts';

export interface BenchCounts {
  products: number;
  services: number;
  /** Users owning a shop; their products are attached to it. */
  shops: number;
}

export interface SeedBenchOptions {
  /** Rows per INSERT statement (default 10 000; PGlite blocks the event loop while one runs). */
  batchSize?: number;
  /** Where to store the per-category covers; without it every item has null images. */
  storage?: Storage;
  /** Progress messages. */
  log?: (message: string) => void;
}

export interface SeedBenchResult extends BenchCounts {
  users: number;
  ms: number;
}

/** [item, category index, base price KES] for products: titles users will search for. */
const PRODUCT_ITEMS: [string, number, number][] = [
  ['Calculus Textbook', 0, 1800],
  ['Organic Chemistry Textbook', 0, 2400],
  ['Past papers bundle', 0, 350],
  ['Revision notes', 0, 250],
  ['HP laptop', 1, 38000],
  ['Dell laptop', 1, 42000],
  ['Samsung phone', 1, 18000],
  ['Bluetooth speaker', 1, 2500],
  ['Study lamp', 2, 900],
  ['Mattress', 2, 4500],
  ['Extension cable', 2, 700],
  ['Scientific calculator', 3, 1500],
  ['Lab coat', 3, 800],
  ['Drawing set', 3, 1200],
  ['Hoodie', 4, 1500],
  ['Sneakers', 4, 3000],
  ['Dumbbells', 5, 2800],
  ['Yoga mat', 5, 1200],
  ['Mountain bike', 6, 15000],
  ['Electric scooter', 6, 32000],
  ['Acoustic guitar', 7, 7000],
  ['Keyboard piano', 7, 12000],
  ['PS4 console', 8, 28000],
  ['FIFA game', 8, 2500],
  ['Electric kettle', 9, 1400],
  ['Gas cooker', 9, 3500],
  ['Umbrella', 10, 600],
  ['Suitcase', 10, 3200],
];

/** [name, category index, base price KES] for services. */
const SERVICE_ITEMS: [string, number, number][] = [
  ['Portrait drawing', 0, 1500],
  ['Mural painting', 0, 5000],
  ['Calculus tutoring', 1, 800],
  ['Programming tutoring', 1, 1000],
  ['Graduation photoshoot', 2, 3500],
  ['Event photography', 2, 6000],
  ['Poster design', 3, 700],
  ['Printing and binding', 3, 300],
  ['Laptop repair', 4, 1500],
  ['Phone screen replacement', 4, 2500],
  ['Braiding', 5, 1200],
  ['Manicure and pedicure', 5, 800],
  ['Personal training', 6, 1000],
  ['Aerobics classes', 6, 500],
  ['French lessons', 7, 900],
  ['Document translation', 7, 1200],
  ['Hostel moving help', 8, 1500],
  ['Luggage storage', 8, 500],
  ['DJ for parties', 9, 8000],
  ['Event planning', 9, 10000],
  ['Laundry pickup', 10, 400],
  ['Room cleaning', 10, 600],
];

const CONDITIONS = [
  'Brand new',
  'Barely used',
  'Used',
  'Clean',
  'Affordable',
  'Quality',
  'Second-hand',
  'Original',
];
const EXTRAS = [
  'with receipt',
  'negotiable',
  'quick sale',
  'like new',
  'good deal',
  'for first years',
  'price drop',
];
const CAMPUSES = [
  'Main campus',
  'Juja',
  'Kahawa',
  'Parklands',
  'Chiromo',
  'Lower Kabete',
  'Njoro',
  'Eldoret town',
];
const PHRASES = [
  'Selling because I am clearing out before the holidays.',
  'Works perfectly, no faults.',
  'Can deliver within campus for free.',
  'Serious buyers only, price slightly negotiable.',
  'Bought last semester, hardly used.',
  'Ideal for students on a budget.',
];
const FIRST_NAMES = [
  'Wanjiru',
  'Otieno',
  'Achieng',
  'Kiprop',
  'Njeri',
  'Mutua',
  'Chebet',
  'Kamau',
  'Atieno',
  'Mwangi',
];
const LAST_NAMES = [
  'Kariuki',
  'Odhiambo',
  'Wafula',
  'Kiptoo',
  'Mwende',
  'Ndegwa',
  'Omondi',
  'Cherono',
  'Njoroge',
];
const UNIVERSITIES = [
  'University of Nairobi',
  'Kenyatta University',
  'Jomo Kenyatta University of Agriculture and Technology',
  'Moi University',
  'Strathmore University',
  'Egerton University',
];

/** A Postgres text[] literal expression for a list of constant strings, as a bound parameter. */
const textArray = (values: readonly string[]) => sql`${values}::text[]`;
const intArray = (values: readonly number[]) => sql`${values}::int[]`;

/**
 * Inserts bench data.
 * @param counts how many products, services and shops to add (>= 0 each)
 * @returns the counts, the number of users created and the time taken in ms
 */
export async function seedBench(
  db: Kysely<Database>,
  counts: BenchCounts,
  options: SeedBenchOptions = {},
): Promise<SeedBenchResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const batchSize = Math.max(1, options.batchSize ?? 10_000);
  const run = randomBytes(3).toString('hex');
  // Enough sellers that no one has thousands of listings; every shop owner is a seller.
  const users = Math.max(
    counts.shops,
    Math.min(2000, Math.ceil((counts.products + counts.services) / 50)),
    1,
  );

  const covers = { products: [] as (string | null)[][], services: [] as (string | null)[][] };
  covers.products = [PRODUCT_CATEGORIES.map(() => null), PRODUCT_CATEGORIES.map(() => null)];
  covers.services = [SERVICE_CATEGORIES.map(() => null), SERVICE_CATEGORIES.map(() => null)];
  if (options.storage) {
    const storage = options.storage;
    const draw = async (category: string) => {
      const png = await renderCoverImage({
        title: category,
        subtitle: 'Campus Soko bench',
        hue: hueFor(category),
      });
      return storeImageVariants(storage, 'bench', await processImage(png));
    };
    const productCovers = await Promise.all(PRODUCT_CATEGORIES.map(draw));
    const serviceCovers = await Promise.all(SERVICE_CATEGORIES.map(draw));
    covers.products = [productCovers.map((c) => c.coverImage), productCovers.map((c) => c.coverThumbnail)];
    covers.services = [serviceCovers.map((c) => c.coverImage), serviceCovers.map((c) => c.coverThumbnail)];
    log(`stored ${productCovers.length + serviceCovers.length} category covers`);
  }

  await sql`
    INSERT INTO users (email, password_hash, first_name, last_name, whatsapp, university, email_verified_at)
    SELECT 'bench-' || ${run} || '-' || g || '@bench.campus-soko.test', NULL,
      (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
      (${textArray(LAST_NAMES)})[1 + (g / 3) % ${LAST_NAMES.length}],
      '2547' || lpad((g % 100000000)::text, 8, '0'),
      (${textArray(UNIVERSITIES)})[1 + g % ${UNIVERSITIES.length}],
      now()
    FROM generate_series(1, ${users}::int) AS g`.execute(db);

  // Sellers in a fixed order (by their number) so products can pick seller n by index.
  const sellerIds = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', `bench-${run}-%`)
      .orderBy(sql`split_part(split_part(email, '@', 1), '-', 3)::int`)
      .execute()
  ).map((row) => row.id);

  const shopIds: string[] = [];
  if (counts.shops > 0) {
    const rows = await sql<{ id: string; owner_id: string }>`
      INSERT INTO shops (owner_id, name, description, address, phone)
      SELECT owner, (${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || '''s ' ||
          (${textArray(['Campus Store', 'Deals', 'Electronics', 'Books', 'Kitchen', 'Closet'])})[1 + (n / 2) % 6],
        'Student shop number ' || n || ': fair prices and delivery within campus.',
        (${textArray(CAMPUSES)})[1 + n % ${CAMPUSES.length}],
        '2541' || lpad((n % 100000000)::text, 8, '0')
      FROM unnest(${sellerIds.slice(0, counts.shops)}::uuid[]) WITH ORDINALITY AS s(owner, n)
      RETURNING id, owner_id`.execute(db);
    const byOwner = new Map(rows.rows.map((row) => [row.owner_id, row.id]));
    for (const owner of sellerIds.slice(0, counts.shops)) shopIds.push(byOwner.get(owner)!);
    log(`inserted ${rows.rows.length} shops`);
  }

  const itemArrays = (items: [string, number, number][]) => ({
    names: textArray(items.map((item) => item[0])),
    categories: intArray(items.map((item) => item[1])),
    prices: intArray(items.map((item) => item[2])),
    length: items.length,
  });
  const productItems = itemArrays(PRODUCT_ITEMS);
  const serviceItems = itemArrays(SERVICE_ITEMS);

  for (let start = 1; start <= counts.products; start += batchSize) {
    const end = Math.min(counts.products, start + batchSize - 1);
    await sql`
      INSERT INTO products (seller_id, shop_id, title, description, price, category, cover_image, cover_thumbnail,
        views, status, condition, negotiable, created_at, updated_at)
      SELECT
        (${sellerIds}::uuid[])[1 + g % ${sellerIds.length}],
        (${shopIds}::uuid[])[1 + g % ${sellerIds.length}],
        (${textArray(CONDITIONS)})[1 + (g / 7) % ${CONDITIONS.length}] || ' ' ||
          (${productItems.names})[1 + g % ${productItems.length}] || ', ' ||
          (${textArray(EXTRAS)})[1 + (g / 11) % ${EXTRAS.length}],
        (${productItems.names})[1 + g % ${productItems.length}] || ' in ' ||
          lower((${textArray(CONDITIONS)})[1 + (g / 7) % ${CONDITIONS.length}]) || ' condition. ' ||
          (${textArray(PHRASES)})[1 + (g / 5) % ${PHRASES.length}] || ' Pick up at ' ||
          (${textArray(CAMPUSES)})[1 + (g / 3) % ${CAMPUSES.length}] || '.',
        round((${productItems.prices})[1 + g % ${productItems.length}] * (60 + (g * 37) % 80) / 100.0, 2),
        (${textArray(PRODUCT_CATEGORIES)})[1 + (${productItems.categories})[1 + g % ${productItems.length}]],
        CASE WHEN g % 10 = 0 THEN NULL
          ELSE (${covers.products[0]!}::text[])[1 + (${productItems.categories})[1 + g % ${productItems.length}]] END,
        CASE WHEN g % 10 = 0 THEN NULL
          ELSE (${covers.products[1]!}::text[])[1 + (${productItems.categories})[1 + g % ${productItems.length}]] END,
        (g * 7919) % 500,
        CASE WHEN g % 20 = 7 THEN 'sold' WHEN g % 20 = 13 THEN 'reserved' ELSE 'available' END,
        CASE WHEN g % 5 = 4 THEN NULL ELSE (${textArray(PRODUCT_CONDITIONS)})[1 + (g / 7) % 4] END,
        g % 3 = 0,
        now() - make_interval(secs => g * 30),
        now() - make_interval(secs => g * 30)
      FROM generate_series(${start}::int, ${end}::int) AS g`.execute(db);
    log(`products ${end}/${counts.products}`);
  }

  for (let start = 1; start <= counts.services; start += batchSize) {
    const end = Math.min(counts.services, start + batchSize - 1);
    await sql`
      INSERT INTO services (provider_id, name, description, price, category, cover_image, cover_thumbnail,
        views, created_at, updated_at)
      SELECT
        (${sellerIds}::uuid[])[1 + (g * 7) % ${sellerIds.length}],
        (${serviceItems.names})[1 + g % ${serviceItems.length}] || ' ' ||
          (${textArray(['on campus', 'by a pro', 'same day', 'affordable', 'weekends', 'by appointment'])})[1 + (g / 5) % 6],
        (${serviceItems.names})[1 + g % ${serviceItems.length}] || ' offered by a fellow student. ' ||
          (${textArray(PHRASES)})[1 + (g / 3) % ${PHRASES.length}] || ' Available at ' ||
          (${textArray(CAMPUSES)})[1 + (g / 2) % ${CAMPUSES.length}] || '.',
        round((${serviceItems.prices})[1 + g % ${serviceItems.length}] * (60 + (g * 37) % 80) / 100.0, 2),
        (${textArray(SERVICE_CATEGORIES)})[1 + (${serviceItems.categories})[1 + g % ${serviceItems.length}]],
        CASE WHEN g % 10 = 0 THEN NULL
          ELSE (${covers.services[0]!}::text[])[1 + (${serviceItems.categories})[1 + g % ${serviceItems.length}]] END,
        CASE WHEN g % 10 = 0 THEN NULL
          ELSE (${covers.services[1]!}::text[])[1 + (${serviceItems.categories})[1 + g % ${serviceItems.length}]] END,
        (g * 6007) % 300,
        now() - make_interval(secs => g * 45),
        now() - make_interval(secs => g * 45)
      FROM generate_series(${start}::int, ${end}::int) AS g`.execute(db);
    log(`services ${end}/${counts.services}`);
  }

  return { ...counts, users, ms: Date.now() - started };
}
