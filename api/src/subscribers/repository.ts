/**
 * SQL of the subscribers resource (table `subscribers`, migration 0003; unique on lower(email)).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export type SubscribersRepository = ReturnType<typeof subscribersRepository>;

/** Builds the subscribers repository over `db`. */
export function subscribersRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds the address unless it is already there (any letter case); atomic under concurrent
     * requests (ON CONFLICT on the lower(email) index).
     * @returns true when a row was added, false when the address was already subscribed
     */
    async addIfMissing(email: string): Promise<boolean> {
      const row = await db
        .insertInto('subscribers')
        .values({ email })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
