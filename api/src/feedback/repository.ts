/**
 * SQL of the feedback resource (table `feedback`, migration 0003).
 */
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Table `feedback` (migration 0003_site). */
export interface FeedbackTable {
  id: Generated<string>;
  name: string;
  email: string;
  /** 1..5 */
  rating: number;
  message: string;
  created_at: Generated<Date>;
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;

/** Builds the feedback repository over `db`. */
export function feedbackRepository(db: Kysely<Database>) {
  const site = db.withTables<{ feedback: FeedbackTable }>();
  return {
    /** Stores one feedback entry; resolves to its id. */
    async insert(entry: { name: string; email: string; rating: number; message: string }): Promise<string> {
      const row = await site.insertInto('feedback').values(entry).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
