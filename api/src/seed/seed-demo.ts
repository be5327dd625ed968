/**
 * Inserts the demo content of `demo-data.ts` (realistic Kenyan campus sellers, shops, products
 * and services; ARCHITECTURE "Runtime contract": an empty embedded database is seeded on first
 * start, and `npm run seed -w api -- --demo` does it on demand).
 *
 * Pictures: for each item with `hasCover` (and each shop with a `coverHue`) a cover is drawn
 * locally (`renderCoverImage`), sent through the upload pipeline (`processImage`: 1200, 800,
 * 400 and 200 px WebP) and stored (`storeImageVariants`, under `products/`, `services/`, `shops/`), so
 * demo pictures are exactly like uploaded ones. Items without a cover get null images. Processed
 * covers are kept in a cache folder (`cover-cache.ts`) for the next seed in the same checkout.
 * The rows go in one transaction; if it fails, the stored pictures are deleted again.
 *
 * Demo accounts have no password (password_hash null: they cannot log in) and are verified.
 */
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type Storage, storeImageVariants } from '../uploads/storage.ts';
import { defaultCoverCacheDir, processCover } from './cover-cache.ts';
import { hueFor, renderCoverImage } from './cover-images.ts';
import { DEMO_PRODUCTS, DEMO_SELLERS, DEMO_SERVICES, DEMO_SHOPS } from './demo-data.ts';

export interface SeedDemoResult {
  users: number;
  shops: number;
  products: number;
  services: number;
  /** Pictures stored (each as 1200, 800, 400 and 200 px WebP variants). */
  images: number;
  ms: number;
}

export interface SeedDemoOptions {
  /** Reference time for `daysAgo` (default now). */
  now?: Date;
  /** Pictures drawn and encoded at once (default: number of CPUs, at most 4). */
  concurrency?: number;
  /**
   * Folder of processed covers reused across seeds (`cover-cache.ts`; default
   * `defaultCoverCacheDir()`); null encodes every picture.
   */
  coverCache?: string | null;
}

interface Cover {
  coverImage: string | null;
  coverThumbnail: string | null;
}

const NO_COVER: Cover = { coverImage: null, coverThumbnail: null };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** True when the database holds no user yet (the server seeds only then). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** True when the demo accounts are already in the database (matched by e-mail, any case). */
export async function hasDemoData(db: Kysely<Database>): Promise<boolean> {
  const emails = DEMO_SELLERS.map((seller) => seller.email.toLowerCase());
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const DEMO_ALREADY_SEEDED = 'The demo data is already in the database';

/**
 * Inserts the demo data.
 * @param db the database (migrated)
 * @param storage where the pictures go (LocalStorage(DATA_DIR/uploads) in the server)
 * @returns how many rows and pictures were created, and the time taken in ms
 * @throws Error DEMO_ALREADY_SEEDED when a demo account exists (checked before any picture is
 *   drawn); Error on a database or I/O failure, after deleting the pictures it stored
 */
export async function seedDemo(
  db: Kysely<Database>,
  storage: Storage,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const concurrency = options.concurrency ?? Math.min(4, os.availableParallelism());
  const coverCache = options.coverCache === undefined ? defaultCoverCacheDir() : options.coverCache;
  let pictures = 0;
  const storedKeys: string[] = [];

  const makeCover = async (folder: string, title: string, subtitle: string, hue: number): Promise<Cover> => {
    const png = await renderCoverImage({ title, subtitle, hue });
    const stored = await storeImageVariants(storage, folder, await processCover(png, coverCache));
    storedKeys.push(...stored.keys);
    pictures++;
    return { coverImage: stored.coverImage, coverThumbnail: stored.coverThumbnail };
  };

  if (await hasDemoData(db)) throw new Error(DEMO_ALREADY_SEEDED);
  try {
    const shopCovers = await mapLimit(DEMO_SHOPS, concurrency, (shop) =>
      shop.coverHue === null
        ? Promise.resolve(NO_COVER)
        : makeCover('shops', shop.name, shop.address, shop.coverHue),
    );
    const productCovers = await mapLimit(DEMO_PRODUCTS, concurrency, (product) =>
      product.hasCover
        ? makeCover('products', product.title, product.category, hueFor(product.title))
        : Promise.resolve(NO_COVER),
    );
    const serviceCovers = await mapLimit(DEMO_SERVICES, concurrency, (service) =>
      service.hasCover
        ? makeCover('services', service.name, service.category, hueFor(service.name))
        : Promise.resolve(NO_COVER),
    );
    // Distinct timestamps keep the newest-first order stable: the n-th item is n seconds older.
    const createdAt = (daysAgo: number, index: number) =>
      new Date(now.getTime() - daysAgo * DAY_MS - index * 1000);

    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          DEMO_SELLERS.map((seller, index) => ({
            // Demo sellers joined months ago (docs/product.md §29: new accounts are flagged for 48 hours).
            created_at: createdAt(180, index),
            email: seller.email,
            password_hash: null,
            first_name: seller.firstName,
            last_name: seller.lastName,
            whatsapp: seller.whatsApp,
            university: seller.university,
            role: seller.role ?? 'user',
            email_verified_at: now,
          })),
        )
        .returning(['id', 'email'])
        .execute();
      const userIdByKey = new Map(
        DEMO_SELLERS.map((seller) => [seller.key, users.find((user) => user.email === seller.email)!.id]),
      );
      const userId = (key: string) => {
        const id = userIdByKey.get(key);
        if (!id) throw new Error(`demo data: unknown seller key '${key}'`);
        return id;
      };

      const shops = await trx
        .insertInto('shops')
        .values(
          DEMO_SHOPS.map((shop, index) => ({
            owner_id: userId(shop.ownerKey),
            name: shop.name,
            description: shop.description,
            address: shop.address,
            phone: shop.phone,
            cover_image: shopCovers[index]!.coverImage,
            cover_thumbnail: shopCovers[index]!.coverThumbnail,
          })),
        )
        .returning(['id', 'owner_id'])
        .execute();
      const shopIdByOwner = new Map(shops.map((shop) => [shop.owner_id, shop.id]));

      await trx
        .insertInto('products')
        .values(
          DEMO_PRODUCTS.map((product, index) => {
            const sellerId = userId(product.sellerKey);
            const at = createdAt(product.daysAgo, index);
            return {
              seller_id: sellerId,
              shop_id: shopIdByOwner.get(sellerId) ?? null,
              title: product.title,
              description: product.description,
              price: product.price,
              category: product.category,
              status: product.status ?? 'available',
              cover_image: productCovers[index]!.coverImage,
              cover_thumbnail: productCovers[index]!.coverThumbnail,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();

      await trx
        .insertInto('services')
        .values(
          DEMO_SERVICES.map((service, index) => {
            const at = createdAt(service.daysAgo, index);
            return {
              provider_id: userId(service.providerKey),
              name: service.name,
              description: service.description,
              price: service.price,
              category: service.category,
              cover_image: serviceCovers[index]!.coverImage,
              cover_thumbnail: serviceCovers[index]!.coverThumbnail,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
    });
  } catch (error) {
    await Promise.allSettled(storedKeys.map((key) => storage.delete(key)));
    throw error;
  }

  return {
    users: DEMO_SELLERS.length,
    shops: DEMO_SHOPS.length,
    products: DEMO_PRODUCTS.length,
    services: DEMO_SERVICES.length,
    images: pictures,
    ms: Date.now() - started,
  };
}
