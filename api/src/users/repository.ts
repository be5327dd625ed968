/**
 * SQL of the users resource. (Accounts, login and profiles are added by the auth work.)
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export type UsersRepository = ReturnType<typeof usersRepository>;

/** Builds the users repository over `db`. */
export function usersRepository(db: Kysely<Database>) {
  return {
    /** Number of user accounts. */
    async countAll(): Promise<number> {
      const row = await db.selectFrom('users').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
