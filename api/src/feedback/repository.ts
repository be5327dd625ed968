/**
 * SQL of the feedback resource (table `feedback`, migration 0003).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;

/** Builds the feedback repository over `db`. */
export function feedbackRepository(db: Kysely<Database>) {
  return {
    /** Stores one feedback entry; resolves to its id. */
    async insert(entry: { name: string; email: string; rating: number; message: string }): Promise<string> {
      const row = await db.insertInto('feedback').values(entry).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
