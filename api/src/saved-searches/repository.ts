/**
 * SQL of saved searches and their alerts (docs/product.md §30; migrations 0020 and 0023; ADR
 * 0035): the student's saved searches with their new-match counts, the terms each is found by
 * (written in the same transaction as the saved search), matching a
 * listing (one lookup of its keys in `saved_search_terms` with the copied filter columns checked
 * in the same query, then the candidates' words in one query per 200 distinct searches), the
 * matches an alert mail lists, and the daily digest's recipients. Times come from the caller's clock.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { type ListingTableName, listedProduct, visibleToPublic } from '../catalog/repository.ts';
import type { SearchTerms } from '../catalog/search.ts';
import type { Database, FavouriteKind, ProductCondition, SavedSearchAlert } from '../db/schema.ts';
import { chooseTerms, matchColumns, termChoice } from './index-terms.ts';

/** One saved search with its number of new matches. */
export interface SavedSearchRow {
  id: string;
  user_id: string;
  kind: FavouriteKind;
  name: string;
  filters: Record<string, unknown>;
  alert: SavedSearchAlert;
  last_seen_at: Date;
  created_at: Date;
  updated_at: Date;
  /** Matches after `last_seen_at` whose listing the public may still see (not sold). */
  new_matches: number;
}

/** What a new saved search stores. */
export interface NewSavedSearch {
  user_id: string;
  kind: FavouriteKind;
  name: string;
  filters: Record<string, unknown>;
  alert: SavedSearchAlert;
}

/** A saved search whose terms and filter copies are (re)written. */
export interface IndexedSearch {
  id: string;
  kind: FavouriteKind;
  filters: Record<string, unknown>;
}

/** A live listing as the matcher sees it. */
export interface LiveListing {
  id: string;
  kind: FavouriteKind;
  category: string;
  /** KES, as read by pg. */
  price: string;
  owner_id: string;
  /** Products only (null for services). */
  condition: ProductCondition | null;
  /** The owner's university and verified-student flag. */
  university: string;
  verified_student: boolean;
  /** Normalised course codes (empty for services). */
  course_codes: string[];
  /** Lexemes of its `search` vector. */
  lexemes: string[];
  /** Unique trigrams of its title or name (pg_trgm `show_trgm`). */
  trigrams: string[];
}

/** A candidate saved search for a listing. */
export interface CandidateRow {
  id: string;
  user_id: string;
  filters: Record<string, unknown>;
}

/** A listing in an alert mail. */
export interface AlertItemRow {
  saved_search_id: string;
  saved_search_name: string;
  kind: FavouriteKind;
  listing_id: string;
  title: string;
  /** KES, as read by pg. */
  price: string;
  cover_thumbnail: string | null;
  university: string;
}

const TABLES: Record<FavouriteKind, { table: ListingTableName; owner: string; title: string }> = {
  products: { table: 'products', owner: 'seller_id', title: 'title' },
  services: { table: 'services', owner: 'provider_id', title: 'name' },
};

/** Distinct searches whose words are checked per query (each adds its parameters). */
const SEARCHES_PER_QUERY = 200;
/** Terms inserted per statement (two parameters each). */
const TERMS_PER_INSERT = 5_000;

/**
 * (Re)writes the filter copies and the terms of `searches` (`index-terms.ts`), each saved search
 * stored under its least used word and trigrams: one `show_trgm` query, one count of the terms'
 * current use, one UPDATE, one DELETE and the INSERTs. Call it inside the transaction that
 * creates or changes the saved searches (migration 0023 backfills with it).
 */
export async function writeSearchTerms(executor: Kysely<Database>, searches: IndexedSearch[]): Promise<void> {
  if (searches.length === 0) return;
  const choices = searches.map((search) => termChoice(search.kind, search.filters));
  const texts = [
    ...new Set(choices.flatMap((choice) => (!choice.course && choice.trigram ? [choice.trigram] : []))),
  ];
  const trigramsOf = new Map<string, string[]>();
  if (texts.length > 0) {
    const result = await sql<{ text: string; trigrams: string[] }>`
      SELECT t AS text, show_trgm(t) AS trigrams FROM unnest(${texts}::text[]) AS t`.execute(executor);
    for (const row of result.rows) trigramsOf.set(row.text, row.trigrams);
  }
  const options = new Set<string>();
  for (const choice of choices) {
    for (const word of choice.words) options.add(`w:${word}`);
    for (const trigram of trigramsOf.get(choice.trigram ?? '') ?? []) options.add(`t:${trigram}`);
  }
  const used = new Map<string, number>();
  if (options.size > 0) {
    const counts = await sql<{ term: string; n: string }>`
      SELECT term, count(*) AS n FROM saved_search_terms WHERE term = ANY(${[...options]}::text[])
      GROUP BY term`.execute(executor);
    for (const row of counts.rows) used.set(row.term, Number(row.n));
  }
  const columns = searches.map((search) => matchColumns(search.kind, search.filters));
  const column = <K extends keyof (typeof columns)[number]>(key: K) => columns.map((c) => c[key]);
  await sql`
    UPDATE saved_searches s SET category = v.category, min_price = v.min_price, max_price = v.max_price,
      condition = v.condition, university = v.university, verified_only = v.verified_only, course = v.course
    FROM unnest(${searches.map((search) => search.id)}::uuid[], ${column('category')}::text[],
      ${column('min_price')}::numeric[], ${column('max_price')}::numeric[], ${column('condition')}::text[],
      ${column('university')}::text[], ${column('verified_only')}::boolean[], ${column('course')}::text[])
      AS v(id, category, min_price, max_price, condition, university, verified_only, course)
    WHERE s.id = v.id`.execute(executor);
  const ids = searches.map((search) => search.id);
  await executor.deleteFrom('saved_search_terms').where('saved_search_id', 'in', ids).execute();
  const rows = searches.flatMap((search, index) => {
    const choice = choices[index] as (typeof choices)[number];
    const terms = chooseTerms(choice, trigramsOf.get(choice.trigram ?? '') ?? [], used);
    for (const term of terms) used.set(term, (used.get(term) ?? 0) + 1);
    return terms.map((term) => ({ term, saved_search_id: search.id }));
  });
  for (let start = 0; start < rows.length; start += TERMS_PER_INSERT) {
    await executor
      .insertInto('saved_search_terms')
      .values(rows.slice(start, start + TERMS_PER_INSERT))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** A distinct search whose words a listing is checked against. */
export type WordsCheck = Pick<SearchTerms, 'tsquery' | 'trigram'>;

/** "The listing `alias` of `kind` is live": public and, for products, not sold. */
function live(kind: FavouriteKind, alias: string): Expression<SqlBool> {
  return kind === 'products'
    ? sql<SqlBool>`(${listedProduct(alias)} AND ${visibleToPublic(alias)})`
    : visibleToPublic(alias);
}

/** The number of new matches of saved search `s`, counting only listings still live. */
const newMatches = sql<string>`(
  SELECT count(*) FROM saved_search_matches m
  WHERE m.saved_search_id = s.id AND m.matched_at > s.last_seen_at
    AND CASE s.kind
      WHEN 'products' THEN EXISTS (SELECT 1 FROM products l WHERE l.id = m.listing_id AND ${live('products', 'l')})
      ELSE EXISTS (SELECT 1 FROM services l WHERE l.id = m.listing_id AND ${live('services', 'l')})
    END)`;

export type SavedSearchesRepository = ReturnType<typeof savedSearchesRepository>;

/** Builds the repository over `db`. */
export function savedSearchesRepository(db: Kysely<Database>) {
  const selectSearch = (executor: Kysely<Database>) =>
    executor
      .selectFrom('saved_searches as s')
      .select([
        's.id',
        's.user_id',
        's.kind',
        's.name',
        's.filters',
        's.alert',
        's.last_seen_at',
        's.created_at',
        's.updated_at',
        newMatches.as('new_matches'),
      ]);
  const toRow = (row: Omit<SavedSearchRow, 'new_matches'> & { new_matches: string }): SavedSearchRow => ({
    ...row,
    new_matches: Number(row.new_matches),
  });

  return {
    /** The student's saved searches, oldest first. */
    async list(userId: string): Promise<SavedSearchRow[]> {
      const rows = await selectSearch(db)
        .where('s.user_id', '=', userId)
        .orderBy('s.created_at')
        .orderBy('s.id')
        .execute();
      return rows.map(toRow);
    },

    /** One saved search (any owner), or undefined. */
    async find(id: string): Promise<SavedSearchRow | undefined> {
      const row = await selectSearch(db).where('s.id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /**
     * Inserts a saved search unless the student already has `max`; the student's row is locked
     * so two saves at once cannot pass the limit together.
     * @returns the new id, or null when the limit is reached
     */
    async insertWithinLimit(values: NewSavedSearch, max: number, now: Date): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', values.user_id).forUpdate().execute();
        const { count } = await trx
          .selectFrom('saved_searches')
          .select(sql<string>`count(*)`.as('count'))
          .where('user_id', '=', values.user_id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return null;
        const row = await trx
          .insertInto('saved_searches')
          .values({
            ...values,
            filters: JSON.stringify(values.filters),
            last_seen_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeSearchTerms(trx, [{ id: row.id, kind: values.kind, filters: values.filters }]);
        return row.id;
      });
    },

    /**
     * Changes the name, alert and/or last-seen time and rewrites its terms (so a saved search
     * indexed under older rules is brought up to date), in one transaction; returns false when
     * it is gone.
     */
    async update(
      id: string,
      changes: { name?: string; alert?: SavedSearchAlert; last_seen_at?: Date },
      now: Date,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('saved_searches')
          .set({ ...changes, updated_at: now })
          .where('id', '=', id)
          .returning(['id', 'kind', 'filters'])
          .executeTakeFirst();
        if (!row) return false;
        await writeSearchTerms(trx, [row]);
        return true;
      });
    },

    /** Deletes it (its matches and terms go with it); returns false when it was already gone. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('saved_searches').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Turns alerts off for those of `ids` owned by `userId`; returns how many were on. */
    async alertsOff(userId: string, ids: string[], now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('saved_searches')
        .set({ alert: 'off', updated_at: now })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('alert', '<>', 'off')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * The listing when it is live (public; products not sold), else undefined; with its owner's
     * campus and verified flag, its lexemes and its title's trigrams (the keys of the term lookup).
     */
    async findLive(trx: Kysely<Database>, kind: FavouriteKind, id: string): Promise<LiveListing | undefined> {
      const { table, owner, title } = TABLES[kind];
      const productOnly =
        kind === 'products'
          ? sql`l.condition, l.course_codes`
          : sql`NULL::text AS condition, '{}'::text[] AS course_codes`;
      const result = await sql<LiveListing>`
        SELECT l.id, ${kind}::text AS kind, l.category, l.price, ${sql.ref(`l.${owner}`)} AS owner_id,
          ${productOnly}, u.university, u.verified_student,
          tsvector_to_array(l.search) AS lexemes, show_trgm(${sql.ref(`l.${title}`)}) AS trigrams
        FROM ${sql.table(table)} l JOIN users u ON u.id = ${sql.ref(`l.${owner}`)}
        WHERE l.id = ${id} AND ${live(kind, 'l')}`.execute(trx);
      return result.rows[0];
    },

    /**
     * The saved searches stored under one of `keys` (`index-terms.ts` `listingKeys`) whose copied
     * filters the listing satisfies — kind, category, price band, condition, campus,
     * verified-only, course code — not the owner's own and not already matched with it. Their
     * words, if any, are still to be checked (`wordHits`).
     */
    async candidates(trx: Kysely<Database>, listing: LiveListing, keys: string[]): Promise<CandidateRow[]> {
      const result = await sql<CandidateRow>`
        SELECT s.id, s.user_id, s.filters
        FROM saved_searches s
        WHERE s.id IN (SELECT t.saved_search_id FROM saved_search_terms t WHERE t.term = ANY(${keys}::text[]))
          AND s.kind = ${listing.kind} AND s.user_id <> ${listing.owner_id}
          AND (s.category IS NULL OR s.category = ${listing.category})
          AND (s.min_price IS NULL OR s.min_price <= ${listing.price}::numeric)
          AND (s.max_price IS NULL OR s.max_price >= ${listing.price}::numeric)
          AND (s.condition IS NULL OR s.condition = ${listing.condition})
          AND (s.university IS NULL OR s.university = ${listing.university})
          AND (NOT s.verified_only OR ${listing.verified_student})
          AND (s.course IS NULL OR s.course = ANY(${listing.course_codes}::text[]))
          AND NOT EXISTS (
            SELECT 1 FROM saved_search_matches m WHERE m.saved_search_id = s.id AND m.listing_id = ${listing.id})`.execute(
        trx,
      );
      return result.rows;
    },

    /**
     * Which of `searches` the listing's words satisfy, under the list's own conditions: full
     * text (`search @@ to_tsquery(...)`, synonyms included) or the typo-tolerant trigram match
     * (the list uses trigrams only when full text finds nothing; a single listing cannot know
     * that, so alerts accept either).
     * @returns one boolean per search, in order
     */
    async wordHits(trx: Kysely<Database>, listing: LiveListing, searches: WordsCheck[]): Promise<boolean[]> {
      const { table, title } = TABLES[listing.kind];
      const out: boolean[] = [];
      for (let start = 0; start < searches.length; start += SEARCHES_PER_QUERY) {
        const chunk = searches.slice(start, start + SEARCHES_PER_QUERY);
        const tests = chunk.map((search) => {
          const fts = sql`(l.search @@ to_tsquery('simple', ${search.tsquery}))`;
          return search.trigram ? sql`(${fts} OR ${search.trigram} <% ${sql.ref(`l.${title}`)})` : fts;
        });
        const result = await sql<{ hits: boolean[] }>`
          SELECT ARRAY[${sql.join(tests)}]::boolean[] AS hits
          FROM ${sql.table(table)} l WHERE l.id = ${listing.id}`.execute(trx);
        const hits = result.rows[0]?.hits ?? chunk.map(() => false);
        out.push(...hits.map(Boolean));
      }
      return out;
    },

    /** Records matches (a pair already recorded is left as it is). */
    async insertMatches(
      trx: Kysely<Database>,
      searchIds: string[],
      listingId: string,
      now: Date,
    ): Promise<void> {
      // One array parameter each: a listing may match more saved searches than a statement takes parameters.
      if (searchIds.length === 0) return;
      await sql`
        INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at)
        SELECT id, ${listingId}::uuid, ${now}::timestamptz FROM unnest(${searchIds}::uuid[]) AS id
        ON CONFLICT (saved_search_id, listing_id) DO NOTHING`.execute(trx);
    },

    /** The owners (id, e-mail) of those of `searchIds` with instant alerts. */
    async instantOwners(
      trx: Kysely<Database>,
      searchIds: string[],
    ): Promise<{ id: string; email: string }[]> {
      if (searchIds.length === 0) return [];
      return trx
        .selectFrom('saved_searches as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.email'])
        .distinct()
        .where(sql<boolean>`s.id = ANY(${searchIds}::uuid[])`)
        .where('s.alert', '=', 'instant')
        .execute();
    },

    /**
     * Sets when the student's next instant alert is due, unless one is still pending (due after
     * `now`): then the pending mail will list the new matches too.
     * @returns the due time set, or null when a mail is already pending
     */
    async scheduleInstant(
      trx: Kysely<Database>,
      userId: string,
      now: Date,
      delayMs: number,
      windowMs: number,
    ): Promise<Date | null> {
      const row = await trx
        .selectFrom('saved_search_mailers')
        .select('instant_due_at')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (row && row.instant_due_at.getTime() > now.getTime()) return null;
      const earliest = now.getTime() + delayMs;
      const due = new Date(row ? Math.max(earliest, row.instant_due_at.getTime() + windowMs) : earliest);
      await trx
        .insertInto('saved_search_mailers')
        .values({ user_id: userId, instant_due_at: due })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ instant_due_at: due }))
        .execute();
      return due;
    },

    /** The student (id, first name) of an e-mail address, or undefined. */
    async userByEmail(
      trx: Kysely<Database>,
      email: string,
    ): Promise<{ id: string; first_name: string } | undefined> {
      return trx
        .selectFrom('users')
        .select(['id', 'first_name'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    /**
     * The student's not yet mailed matches of saved searches alerting `alert`, whose listing is
     * still live and not their own, oldest match first (at most `limit`).
     */
    async pendingAlertItems(
      trx: Kysely<Database>,
      userId: string,
      alert: 'instant' | 'daily',
      limit: number,
    ): Promise<AlertItemRow[]> {
      const part = (kind: FavouriteKind) => {
        const { table, owner, title } = TABLES[kind];
        return sql`
          SELECT s.id AS saved_search_id, s.name AS saved_search_name, s.kind, l.id AS listing_id,
            ${sql.ref(`l.${title}`)} AS title, l.price, l.cover_thumbnail, u.university, m.matched_at
          FROM saved_search_matches m
          JOIN saved_searches s ON s.id = m.saved_search_id
          JOIN ${sql.table(table)} l ON l.id = m.listing_id
          JOIN users u ON u.id = ${sql.ref(`l.${owner}`)}
          WHERE s.user_id = ${userId} AND s.kind = ${kind} AND s.alert = ${alert}
            AND m.alerted_at IS NULL AND ${live(kind, 'l')} AND ${sql.ref(`l.${owner}`)} <> ${userId}`;
      };
      const result = await sql<AlertItemRow>`
        ${part('products')} UNION ALL ${part('services')}
        ORDER BY matched_at, listing_id LIMIT ${limit}`.execute(trx);
      return result.rows;
    },

    /** Marks these matches mailed. */
    async markAlerted(
      trx: Kysely<Database>,
      items: { saved_search_id: string; listing_id: string }[],
      now: Date,
    ): Promise<void> {
      for (const item of items) {
        await trx
          .updateTable('saved_search_matches')
          .set({ alerted_at: now })
          .where('saved_search_id', '=', item.saved_search_id)
          .where('listing_id', '=', item.listing_id)
          .execute();
      }
    },

    /** The students (id, e-mail) with daily saved searches that have matches not yet mailed. */
    async dailyRecipients(): Promise<{ id: string; email: string }[]> {
      return db
        .selectFrom('saved_searches as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.email'])
        .distinct()
        .where('s.alert', '=', 'daily')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('saved_search_matches as m')
              .select(sql`1`.as('one'))
              .whereRef('m.saved_search_id', '=', 's.id')
              .where('m.alerted_at', 'is', null),
          ),
        )
        .execute();
    },
  };
}
