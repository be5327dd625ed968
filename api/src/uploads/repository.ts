/**
 * SQL of the upload sweep (ADR 0012): which picture URLs the database refers to.
 * Every column that holds an `/uploads/...` URL must be listed here, or the sweep would take
 * its files for orphans: users.photo; cover_image and cover_thumbnail of shops, products,
 * services and events; photos of products and services.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every distinct `/uploads/...` URL path stored in the database. */
export async function referencedUploadUrls(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ url: string }>`
    SELECT url FROM (
      SELECT photo AS url FROM users
      UNION SELECT cover_image FROM shops UNION SELECT cover_thumbnail FROM shops
      UNION SELECT cover_image FROM products UNION SELECT cover_thumbnail FROM products
      UNION SELECT unnest(photos) FROM products
      UNION SELECT cover_image FROM services UNION SELECT cover_thumbnail FROM services
      UNION SELECT unnest(photos) FROM services
      UNION SELECT cover_image FROM events UNION SELECT cover_thumbnail FROM events
    ) AS refs
    WHERE url LIKE '/uploads/%'`.execute(db);
  return new Set(rows.map((row) => row.url));
}
