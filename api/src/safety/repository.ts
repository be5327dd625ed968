/**
 * SQL of the scam signals (docs/product.md §29, ADR 0034): the listing a rule looks at, comparable
 * listings (pg_trgm `similarity` of titles, same category), near-duplicate photos (Hamming
 * distance of dHashes with `bit_count`), a seller's recent reporters, the phrase list, the
 * stored signals and the moderation desk's flags. The same SQL on PGlite and PostgreSQL (>= 14).
 */
import { type Kysely, sql } from 'kysely';
import { visibleToPublic } from '../catalog/repository.ts';
import type { Database, SafetySignalKind } from '../db/schema.ts';
import type { Comparable, PhotoMatch, Reporter, SignalFinding } from './rules.ts';

/** The two listing tables. */
export type ListingType = 'products' | 'services';

const TABLES = {
  products: { owner: 'seller_id', title: 'title' },
  services: { owner: 'provider_id', title: 'name' },
} as const;

/** What the rules read of one listing. */
export interface SignalListing {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  /** KES, as pg reads numeric. */
  price: string;
  category: string;
  cover_image: string | null;
  photos: string[];
  owner_created_at: Date;
  owner_university: string;
}

/** A flagged listing's signal as the desk reads it. */
export interface FlagRow {
  listing_type: ListingType;
  listing_id: string;
  title: string;
  moderation: 'visible' | 'held' | 'hidden';
  owner_id: string;
  owner_name: string;
  owner_email: string;
  kind: SafetySignalKind;
  message: string;
  evidence: Record<string, unknown>;
  created_at: Date;
}

export type SafetyRepository = ReturnType<typeof safetyRepository>;

/** Builds the signals' repository over `db`. */
export function safetyRepository(db: Kysely<Database>) {
  const columns = (type: ListingType) => {
    const { owner, title } = TABLES[type];
    return { table: sql.table(type), owner: sql.ref(`l.${owner}`), title: sql.ref(`l.${title}`) };
  };
  return {
    /** The listing (not soft-deleted) with its owner's creation time and university, or undefined. */
    async listing(type: ListingType, id: string): Promise<SignalListing | undefined> {
      const { table, owner, title } = columns(type);
      const { rows } = await sql<SignalListing>`
        SELECT l.id, ${owner} AS owner_id, ${title} AS title, l.description, l.price, l.category,
               l.cover_image, l.photos, u.created_at AS owner_created_at, u.university AS owner_university
        FROM ${table} l JOIN users u ON u.id = ${owner}
        WHERE l.id = ${id} AND l.deleted_at IS NULL`.execute(db);
      return rows[0];
    },

    /**
     * Public, available listings of `type` comparable to `listing`: same category, another
     * owner, title `similarity` (lower case) at least `minSimilarity`; at `university` only when
     * given. Most similar first, at most `limit`.
     */
    async comparables(
      type: ListingType,
      listing: Pick<SignalListing, 'id' | 'owner_id' | 'title' | 'category'>,
      options: { university?: string; minSimilarity: number; limit: number },
    ): Promise<Comparable[]> {
      const { table, owner, title } = columns(type);
      const { rows } = await sql<{ id: string; title: string; price: string; university: string }>`
        SELECT l.id, ${title} AS title, l.price, u.university
        FROM ${table} l JOIN users u ON u.id = ${owner}
        WHERE l.category = ${listing.category} AND l.id <> ${listing.id} AND ${owner} <> ${listing.owner_id}
          AND ${visibleToPublic('l')}
          ${type === 'products' ? sql`AND l.status = 'available'` : sql``}
          ${options.university === undefined ? sql`` : sql`AND u.university = ${options.university}`}
          AND similarity(lower(${title}), ${listing.title.toLowerCase()}) >= ${options.minSimilarity}
        ORDER BY similarity(lower(${title}), ${listing.title.toLowerCase()}) DESC, l.id
        LIMIT ${options.limit}`.execute(db);
      return rows.map((row) => ({ ...row, price: Number(row.price) }));
    },

    /**
     * Stores the dHash of each new picture of a listing (`hashes`: 1200 px URL → unsigned 64-bit
     * hash) and forgets the hashes of its pictures no longer in `current`.
     */
    async storeHashes(
      type: ListingType,
      listingId: string,
      ownerId: string,
      hashes: ReadonlyMap<string, bigint>,
      current: readonly string[],
      now: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('picture_hashes')
          .where('listing_type', '=', type)
          .where('listing_id', '=', listingId)
          .$if(current.length > 0, (qb) => qb.where('url', 'not in', current))
          .execute();
        for (const [url, hash] of hashes) {
          await trx
            .insertInto('picture_hashes')
            .values({
              url,
              listing_type: type,
              listing_id: listingId,
              owner_id: ownerId,
              hash: BigInt.asIntN(64, hash).toString(),
              created_at: now,
            })
            .onConflict((oc) => oc.column('url').doNothing())
            .execute();
        }
      });
    },

    /**
     * Pictures of this listing that are within `maxDistance` bits of a picture stored earlier on
     * another owner's listing (not deleted) of the same type and category (a copied photo shows the
     * same kind of item; this keeps look-alike plain pictures of unrelated items apart), nearest
     * first, at most 10; pictures whose hash has
     * fewer than `minBits` or more than 64 - `minBits` bits set (flat pictures) are not compared,
     * and a picture its own owner had before the other one (the original's owner uploading it
     * again) is no match.
     */
    async photoMatches(
      type: ListingType,
      listingId: string,
      maxDistance: number,
      minBits: number,
    ): Promise<PhotoMatch[]> {
      const { rows } = await sql<PhotoMatch & { distance: number | string }>`
        SELECT mine.url AS photo, other.url AS "matchedPhoto", other.listing_type AS "matchedListingType",
               other.listing_id AS "matchedListingId",
               coalesce(p.title, s.name, '') AS "matchedTitle",
               bit_count((mine.hash # other.hash)::bit(64)) AS distance
        FROM picture_hashes mine
        JOIN picture_hashes other ON other.owner_id <> mine.owner_id AND other.created_at <= mine.created_at
          AND bit_count((mine.hash # other.hash)::bit(64)) <= ${maxDistance}
        LEFT JOIN products p ON other.listing_type = 'products' AND p.id = other.listing_id AND p.deleted_at IS NULL
        LEFT JOIN services s ON other.listing_type = 'services' AND s.id = other.listing_id AND s.deleted_at IS NULL
        WHERE mine.listing_type = ${type} AND mine.listing_id = ${listingId}
          AND other.listing_type = ${type}
          AND coalesce(p.category, s.category) = (SELECT category FROM ${sql.table(type)} WHERE id = ${listingId})
          AND bit_count(mine.hash::bit(64)) BETWEEN ${minBits} AND ${64 - minBits}
          AND NOT EXISTS (SELECT 1 FROM picture_hashes own WHERE own.owner_id = mine.owner_id
            AND own.created_at < other.created_at
            AND bit_count((own.hash # mine.hash)::bit(64)) <= ${maxDistance})
          AND (p.id IS NOT NULL OR s.id IS NOT NULL)
        ORDER BY distance, other.created_at
        LIMIT 10`.execute(db);
      return rows.map((row) => ({ ...row, distance: Number(row.distance) }));
    },

    /**
     * Each student's latest report, after `since`, of `ownerId` or of their products, services or
     * shop (reports a moderator dismissed are left out).
     */
    async reporters(ownerId: string, since: Date): Promise<Reporter[]> {
      const { rows } = await sql<{ reporter_id: string; last: Date }>`
        SELECT r.reporter_id, max(r.created_at) AS last
        FROM reports r
        WHERE r.created_at > ${since} AND r.reporter_id <> ${ownerId}
          AND r.resolution IS DISTINCT FROM 'dismissed'
          AND (   (r.target_type = 'user' AND r.target_id = ${ownerId})
               OR (r.target_type = 'product' AND EXISTS (SELECT 1 FROM products p WHERE p.id = r.target_id AND p.seller_id = ${ownerId}))
               OR (r.target_type = 'service' AND EXISTS (SELECT 1 FROM services s WHERE s.id = r.target_id AND s.provider_id = ${ownerId}))
               OR (r.target_type = 'shop' AND EXISTS (SELECT 1 FROM shops sh WHERE sh.id = r.target_id AND sh.owner_id = ${ownerId})))
        GROUP BY r.reporter_id`.execute(db);
      return rows.map((row) => ({ reporterId: row.reporter_id, lastReportedAt: new Date(row.last) }));
    },

    /** The owner of a report target (a listing's or shop's owner, a user's own id), or undefined. */
    async ownerOfTarget(
      type: 'product' | 'service' | 'shop' | 'user',
      id: string,
    ): Promise<string | undefined> {
      const query =
        type === 'user'
          ? sql<{ owner_id: string }>`SELECT id AS owner_id FROM users WHERE id = ${id}`
          : type === 'product'
            ? sql<{ owner_id: string }>`SELECT seller_id AS owner_id FROM products WHERE id = ${id}`
            : type === 'service'
              ? sql<{ owner_id: string }>`SELECT provider_id AS owner_id FROM services WHERE id = ${id}`
              : sql<{ owner_id: string }>`SELECT owner_id FROM shops WHERE id = ${id}`;
      return (await query.execute(db)).rows[0]?.owner_id;
    },

    /** The ids of every listing of `ownerId` (not soft-deleted), per table. */
    async listingsOf(ownerId: string): Promise<{ type: ListingType; id: string }[]> {
      const { rows } = await sql<{ type: ListingType; id: string }>`
        SELECT 'products' AS type, id FROM products WHERE seller_id = ${ownerId} AND deleted_at IS NULL
        UNION ALL
        SELECT 'services' AS type, id FROM services WHERE provider_id = ${ownerId} AND deleted_at IS NULL`.execute(
        db,
      );
      return rows;
    },

    /** The advance-payment phrases, shortest first. */
    async phrases(): Promise<string[]> {
      const rows = await db.selectFrom('advance_payment_phrases').select('phrase').execute();
      return rows.map((row) => row.phrase).sort((a, b) => a.length - b.length || a.localeCompare(b));
    },

    /**
     * Replaces the listing's signals of `kinds` by `findings` (one transaction). A signal kept
     * with the same message keeps its `created_at`.
     */
    async replaceSignals(
      type: ListingType,
      listingId: string,
      kinds: readonly SafetySignalKind[],
      findings: readonly SignalFinding[],
      now: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const keep = findings.map((finding) => finding.kind);
        const drop = kinds.filter((kind) => !keep.includes(kind));
        if (drop.length > 0) {
          await trx
            .deleteFrom('listing_signals')
            .where('listing_type', '=', type)
            .where('listing_id', '=', listingId)
            .where('kind', 'in', drop)
            .execute();
        }
        for (const finding of findings) {
          await trx
            .insertInto('listing_signals')
            .values({
              listing_type: type,
              listing_id: listingId,
              kind: finding.kind,
              message: finding.message,
              evidence: JSON.stringify(finding.evidence),
              expires_at: finding.expiresAt,
              created_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['listing_type', 'listing_id', 'kind']).doUpdateSet({
                message: finding.message,
                evidence: JSON.stringify(finding.evidence),
                expires_at: finding.expiresAt,
              }),
            )
            .execute();
        }
      });
    },

    /** Forgets a deleted listing's signals and picture hashes. */
    async forget(type: ListingType, listingId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('listing_signals')
          .where('listing_type', '=', type)
          .where('listing_id', '=', listingId)
          .execute();
        await trx
          .deleteFrom('picture_hashes')
          .where('listing_type', '=', type)
          .where('listing_id', '=', listingId)
          .execute();
      });
    },

    /**
     * The signals that hold at `now` on listings that still exist (not soft-deleted; any
     * moderation state), with the listing and its owner, newest signal first, at most `limit` rows.
     */
    async flags(now: Date, limit: number): Promise<FlagRow[]> {
      const { rows } = await sql<FlagRow>`
        SELECT sg.listing_type, sg.listing_id, coalesce(p.title, s.name) AS title,
               coalesce(p.moderation, s.moderation) AS moderation,
               u.id AS owner_id, u.first_name || ' ' || u.last_name AS owner_name, u.email AS owner_email,
               sg.kind, sg.message, sg.evidence, sg.created_at
        FROM listing_signals sg
        LEFT JOIN products p ON sg.listing_type = 'products' AND p.id = sg.listing_id AND p.deleted_at IS NULL
        LEFT JOIN services s ON sg.listing_type = 'services' AND s.id = sg.listing_id AND s.deleted_at IS NULL
        JOIN users u ON u.id = coalesce(p.seller_id, s.provider_id)
        WHERE (sg.expires_at IS NULL OR sg.expires_at > ${now})
        ORDER BY sg.created_at DESC, sg.listing_id, sg.kind
        LIMIT ${limit}`.execute(db);
      return rows;
    },

    /**
     * Up to `limit` listing pictures (1200 px URLs we stored) without a hash, with their listing
     * and owner: the background job hashes them (pictures stored before migration 0019).
     */
    async unhashedPictures(
      limit: number,
      exclude: readonly string[] = [],
    ): Promise<
      { url: string; listing_type: ListingType; listing_id: string; owner_id: string; created_at: Date }[]
    > {
      const { rows } = await sql<{
        url: string;
        listing_type: ListingType;
        listing_id: string;
        owner_id: string;
        created_at: Date;
      }>`
        SELECT pic.url, pic.listing_type, pic.listing_id, pic.owner_id, pic.created_at FROM (
          SELECT unnest(array_prepend(cover_image, photos)) AS url, 'products' AS listing_type, id AS listing_id,
                 seller_id AS owner_id, created_at FROM products WHERE deleted_at IS NULL
          UNION ALL
          SELECT unnest(array_prepend(cover_image, photos)), 'services', id, provider_id, created_at
          FROM services WHERE deleted_at IS NULL
        ) pic
        WHERE pic.url LIKE '/uploads/%-1200.webp'
          AND NOT EXISTS (SELECT 1 FROM picture_hashes h WHERE h.url = pic.url)
          ${exclude.length > 0 ? sql`AND NOT (pic.url = ANY(${[...exclude]}::text[]))` : sql``}
        ORDER BY pic.created_at
        LIMIT ${limit}`.execute(db);
      return rows;
    },

    /** True when the one-time job `name` was done. */
    async jobDone(name: string): Promise<boolean> {
      return (
        (await db.selectFrom('safety_jobs').select('name').where('name', '=', name).executeTakeFirst()) !==
        undefined
      );
    },

    /** Marks the one-time job `name` done. */
    async markJobDone(name: string, now: Date): Promise<void> {
      await db
        .insertInto('safety_jobs')
        .values({ name, done_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /** Stores one picture's hash as of `createdAt` (the background job; an existing one is kept). */
    async storeHash(
      picture: {
        url: string;
        listing_type: ListingType;
        listing_id: string;
        owner_id: string;
        created_at: Date;
      },
      hash: bigint,
    ): Promise<void> {
      await db
        .insertInto('picture_hashes')
        .values({ ...picture, hash: BigInt.asIntN(64, hash).toString() })
        .onConflict((oc) => oc.column('url').doNothing())
        .execute();
    },
  };
}
