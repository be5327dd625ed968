/**
 * SQL of the sitemap (docs/product.md §23.6): the public item pages, i.e. available products, every
 * service and every shop the public may see (`visibleToPublic`, docs/product.md §19: not held, hidden or of
 * a suspended owner), as (kind, id, last modified) in one stable order: products, then
 * services, then shops, each oldest first (new rows go to the end, so page N keeps its URLs).
 */
import { type Kysely, sql } from 'kysely';
import { listedProduct, visibleToPublic } from '../catalog/repository.ts';
import type { Database } from '../db/schema.ts';

/** Which item page a sitemap entry points at. */
export type SitemapKind = 'product' | 'service' | 'shop';

/** One public item page. */
export interface SitemapRow {
  kind: SitemapKind;
  id: string;
  updated_at: Date;
}

export type SitemapRepository = ReturnType<typeof sitemapRepository>;

/** Builds the sitemap repository over `db`. */
export function sitemapRepository(db: Kysely<Database>) {
  const items = () =>
    db
      .selectFrom('products')
      .select([
        sql<SitemapKind>`'product'`.as('kind'),
        sql<number>`1`.as('rank'),
        'id',
        'created_at',
        'updated_at',
      ])
      .where(listedProduct('products'))
      .where(visibleToPublic('products'))
      .unionAll(
        db
          .selectFrom('services')
          .select([
            sql<SitemapKind>`'service'`.as('kind'),
            sql<number>`2`.as('rank'),
            'id',
            'created_at',
            'updated_at',
          ])
          .where(visibleToPublic('services')),
      )
      .unionAll(
        db
          .selectFrom('shops')
          .select([
            sql<SitemapKind>`'shop'`.as('kind'),
            sql<number>`3`.as('rank'),
            'id',
            'created_at',
            'updated_at',
          ])
          .where(visibleToPublic('shops')),
      );

  return {
    /** Number of public item pages. */
    async count(): Promise<number> {
      const row = await db
        .selectFrom(items().as('items'))
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** `limit` public item pages from `offset` in the sitemap order (see the module comment). */
    async findPage(offset: number, limit: number): Promise<SitemapRow[]> {
      return db
        .selectFrom(items().as('items'))
        .select(['kind', 'id', 'updated_at'])
        .orderBy('rank')
        .orderBy('created_at')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
