/**
 * SQL of saved items (docs/product.md §20.1; migration 0014 `favourites`): save (idempotent), unsave,
 * a user's saved listings newest first, and how many users saved given listings.
 */
import { type Kysely, sql } from 'kysely';
import type { Database, FavouriteKind } from '../db/schema.ts';

/** One saved listing of a user. */
export interface FavouriteRow {
  kind: FavouriteKind;
  listing_id: string;
  created_at: Date;
}

export type FavouritesRepository = ReturnType<typeof favouritesRepository>;

/** Builds the favourites repository over `db`. */
export function favouritesRepository(db: Kysely<Database>) {
  return {
    /** Saves the listing for the user; saving it again changes nothing (not even the time). */
    async save(userId: string, kind: FavouriteKind, listingId: string): Promise<void> {
      await db
        .insertInto('favourites')
        .values({ user_id: userId, kind, listing_id: listingId })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'listing_id']).doNothing())
        .execute();
    },

    /** Removes the saved listing; returns false when it was not saved. */
    async unsave(userId: string, kind: FavouriteKind, listingId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('favourites')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('listing_id', '=', listingId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The user's saved listings, newest saved first, at most `limit`. */
    async list(userId: string, limit: number): Promise<FavouriteRow[]> {
      return db
        .selectFrom('favourites')
        .select(['kind', 'listing_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('listing_id', 'desc')
        .limit(limit)
        .execute();
    },

    /** How many users saved each of `ids` (listings of `kind`); ids nobody saved are absent. */
    async savesOf(kind: FavouriteKind, ids: string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      if (ids.length === 0) return counts;
      const rows = await db
        .selectFrom('favourites')
        .select(['listing_id', sql<string>`count(*)`.as('saves')])
        .where('kind', '=', kind)
        .where('listing_id', 'in', ids)
        .groupBy('listing_id')
        .execute();
      for (const row of rows) counts.set(row.listing_id, Number(row.saves));
      return counts;
    },
  };
}
