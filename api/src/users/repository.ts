/**
 * SQL of the users resource: the account count (stats) and the profile of `GET /users/me` /
 * `PATCH /users/updateMe`. (Accounts, login and one-time tokens: `auth/repository.ts`.)
 */
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';

export type UsersRepository = ReturnType<typeof usersRepository>;

/** Profile columns a user may change about themselves. */
export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  whatsapp?: string;
  university?: string;
  photo?: string | null;
}

/** Builds the users repository over `db`. */
export function usersRepository(db: Kysely<Database>) {
  return {
    /** Number of user accounts. */
    async countAll(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The user with id `id` (a UUID), or undefined. */
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Applies `changes` (and `updated_at = now`); returns the updated row, or undefined if gone. */
    updateProfile(id: string, changes: ProfileChanges, now: Date): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
