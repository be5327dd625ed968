/**
 * The SQL of the listings, products and services (docs/product.md §3, §7, §15): `listingRepository`,
 * one repository parameterised by table (`ListingTable`: table, owner and title columns, and
 * whether listings have a status and a shop), and its pieces: the WHERE conditions of a list
 * filter and the ORDER BY of each search mode. `products/repository.ts` and
 * `services/repository.ts` are its two configurations; nothing here imports them. Identical on
 * PGlite and PostgreSQL. Also THE rule of what the public may see (`visibleToPublic`), used by
 * shops and the sitemap too.
 *
 * Order (docs/product.md §20.2, ADR 0019): `newest` (the default), `price_asc`, `price_desc`,
 * `most_viewed`, or `relevance` for a search without an explicit sort; reserved products after
 * available ones under every order (`listedLast`); ties newest first.
 *
 * Search (see `search.ts`): full-text uses the stored `search` tsvector (GIN index) with
 * `to_tsquery('simple', 'w1:* & w2:*')`, ranked by `ts_rank`; the trigram fallback uses
 * `term <% title` (word_similarity >= pg_trgm.word_similarity_threshold, default 0.6; GIN
 * trigram index on the title/name only), ranked by `word_similarity`. Ties and plain lists:
 * newest first, `created_at DESC, id DESC` (matches the list indexes).
 *
 * A page query ranks and pages the matches on the listing table alone (id, created_at,
 * relevance in a subquery `top`) and joins the owner/shop columns for the page's rows only:
 * with a popular search term the join and the wide sort rows over every match cost more than
 * the ranking (textbook, 13 573 matches: 27 → 16 ms on PostgreSQL).
 */

import type { ListSort } from '@campus/shared/contract';
import {
  type Expression,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type {
  Database,
  ListingColumns,
  ModerationState,
  NewProduct,
  NewService,
  ProductCondition,
  ProductStatus,
} from '../db/schema.ts';
import type { SearchMode, SearchTerms } from './search.ts';

/** A list filter after normalization (prices in KES). */
export interface ListFilter {
  search: SearchTerms | null;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Only listings whose owner is a verified student (docs/product.md §19.5, `verifiedOnly=true`). */
  verifiedOnly?: boolean;
  /** Only listings whose owner's university is this one (docs/product.md §20.3; the list's own spelling). */
  university?: string;
  /** Only products in this condition (docs/product.md §20.4; products only). */
  condition?: ProductCondition;
}

/**
 * The order of a list page (docs/product.md §20.2): one of the `sort` values, or `relevance` (a search
 * without an explicit sort; with no search words it is `newest`).
 */
export type ListOrder = ListSort | 'relevance';

/**
 * Condition "the product (table aliased `alias`) is listed": not sold (docs/product.md §20.5: available
 * and reserved products are public; sold ones leave the lists). Matches the predicate of the
 * partial list indexes of migration 0013 (`WHERE status <> 'sold'`).
 */
export function listedProduct(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.status`)} <> 'sold'`;
}

/**
 * The first order key of every product list (docs/product.md §20.5, ADR 0019): false for available,
 * true for reserved, so reserved products come after available ones. The same expression leads
 * the list indexes of migration 0013.
 */
export function listedLast(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.status`)} = 'reserved')`;
}

/**
 * THE rule of what the public may see (docs/product.md §19.2, "hidden from the public"): a product,
 * service or shop (table aliased `alias`) is public when no moderator hid it, it is not held
 * for review after three reports, its owner is not suspended (migration 0010) and its owner did
 * not delete it while it was held or hidden (a soft delete, migration 0017). Every public
 * read — lists, counts, detail, search, shop pages, the sitemap — filters with this; owners'
 * own lists ("mine") and the moderation desk do not.
 */
export function visibleToPublic(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.moderation`)} = 'visible' AND NOT ${sql.ref(`${alias}.owner_suspended`)} AND ${sql.ref(`${alias}.deleted_at`)} IS NULL)`;
}

/**
 * Condition "the owner (column `ownerColumn` of `alias`) is a verified student" (docs/product.md §19
 * item 5): a lookup of `users.verified_student` by primary key.
 */
export function ownerIsVerifiedStudent(alias: string, ownerColumn: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM users vs WHERE vs.id = ${sql.ref(`${alias}.${ownerColumn}`)} AND vs.verified_student)`;
}

/**
 * WHERE conditions for `filter` on the table aliased `alias`, whose text column is `titleColumn`
 * and owner column `ownerColumn`; always includes `visibleToPublic(alias)` (lists are public).
 * @param mode 'none' ignores `filter.search`; 'fts' / 'trigram' need `filter.search`
 */
export function listConditions(
  filter: ListFilter,
  mode: SearchMode,
  alias: string,
  titleColumn: string,
  ownerColumn: string,
): Expression<SqlBool>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [visibleToPublic(alias)];
  if (filter.verifiedOnly) conditions.push(ownerIsVerifiedStudent(alias, ownerColumn));
  if (filter.university !== undefined) {
    conditions.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM users cu WHERE cu.id = ${column(ownerColumn)} AND cu.university = ${filter.university})`,
    );
  }
  if (filter.condition !== undefined)
    conditions.push(sql<SqlBool>`${column('condition')} = ${filter.condition}`);
  if (filter.category !== undefined)
    conditions.push(sql<SqlBool>`${column('category')} = ${filter.category}`);
  if (filter.minPrice !== undefined) conditions.push(sql<SqlBool>`${column('price')} >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql<SqlBool>`${column('price')} <= ${filter.maxPrice}`);
  if (mode === 'fts' && filter.search) {
    conditions.push(sql<SqlBool>`${column('search')} @@ to_tsquery('simple', ${filter.search.tsquery})`);
  }
  if (mode === 'trigram' && filter.search?.trigram) {
    conditions.push(sql<SqlBool>`${filter.search.trigram} <% ${column(titleColumn)}`);
  }
  return conditions;
}

/**
 * How well a row matches the search, for ordering (higher first): `ts_rank` for full text,
 * `word_similarity` for the trigram fallback; null without a search (mode 'none').
 */
export function listRelevance(
  filter: ListFilter,
  mode: SearchMode,
  alias: string,
  titleColumn: string,
): RawBuilder<number> | null {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (mode === 'fts' && filter.search) {
    return sql<number>`ts_rank(${column('search')}, to_tsquery('simple', ${filter.search.tsquery}))`;
  }
  if (mode === 'trigram' && filter.search?.trigram) {
    return sql<number>`word_similarity(${filter.search.trigram}, ${column(titleColumn)})`;
  }
  return null;
}

/** One key of a page's order: a column of the ranking subquery and its direction. */
export interface OrderKey {
  /** Column name in the ranking subquery (`top`). */
  name: string;
  /** Its value, computed on the listing table `l`. */
  value: Expression<unknown>;
  direction: 'ASC' | 'DESC';
}

/**
 * True when the page of `order` under `filter` should be read in the order of a list index of
 * migration 0013 (its leading `listedLast` expression): newest first always (the newest-first
 * and category indexes), the price orders only without a category or a search. Price correlates
 * with both (Electronics and "laptop" are dear): walking the price index for them read most of
 * it before finding a page (100 000 products on PostgreSQL 15: category + price 108 ms against
 * 32 ms with a top-N sort of the category's rows). Relevance and views have no index.
 */
export function pageFromIndex(order: ListOrder, filter: ListFilter): boolean {
  if (order === 'newest') return true;
  const priced = order === 'price_asc' || order === 'price_desc';
  return priced && filter.category === undefined && filter.search === null;
}

/**
 * The order keys of a page before the tie-break (`created_at DESC, id DESC`): for products
 * `listed_last` (reserved after available), then the sort's key: price, views or relevance
 * (`newest` has none; `relevance` none when there is no rank).
 *
 * `listed_last` is written as the list indexes' expression (`listedLast`) only when
 * `fromIndex`; otherwise as the equivalent `status <> 'available'` (sold rows are filtered out),
 * which no index matches: else PostgreSQL walked the newest-first index for that leading key and
 * filtered every row ("textbook" by relevance at 100 000 products: 252 ms instead of 58 ms with
 * the search index and a top-N sort).
 * @param relevance the rank expression (`listRelevance`), or null without a search
 * @param fromIndex `pageFromIndex(order, filter)`
 */
export function orderKeys(
  order: ListOrder,
  relevance: RawBuilder<number> | null,
  sellable: boolean,
  fromIndex: boolean,
): OrderKey[] {
  const last = fromIndex ? listedLast('l') : sql<boolean>`(${sql.ref('l.status')} <> 'available')`;
  const keys: OrderKey[] = sellable ? [{ name: 'listed_last', value: last, direction: 'ASC' }] : [];
  if (order === 'price_asc') keys.push({ name: 'sort_price', value: sql.ref('l.price'), direction: 'ASC' });
  if (order === 'price_desc') keys.push({ name: 'sort_price', value: sql.ref('l.price'), direction: 'DESC' });
  if (order === 'most_viewed')
    keys.push({ name: 'sort_views', value: sql.ref('l.views'), direction: 'DESC' });
  if (order === 'relevance' && relevance)
    keys.push({ name: 'relevance', value: relevance, direction: 'DESC' });
  return keys;
}

/**
 * ORDER BY of a page: `keys` (columns of the query, computed once per row), then newest,
 * `created_at DESC, id DESC` on `alias`.
 * @param from the table or subquery alias the key columns are read from, or null for the
 *   query's own output columns
 */
export function pageOrder(
  keys: readonly OrderKey[],
  alias: string,
  from: string | null,
): RawBuilder<unknown> {
  const parts = keys.map(
    (key) => sql`${sql.ref(from ? `${from}.${key.name}` : key.name)} ${sql.raw(key.direction)}`,
  );
  parts.push(sql`${sql.ref(`${alias}.created_at`)} DESC`, sql`${sql.ref(`${alias}.id`)} DESC`);
  return sql.join(parts);
}

/** The two listing tables: products (docs/product.md §3 "Product") and services (docs/product.md §3 "Service"). */
export type ListingTableName = 'products' | 'services';

/**
 * What differs between the listing tables, for `listingRepository`:
 * - products: owner `seller_id`, title `title`, a `status` (lists and counts show 'available'
 *   and 'reserved' ones, `listedProduct`; an edit may change it), `condition`, `negotiable` and
 *   an optional shop (the owner's, set at insert);
 * - services: owner `provider_id`, title `name`, no status, no shop.
 */
export interface ListingTable {
  table: ListingTableName;
  /** The owner column; its value is the owning user's id. */
  ownerColumn: 'seller_id' | 'provider_id';
  /** The column of the title (what the trigram fallback matches). */
  titleColumn: 'title' | 'name';
  /**
   * True for products: the `status` column ('available' / 'reserved' / 'sold'), `condition`,
   * `negotiable` and the owner's shop.
   */
  sellable: boolean;
}

/**
 * One row of a listing list, under neutral names: `title` is the title column, `owner_*` the
 * owner's columns. `status` and `shop_*` only for a sellable table (products); `shop_*` are null
 * when the product has no shop, `shop_whatsapp` is the shop's phone or else the owner's WhatsApp.
 */
export interface ListingRow {
  id: string;
  title: string;
  description: string;
  /** numeric as read by pg: KES with 2 decimals. */
  price: string;
  category: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  views: number;
  created_at: Date;
  owner_id: string;
  owner_first_name: string;
  owner_whatsapp: string;
  owner_university: string;
  /** docs/product.md §19.5. */
  owner_verified_student: boolean;
  status?: ProductStatus;
  /** Products only (docs/product.md §20.4). */
  condition?: ProductCondition | null;
  negotiable?: boolean;
  shop_id?: string | null;
  shop_name?: string | null;
  shop_whatsapp?: string | null;
}

/** A listing with everything its detail page needs. */
export interface ListingDetailRow extends ListingRow {
  photos: string[];
  updated_at: Date;
  owner_last_name: string;
  owner_photo: string | null;
  /** docs/product.md §19: 'held' / 'hidden' listings are shown to their owner as "Under review". */
  moderation: ModerationState;
  moderation_reason: string | null;
}

/** Owner and pictures of a listing: what a write checks and cleans up. */
export interface ListingOwnerRow {
  owner_id: string;
  /** The listing's moderation state (an owner may not edit a held or hidden one, ADR 0031). */
  moderation: ModerationState;
  cover_image: string | null;
  cover_thumbnail: string | null;
  photos: string[];
}

/** A new listing as the service inserts it (pictures already stored). */
export interface NewListing {
  owner_id: string;
  title: string;
  description: string;
  /** KES */
  price: number;
  category: string;
  cover_image: string | null;
  cover_thumbnail: string | null;
  photos: string[];
  /** Products only (docs/product.md §20.4); absent: null. */
  condition?: ProductCondition | null;
  /** Products only (docs/product.md §20.4); absent: false. */
  negotiable?: boolean;
}

/** What an edit writes: only the sent fields (`status`, `condition`, `negotiable` only for a sellable table). */
export type ListingChanges = Partial<Omit<NewListing, 'owner_id'> & { status: ProductStatus }>;

export type ListingRepository = ReturnType<typeof listingRepository>;

/**
 * Builds the repository of one listing table over `db`: the public list page and count (with
 * `listConditions`), the detail with or without counting a view, the owner's own listings, and
 * the writes. Rows use neutral names (`ListingRow`), whatever the table's owner and title
 * columns. The same SQL for products and services; what differs is `spec`.
 */
export function listingRepository(db: Kysely<Database>, spec: ListingTable) {
  const { table, ownerColumn, titleColumn, sellable } = spec;
  const ref = (column: string) => sql.ref(`l.${column}`);
  /** The table (or the view-counting CTE) as `l`, typed by the columns both tables share. */
  const listing = (from: string) => sql<Selectable<ListingColumns>>`${sql.table(from)}`.as('l');
  const ownerIs = (id: string) => sql<SqlBool>`${ref(ownerColumn)} = ${id}`;
  const listedOnly = (conditions: Expression<SqlBool>[]) =>
    sellable ? [listedProduct('l'), ...conditions] : conditions;

  /**
   * `l` with its owner `u` (and shop `sh` for products), selecting a `ListingDetailRow`.
   * @param creator `db`, or `db.with(...)` when `from` names a common table expression
   */
  const withOwner = (creator: QueryCreator<Database>, from: string) =>
    creator
      .selectFrom(listing(from))
      .innerJoin('users as u', (join) => join.on(sql<SqlBool>`u.id = ${ref(ownerColumn)}`))
      .$if(sellable, (qb) =>
        qb
          .leftJoin('shops as sh', (join) => join.on(sql<SqlBool>`sh.id = ${ref('shop_id')}`))
          .select([
            sql<ProductStatus>`${ref('status')}`.as('status'),
            sql<ProductCondition | null>`${ref('condition')}`.as('condition'),
            sql<boolean>`${ref('negotiable')}`.as('negotiable'),
            sql<string | null>`sh.id`.as('shop_id'),
            sql<string | null>`sh.name`.as('shop_name'),
            sql<string | null>`CASE WHEN sh.id IS NULL THEN NULL ELSE coalesce(sh.phone, u.whatsapp) END`.as(
              'shop_whatsapp',
            ),
          ]),
      )
      .select([
        'l.id',
        sql<string>`${ref(titleColumn)}`.as('title'),
        'l.description',
        'l.price',
        'l.category',
        'l.cover_image',
        'l.cover_thumbnail',
        'l.views',
        'l.created_at',
        'l.photos',
        'l.updated_at',
        'l.moderation',
        'l.moderation_reason',
        'u.id as owner_id',
        'u.first_name as owner_first_name',
        'u.last_name as owner_last_name',
        'u.whatsapp as owner_whatsapp',
        'u.university as owner_university',
        'u.photo as owner_photo',
        'u.verified_student as owner_verified_student',
      ]);

  return {
    /**
     * One page of public matches in `order` (products: reserved after available; ties newest
     * first). Ranks and pages the matches on the listing table alone, then joins owner (and
     * shop) for the page's rows only.
     */
    async findPage(
      filter: ListFilter,
      mode: SearchMode,
      offset: number,
      limit: number,
      order: ListOrder = 'relevance',
    ): Promise<ListingRow[]> {
      const relevance = listRelevance(filter, mode, 'l', titleColumn);
      const keys = orderKeys(order, relevance, sellable, pageFromIndex(order, filter));
      const top = db
        .selectFrom(listing(table))
        .select(['l.id', 'l.created_at', ...keys.map((key) => sql`${key.value}`.as(key.name))])
        .where((eb) => eb.and(listedOnly(listConditions(filter, mode, 'l', titleColumn, ownerColumn))))
        .orderBy(pageOrder(keys, 'l', null))
        .limit(limit)
        .offset(offset)
        .as('top');
      return withOwner(db, table)
        .innerJoin(top, (join) => join.onRef('top.id', '=', 'l.id'))
        .orderBy(pageOrder(keys, 'top', 'top'))
        .execute();
    },

    /**
     * The public, listed listings of `ownerId` (products: not sold, reserved after available),
     * newest first, at most `limit`: a seller's page (docs/product.md §20.8).
     */
    async findPublicByOwner(ownerId: string, limit: number): Promise<ListingRow[]> {
      return withOwner(db, table)
        .where(ownerIs(ownerId))
        .where((eb) => eb.and(listedOnly([visibleToPublic('l')])))
        .$if(sellable, (qb) => qb.orderBy(listedLast('l')))
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Exact number of public matches. */
    async count(filter: ListFilter, mode: SearchMode): Promise<number> {
      const row = await db
        .selectFrom(listing(table))
        .select(sql<string>`count(*)`.as('count'))
        .where((eb) => eb.and(listedOnly(listConditions(filter, mode, 'l', titleColumn, ownerColumn))))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Number of public listings (products: available and reserved ones), for the stats (docs/product.md §7 counts). */
    async countPublic(): Promise<number> {
      const row = await db
        .selectFrom(listing(table))
        .select(sql<string>`count(*)`.as('count'))
        .where((eb) => eb.and(listedOnly([visibleToPublic('l')])))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * The listing with its owner when the public may see it (`visibleToPublic`: not held, hidden,
     * or of a suspended owner); sold products too. Views are counted elsewhere, in memory
     * (docs/product.md §20.10, `engagement/counters.ts`).
     */
    async findVisibleById(id: string): Promise<ListingDetailRow | undefined> {
      return withOwner(db, table).where('l.id', '=', id).where(visibleToPublic('l')).executeTakeFirst();
    },

    /**
     * The listings of `ids` with their owners, in any state, each with `public`: whether the
     * public may see it (`visibleToPublic`). For saved lists (docs/product.md §20.1).
     */
    async findManyById(ids: string[]): Promise<(ListingDetailRow & { public: boolean })[]> {
      if (ids.length === 0) return [];
      return withOwner(db, table)
        .select(sql<boolean>`${visibleToPublic('l')}`.as('public'))
        .where('l.id', 'in', ids)
        .execute() as Promise<(ListingDetailRow & { public: boolean })[]>;
    },

    /** The listing with its owner, without counting a view (sold, held and hidden ones too). */
    async findById(id: string): Promise<ListingDetailRow | undefined> {
      return withOwner(db, table).where('l.id', '=', id).executeTakeFirst();
    },

    /**
     * Every listing of `ownerId` (any status or moderation; not soft-deleted ones), newest first,
     * at most `limit`.
     */
    async findByOwner(ownerId: string, limit: number): Promise<ListingDetailRow[]> {
      return withOwner(db, table)
        .where(ownerIs(ownerId))
        .where('l.deleted_at', 'is', null)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Owner, moderation state and pictures of a listing, or undefined (also when soft-deleted). */
    async findOwner(id: string): Promise<ListingOwnerRow | undefined> {
      return db
        .selectFrom(listing(table))
        .select([
          sql<string>`${ref(ownerColumn)}`.as('owner_id'),
          'l.moderation',
          'l.cover_image',
          'l.cover_thumbnail',
          'l.photos',
        ])
        .where('l.id', '=', id)
        .where('l.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Inserts a listing of `values.owner_id`; a product goes in its seller's shop when they
     * have one (looked up in the same statement).
     * @returns the new id
     */
    async insert(values: NewListing): Promise<string> {
      const { owner_id, title, ...columns } = values;
      const shop = sql`(SELECT id FROM shops WHERE owner_id = ${owner_id})`;
      const row = await db
        .insertInto(table)
        .values({
          ...columns,
          ...({ [ownerColumn]: owner_id, [titleColumn]: title } as Pick<
            NewProduct & NewService,
            'seller_id' | 'provider_id' | 'title' | 'name'
          >),
          ...(sellable ? { shop_id: shop } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Applies `changes` and `updated_at`; returns false when the listing is gone. */
    async update(id: string, changes: ListingChanges, now: Date): Promise<boolean> {
      const { title, ...columns } = changes;
      const result = await db
        .updateTable(table)
        .set({ ...columns, ...(title === undefined ? {} : { [titleColumn]: title }), updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Marks a held or hidden listing deleted (`deleted_at`; the row, its pictures and its
     * moderation record stay for the moderation desk). Returns false when it was already gone.
     */
    async softDelete(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set({ deleted_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the listing; returns its owner and pictures, or undefined when it was already gone. */
    async delete(id: string): Promise<ListingOwnerRow | undefined> {
      return db
        .deleteFrom(table)
        .where('id', '=', id)
        .returning([
          sql<string>`${sql.ref(ownerColumn)}`.as('owner_id'),
          'moderation',
          'cover_image',
          'cover_thumbnail',
          'photos',
        ])
        .executeTakeFirst();
    },
  };
}
