/**
 * SQL of the users resource: the account count (stats) and the profile of `GET /users/me` /
 * `PATCH /users/updateMe`. (Accounts, login and one-time tokens: `auth/repository.ts`.)
 */
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';
import { isVerifiedStudent } from './verified-student.ts';

/**
 * Re-applies the stored account rules of docs/product.md §19 to user `userId` inside `trx` (call it in the
 * transaction that changed the e-mail, its verification or the university):
 * - `verified_student` = the verified-student rule (`verified-student.ts`);
 * - `role` becomes 'admin' when the e-mail is verified and listed in `adminEmails` (ADMIN_EMAILS;
 *   lower-case addresses). Never takes admin away (`npm run admin -- revoke` does).
 * @returns the updated row, or undefined when the user is gone
 */
export async function applyAccountRules(
  trx: Kysely<Database>,
  userId: string,
  adminEmails: readonly string[] = [],
): Promise<UserRow | undefined> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const emailVerified = user.email_verified_at !== null;
  const verifiedStudent = isVerifiedStudent({
    email: user.email,
    university: user.university,
    emailVerified,
  });
  const admin = emailVerified && adminEmails.includes(user.email.toLowerCase());
  if (verifiedStudent === user.verified_student && (!admin || user.role === 'admin')) return user;
  return trx
    .updateTable('users')
    .set({ verified_student: verifiedStudent, ...(admin ? { role: 'admin' as const } : {}) })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

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

    /**
     * Applies `changes` (and `updated_at = now`) and, in the same transaction, re-evaluates the
     * verified-student flag (a new university may change it; docs/product.md §19.5).
     * @returns the updated row, or undefined if gone
     */
    updateProfile(id: string, changes: ProfileChanges, now: Date): Promise<UserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({ ...changes, updated_at: now })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        return updated ? applyAccountRules(trx, id) : undefined;
      });
    },
  };
}
