/**
 * SQL of the messages resource (table `contact_messages`, migration 0003).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type MessagesRepository = ReturnType<typeof messagesRepository>;

/** Builds the messages repository over `db`. */
export function messagesRepository(db: Kysely<Database>) {
  return {
    /** Stores one message; resolves to its id. */
    async insert(entry: { name: string; email: string; subject: string; message: string }): Promise<string> {
      const row = await db
        .insertInto('contact_messages')
        .values(entry)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
