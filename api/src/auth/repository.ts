/**
 * SQL of the account flows: users looked up by e-mail or id, account creation, and the one-time
 * tokens of `auth_tokens` (migration 0002). Every multi-statement change runs in a transaction;
 * token consumption is a conditional UPDATE, so two concurrent uses of one link cannot both win.
 * Times are passed in by the service (one clock: the API's), never taken from the database.
 * Mails go to the outbox (`mail_outbox`) in the same transaction as the rows they announce
 * (ADR 0016). Server-side sessions (ADR 0011): revoked token ids and the users'
 * session generation (migration 0007).
 */
import { type Kysely, sql } from 'kysely';
import type { AuthTokenPurpose, AuthTokenRow, Database, UserRow } from '../db/schema.ts';
import { insertMailRequest, insertQueuedMail, type QueuedMail } from '../mail/outbox-repository.ts';
import { applyAccountRules } from '../users/repository.ts';

export type AuthRepository = ReturnType<typeof authRepository>;

/** A new account: profile fields, the argon2id hash and the e-mail token to store with it. */
export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  whatsApp: string;
  university: string;
}

/** A one-time token to store: its hash and expiry. */
export interface NewToken {
  purpose: AuthTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
}

/** Tokens that expired this long ago (ms) are deleted when a new one is issued for the user. */
const TOKEN_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** PostgreSQL unique_violation on the lower(email) index. */
function isEmailTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === undefined || e.constraint === 'users_email_lower_key');
}

/** Builds the repository over `db`. */
export function authRepository(db: Kysely<Database>, options: { adminEmails?: readonly string[] } = {}) {
  const adminEmails = options.adminEmails ?? [];
  async function issue(trx: Kysely<Database>, userId: string, token: NewToken, now: Date): Promise<void> {
    await trx
      .updateTable('auth_tokens')
      .set({ superseded_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', token.purpose)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', userId)
      .where('expires_at', '<', new Date(now.getTime() - TOKEN_RETENTION_MS))
      .execute();
    await trx
      .insertInto('auth_tokens')
      .values({
        user_id: userId,
        purpose: token.purpose,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
        created_at: now,
      })
      .execute();
  }
  /**
   * In one transaction: uses token `tokenId` (`consume`) and, when it was live at `now`, applies
   * `change` to its user, then the account rules of docs/product.md §19.
   * @returns true if this call used the token; false if it was no longer live at `now`
   */
  function useToken(
    tokenId: string,
    now: Date,
    change: (trx: Kysely<Database>, userId: string) => Promise<void>,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const used = await consume(trx, tokenId, now);
      if (!used) return false;
      await change(trx, used.user_id);
      await applyAccountRules(trx, used.user_id, adminEmails);
      return true;
    });
  }

  return {
    /** The user whose e-mail equals `email` case-insensitively (uses the lower(email) index). */
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    /** The user with id `id` (a UUID), or undefined. */
    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Creates an unverified account, its verification token and, given `mail`, its verification
     * mail (rendered by `mail(user)`, queued in the outbox) in one transaction.
     * @returns the new user, or null when the e-mail is taken (also under concurrent signups:
     *   the unique index decides, the loser gets null and nothing is written)
     */
    async createAccount(
      account: NewAccount,
      token: NewToken,
      now: Date,
      mail?: (user: UserRow) => QueuedMail,
    ): Promise<UserRow | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({
              email: account.email,
              password_hash: account.passwordHash,
              first_name: account.firstName,
              last_name: account.lastName,
              whatsapp: account.whatsApp,
              university: account.university,
              password_changed_at: now,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await issue(trx, user.id, token, now);
          if (mail) await insertQueuedMail(trx, mail(user), now);
          return user;
        });
      } catch (error) {
        if (isEmailTaken(error)) return null;
        throw error;
      }
    },

    /**
     * Stores a new token for `userId`; older live tokens of the same purpose are superseded.
     * Runs in the repository's transaction when built over one (a mail preparer's), else in its own.
     */
    issueToken(userId: string, token: NewToken, now: Date): Promise<void> {
      if (db.isTransaction) return issue(db, userId, token, now);
      return db.transaction().execute((trx) => issue(trx, userId, token, now));
    },

    /** Queues a mail request of `kind` for `recipient` (the outbox's preparer renders it later). */
    queueMailRequest(kind: string, recipient: string, now: Date): Promise<void> {
      return insertMailRequest(db, kind, recipient, now);
    },

    /**
     * The user of a session and whether the session's token id was revoked (one query).
     * @returns undefined when the user does not exist
     */
    async findSessionUser(id: string, jti: string): Promise<{ user: UserRow; revoked: boolean } | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll('users')
        .select((eb) =>
          eb
            .exists(eb.selectFrom('revoked_sessions').select(sql.lit(1).as('one')).where('jti', '=', jti))
            .as('revoked'),
        )
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { revoked, ...user } = row;
      return { user, revoked: Boolean(revoked) };
    },

    /**
     * Revokes one session token until `expiresAt` (idempotent) and deletes revocations whose
     * tokens have expired by `now` (they can no longer be presented).
     */
    async revokeSession(jti: string, userId: string, expiresAt: Date, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('revoked_sessions')
          .values({ jti, user_id: userId, expires_at: expiresAt, revoked_at: now })
          .onConflict((oc) => oc.column('jti').doNothing())
          .execute();
        await trx.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
      });
    },

    /** Ends every session of the user: bumps its session generation. @returns the updated row */
    endAllSessions(userId: string, now: Date): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set((eb) => ({ session_generation: eb('session_generation', '+', 1), updated_at: now }))
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Sets a new password hash while signed in: `password_changed_at = now` and a new session
     * generation (every other session ends), the change notice queued in the same transaction.
     * @returns the updated row, or undefined when the user is gone
     */
    changePassword(
      userId: string,
      passwordHash: string,
      notice: (user: UserRow) => QueuedMail,
      now: Date,
    ): Promise<UserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            password_changed_at: now,
            session_generation: eb('session_generation', '+', 1),
            updated_at: now,
          }))
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (user) await insertQueuedMail(trx, notice(user), now);
        return user;
      });
    },

    /** The token row whose hash is `tokenHash`, or undefined. */
    findToken(tokenHash: string): Promise<AuthTokenRow | undefined> {
      return db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Uses a verification token and marks its user verified (kept if already verified); in the
     * same transaction applies the account rules of docs/product.md §19 (verified student, ADMIN_EMAILS).
     * @returns true if this call used the token; false if it was no longer live at `now`
     */
    verifyEmail(tokenId: string, now: Date): Promise<boolean> {
      return useToken(tokenId, now, async (trx, userId) => {
        await trx
          .updateTable('users')
          .set((eb) => ({
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
            updated_at: now,
          }))
          .where('id', '=', userId)
          .execute();
      });
    },

    /**
     * Re-applies the account rules of docs/product.md §19 (verified student, ADMIN_EMAILS) to `userId`
     * (login calls it: an address added to ADMIN_EMAILS becomes admin at its next login).
     * @returns the updated row, or undefined when the user is gone
     */
    applyAccountRules(userId: string): Promise<UserRow | undefined> {
      return db.transaction().execute((trx) => applyAccountRules(trx, userId, adminEmails));
    },

    /**
     * Uses a reset token: sets the new hash and `password_changed_at = now` (older JWTs stop
     * working), marks the e-mail verified (the link proved the address), and supersedes the
     * user's other reset tokens.
     * @returns true if this call used the token; false if it was no longer live at `now`
     */
    resetPassword(tokenId: string, passwordHash: string, now: Date): Promise<boolean> {
      return useToken(tokenId, now, async (trx, userId) => {
        await trx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            password_changed_at: now,
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
            updated_at: now,
          }))
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('auth_tokens')
          .set({ superseded_at: now })
          .where('user_id', '=', userId)
          .where('purpose', '=', 'reset_password')
          .where('used_at', 'is', null)
          .where('superseded_at', 'is', null)
          .execute();
      });
    },
  };
}

/** Marks a live token used; returns its user id, or undefined when it was not live. */
function consume(trx: Kysely<Database>, tokenId: string, now: Date) {
  return trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}
