/**
 * The SQL of the listings, products and services (docs/product.md §3, §7, §15): `listingRepository`,
 * one repository parameterised by table (`ListingTable`: table, owner and title columns, and
 * the kind's own SQL, `ListingSqlRules`: a product's status and shop), and its pieces: the WHERE conditions of a list
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
  type SelectQueryBuilder,
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
import type { StoredSignal } from '../safety/rules.ts';
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
  /** Only products carrying this normalised course code, `SCH2101` (docs/product.md §31; products only). */
  course?: string;
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
  if (filter.course !== undefined)
    conditions.push(sql<SqlBool>`${column('course_codes')} @> ARRAY[${filter.course}]::text[]`);
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
 * `word_similarity` for the trigram fallback; null without a search (mode 'none'). A search with
 * expansions (synonyms, course codes; docs/product.md §31) ranks rows matching the typed words
 * first: 1 for those, plus `ts_rank` of the expanded query scaled into [0, 1) (normalization 32).
 */
export function listRelevance(
  filter: ListFilter,
  mode: SearchMode,
  alias: string,
  titleColumn: string,
): RawBuilder<number> | null {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (mode === 'fts' && filter.search?.typed) {
    const search = column('search');
    return sql<number>`((${search} @@ to_tsquery('simple', ${filter.search.typed}))::int + ts_rank(${search}, to_tsquery('simple', ${filter.search.tsquery}), 32))`;
  }
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
 * migrations 0013 and 0022 (its leading `listedLast` expression): newest first always (the
 * newest-first and category indexes), the price and views orders only without a category or a
 * search. Price correlates with both (Electronics and "laptop" are dear): walking the price
 * index for them read most of it before finding a page (100 000 products on PostgreSQL 15:
 * category + price 108 ms against 32 ms with a top-N sort of the category's rows). Relevance has
 * no index.
 */
export function pageFromIndex(order: ListOrder, filter: ListFilter): boolean {
  if (order === 'newest') return true;
  const indexed = order === 'price_asc' || order === 'price_desc' || order === 'most_viewed';
  return indexed && filter.category === undefined && filter.search === null;
}

/**
 * The order keys of a page before the tie-break (`created_at DESC, id DESC`): the kind's
 * `leading` keys (products: `listed_last`, reserved after available, `ListingSqlRules.leadingKeys`),
 * then the sort's key: price, views or relevance (`newest` has none; `relevance` none when there
 * is no rank).
 * @param relevance the rank expression (`listRelevance`), or null without a search
 * @param leading the kind's keys for this page (`leadingKeys(pageFromIndex(order, filter))`)
 */
export function orderKeys(
  order: ListOrder,
  relevance: RawBuilder<number> | null,
  leading: readonly OrderKey[],
): OrderKey[] {
  const keys: OrderKey[] = [...leading];
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

/** A detail query of `listingRepository`: the listing `l` and its owner `u`. */
type DetailQuery = SelectQueryBuilder<
  Database & { l: Selectable<ListingColumns>; u: Database['users'] },
  'l' | 'u',
  object
>;

/**
 * What a listing kind adds to the shared listing SQL (its part of the kind's strategy,
 * `kinds.ts`): `SALE_SQL` for products (a status, reserved after available, a shop),
 * `PLAIN_LISTING_SQL` for services (nothing).
 */
export interface ListingSqlRules {
  /** The conditions every public list, count and search check adds on the table aliased `alias`. */
  listed(alias: string): Expression<SqlBool>[];
  /**
   * The order keys of a list page before its sort's key, on `l`, see `orderKeys`.
   * @param fromIndex `pageFromIndex(order, filter)`: the page is read in a list index's order
   */
  leadingKeys(fromIndex: boolean): OrderKey[];
  /** The detail query (`ListingDetailRow`) with the kind's own columns and joins. */
  withDetails<QB>(qb: QB): QB;
  /** The columns an insert of a listing of `ownerId` adds. */
  insertColumns(ownerId: string): { shop_id?: RawBuilder<unknown> };
}

/** The SQL of a kind that adds nothing to a listing (services: no status, no shop). */
export const PLAIN_LISTING_SQL: ListingSqlRules = {
  listed: () => [],
  leadingKeys: () => [],
  withDetails: (qb) => qb,
  insertColumns: () => ({}),
};

/**
 * The SQL of a sold kind (products, docs/product.md §20.4, §20.5, ADR 0019): lists, counts and
 * search checks show listed products only (`listedProduct`: not sold); reserved ones come after
 * available ones on every page (`listed_last`); a detail carries the status, condition,
 * negotiable, course codes and the seller's shop (`shop_whatsapp`: its phone, else the seller's
 * WhatsApp); a new product goes in its seller's shop when they have one (looked up in the same
 * statement).
 *
 * `listed_last` is written as the list indexes' expression (`listedLast`) only when the page is
 * read in index order; otherwise as the equivalent `status <> 'available'` (sold rows are
 * filtered out), which no index matches: else PostgreSQL walked the newest-first index for that
 * leading key and filtered every row ("textbook" by relevance at 100 000 products: 252 ms
 * instead of 58 ms with the search index and a top-N sort).
 */
export const SALE_SQL: ListingSqlRules = {
  listed: (alias) => [listedProduct(alias)],
  leadingKeys: (fromIndex) => {
    const last = fromIndex ? listedLast('l') : sql<boolean>`(${sql.ref('l.status')} <> 'available')`;
    return [{ name: 'listed_last', value: last, direction: 'ASC' }];
  },
  withDetails: (qb) =>
    (qb as DetailQuery)
      .leftJoin('shops as sh', (join) => join.on(sql<SqlBool>`sh.id = ${sql.ref('l.shop_id')}`))
      .select([
        sql<ProductStatus>`${sql.ref('l.status')}`.as('status'),
        sql<ProductCondition | null>`${sql.ref('l.condition')}`.as('condition'),
        sql<boolean>`${sql.ref('l.negotiable')}`.as('negotiable'),
        sql<string[]>`${sql.ref('l.course_codes')}`.as('course_codes'),
        sql<string | null>`sh.id`.as('shop_id'),
        sql<string | null>`sh.name`.as('shop_name'),
        sql<string | null>`CASE WHEN sh.id IS NULL THEN NULL ELSE coalesce(sh.phone, u.whatsapp) END`.as(
          'shop_whatsapp',
        ),
      ]) as typeof qb,
  insertColumns: (ownerId) => ({ shop_id: sql`(SELECT id FROM shops WHERE owner_id = ${ownerId})` }),
};

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
  /** The kind's own SQL: `SALE_SQL` (products), `PLAIN_LISTING_SQL` (services). */
  rules: ListingSqlRules;
}

/**
 * One row of a listing list, under neutral names: `title` is the title column, `owner_*` the
 * owner's columns. `status` and `shop_*` only for products (`SALE_SQL`); `shop_*` are null
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
  /** The owner's visible reviews and their stars (docs/product.md §28); absent when not read: no `rating`. */
  owner_rating_count?: number;
  owner_rating_sum?: number;
  status?: ProductStatus;
  /** Products only (docs/product.md §20.4). */
  condition?: ProductCondition | null;
  negotiable?: boolean;
  shop_id?: string | null;
  shop_name?: string | null;
  shop_whatsapp?: string | null;
  /** Products only: normalised course codes (docs/product.md §31). */
  course_codes?: string[];
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
  /**
   * The stored scam signals (docs/product.md §29), on the detail reads (`findVisibleById`,
   * `findById`, `findByOwner`; absent elsewhere: none); filter them with `currentSignals` before
   * showing them.
   */
  safety_signals?: StoredSignal[];
}

/** Owner and pictures of a listing: what a write checks and cleans up. */
export interface ListingOwnerRow {
  owner_id: string;
  /** The listing's category (an edit checks product-only fields against it, docs/product.md §31). */
  category: string;
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
  /** Products only (docs/product.md §31): normalised course codes; absent: none. */
  course_codes?: string[];
}

/** What an edit writes: only the sent fields (`status`, `condition`, `negotiable` only for products). */
export type ListingChanges = Partial<Omit<NewListing, 'owner_id'> & { status: ProductStatus }>;

export type ListingRepository = ReturnType<typeof listingRepository>;

/**
 * Builds the repository of one listing table over `db`: the public list page and count (with
 * `listConditions`), the detail with or without counting a view, the owner's own listings, and
 * the writes. Rows use neutral names (`ListingRow`), whatever the table's owner and title
 * columns. The same SQL for products and services; what differs is `spec`.
 */
export function listingRepository(db: Kysely<Database>, spec: ListingTable) {
  const { table, ownerColumn, titleColumn, rules } = spec;
  const ref = (column: string) => sql.ref(`l.${column}`);
  /** The table (or the view-counting CTE) as `l`, typed by the columns both tables share. */
  const listing = (from: string) => sql<Selectable<ListingColumns>>`${sql.table(from)}`.as('l');
  const ownerIs = (id: string) => sql<SqlBool>`${ref(ownerColumn)} = ${id}`;
  const listedOnly = (conditions: Expression<SqlBool>[]) => [...rules.listed('l'), ...conditions];

  /**
   * `l` with its owner `u` and the kind's own columns (`rules.withDetails`: a product's status and
   * shop `sh`), selecting a `ListingDetailRow`.
   * @param creator `db`, or `db.with(...)` when `from` names a common table expression
   */
  const withOwner = (creator: QueryCreator<Database>, from: string) =>
    creator
      .selectFrom(listing(from))
      .innerJoin('users as u', (join) => join.on(sql<SqlBool>`u.id = ${ref(ownerColumn)}`))
      .$call((qb) => rules.withDetails(qb))
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
        'u.rating_count as owner_rating_count',
        'u.rating_sum as owner_rating_sum',
      ]);

  /**
   * The page query: ranks and pages the matches on the listing table alone (`top`), then joins
   * owner (and shop) for the page's rows only. With `counted`, `top` also carries
   * `count(*) OVER ()`, the number of matches, as `total_matches` (ADR 0037), over a subquery
   * that computes the order keys first (`OFFSET 0` keeps it apart): else the window buffered
   * whole rows, the search vector too, and spilled to disk (textbook: 56 → 146 ms).
   */
  const pageQuery = (
    filter: ListFilter,
    mode: SearchMode,
    offset: number,
    limit: number,
    order: ListOrder,
    counted: boolean,
  ) => {
    const relevance = listRelevance(filter, mode, 'l', titleColumn);
    const keys = orderKeys(order, relevance, rules.leadingKeys(pageFromIndex(order, filter)));
    const matches = db
      .selectFrom(listing(table))
      .select(['l.id', 'l.created_at', ...keys.map((key) => sql`${key.value}`.as(key.name))])
      .where((eb) => eb.and(listedOnly(listConditions(filter, mode, 'l', titleColumn, ownerColumn))));
    const plain = matches
      .orderBy(pageOrder(keys, 'l', null))
      .limit(limit)
      .offset(offset)
      .as('top');
    // The counted `top` has the same columns plus `total_matches` (read with raw SQL below).
    const top = counted
      ? (db
          .selectFrom(matches.offset(0).as('m'))
          .selectAll('m')
          .select(sql<string>`count(*) OVER ()`.as('total_matches'))
          .orderBy(pageOrder(keys, 'm', 'm'))
          .limit(limit)
          .offset(offset)
          .as('top') as unknown as typeof plain)
      : plain;
    return withOwner(db, table)
      .innerJoin(top, (join) => join.onRef('top.id', '=', 'l.id'))
      .orderBy(pageOrder(keys, 'top', 'top'));
  };
  /** The listing's stored scam signals as a JSON array (docs/product.md §29), for the detail reads. */
  const signals = sql<
    StoredSignal[]
  >`(SELECT coalesce(json_agg(json_build_object('kind', sg.kind, 'message', sg.message, 'expiresAt', sg.expires_at)), '[]'::json) FROM listing_signals sg WHERE sg.listing_type = ${table} AND sg.listing_id = l.id)`.as(
    'safety_signals',
  );

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
      return pageQuery(filter, mode, offset, limit, order, false).execute();
    },

    /**
     * `findPage` and the exact number of matches in one query, for a page that is not read in
     * index order (`pageFromIndex` false: a search by relevance, a sort under a search or a
     * category), whose top-N sort reads every match anyway: `count(*) OVER ()` costs no second
     * pass over the matches (ADR 0037; a search's separate count read them all again).
     * @returns the rows and the total, or null when the page is empty (past the end, or nothing
     *   matches: ask `countUpTo`)
     */
    async findPageCounted(
      filter: ListFilter,
      mode: SearchMode,
      offset: number,
      limit: number,
      order: ListOrder,
    ): Promise<{ rows: ListingRow[]; total: number | null }> {
      const found = await pageQuery(filter, mode, offset, limit, order, true)
        .select(sql<string>`top.total_matches`.as('total_matches'))
        .execute();
      const total = found.length > 0 ? Number(found[0]!.total_matches) : null;
      const rows = found.map(({ total_matches: _, ...row }) => row as ListingRow);
      return { rows, total };
    },

    /**
     * The public, listed listings of `ownerId` (products: not sold, reserved after available),
     * newest first, at most `limit`: a seller's page (docs/product.md §20.8).
     */
    async findPublicByOwner(ownerId: string, limit: number): Promise<ListingRow[]> {
      return withOwner(db, table)
        .where(ownerIs(ownerId))
        .where((eb) => eb.and(listedOnly([visibleToPublic('l')])))
        .$call((qb) =>
          rules
            .leadingKeys(true)
            .reduce((ordered, key) => ordered.orderBy(sql`${key.value} ${sql.raw(key.direction)}`), qb),
        )
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Exact number of public matches (reads every match; the lists use `countUpTo`). */
    async count(filter: ListFilter, mode: SearchMode): Promise<number> {
      const row = await db
        .selectFrom(listing(table))
        .select(sql<string>`count(*)`.as('count'))
        .where((eb) => eb.and(listedOnly(listConditions(filter, mode, 'l', titleColumn, ownerColumn))))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Number of public matches, reading at most `cap` of them (ADR 0037): the exact count when
     * there are fewer than `cap`, else `cap`. A popular filter costs `cap` rows, not every match
     * (the first page at 100 000 products: a 40-100 ms scan of the table → about 1 ms).
     * @param cap most matches read, ≥ 1
     */
    async countUpTo(filter: ListFilter, mode: SearchMode, cap: number): Promise<number> {
      const matches = db
        .selectFrom(listing(table))
        .select(sql<number>`1`.as('one'))
        .where((eb) => eb.and(listedOnly(listConditions(filter, mode, 'l', titleColumn, ownerColumn))))
        .limit(cap)
        .as('m');
      const row = await db
        .selectFrom(matches)
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * The query planner's estimate of the number of public matches (`EXPLAIN`: the statistics of
     * the last ANALYZE, no row read; ADR 0037). Rough: it may be off by half either way.
     * @returns a whole number ≥ 0
     */
    async estimateCount(filter: ListFilter, mode: SearchMode): Promise<number> {
      const rows = await db
        .selectFrom(listing(table))
        .select(sql<number>`1`.as('one'))
        .where((eb) => eb.and(listedOnly(listConditions(filter, mode, 'l', titleColumn, ownerColumn))))
        .explain<{ 'QUERY PLAN': unknown }>('json');
      return planRows(rows[0]?.['QUERY PLAN']);
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
      return withOwner(db, table)
        .select(signals)
        .where('l.id', '=', id)
        .where(visibleToPublic('l'))
        .executeTakeFirst();
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
      return withOwner(db, table).select(signals).where('l.id', '=', id).executeTakeFirst();
    },

    /**
     * Every listing of `ownerId` (any status or moderation; not soft-deleted ones), newest first,
     * at most `limit`.
     */
    async findByOwner(ownerId: string, limit: number): Promise<ListingDetailRow[]> {
      return withOwner(db, table)
        .select(signals)
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
          'l.category',
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
     * Inserts a listing of `values.owner_id`, with the kind's own columns (`rules.insertColumns`:
     * a product goes in its seller's shop when they have one).
     * @returns the new id
     */
    async insert(values: NewListing): Promise<string> {
      const { owner_id, title, ...columns } = values;
      const row = await db
        .insertInto(table)
        .values({
          ...columns,
          ...({ [ownerColumn]: owner_id, [titleColumn]: title } as Pick<
            NewProduct & NewService,
            'seller_id' | 'provider_id' | 'title' | 'name'
          >),
          ...rules.insertColumns(owner_id),
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
          'category',
          'moderation',
          'cover_image',
          'cover_thumbnail',
          'photos',
        ])
        .executeTakeFirst();
    },
  };
}

/**
 * The top node's `Plan Rows` of an `EXPLAIN (FORMAT JSON)` answer (an array of one plan, as
 * parsed JSON or as text, depending on the driver), rounded; 0 when absent.
 */
export function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.max(0, Math.round(rows)) : 0;
}
