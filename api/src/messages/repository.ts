/**
 * SQL of the messages resource (table `contact_messages`, migration 0003).
 */
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Table `contact_messages` (migration 0003_site). */
export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Generated<Date>;
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;

/** Builds the messages repository over `db`. */
export function messagesRepository(db: Kysely<Database>) {
  const site = db.withTables<{ contact_messages: ContactMessagesTable }>();
  return {
    /** Stores one message; resolves to its id. */
    async insert(entry: { name: string; email: string; subject: string; message: string }): Promise<string> {
      const row = await site
        .insertInto('contact_messages')
        .values(entry)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
