/**
 * Account use cases (docs/product.md §12; §3, §4, §5, §8; ARCHITECTURE "Security baseline"): signup with
 * e-mail verification, login, resend, forgot/reset password, and the session check behind
 * `app.authenticate`.
 *
 * - Passwords: argon2id with @node-rs/argon2 defaults (m=19 MiB, t=2, p=1).
 * - Link tokens: see `tokens.ts` (hashed, single use, 24 h / 1 h, newer supersedes older).
 * - JWT: `{sub: userId, pca: password_changed_at in ms, gen: session generation, jti: uuid}`
 *   plus `iat`/`exp` (7 days; `exp` and `jti` are required). A token minted before the last
 *   password change is refused (`pca` differs; for tokens without `pca`, `iat` in seconds is
 *   compared with the change time in whole seconds); so is one of an older session generation
 *   ("Log out of all devices", a password change) or one whose `jti` was logged out (docs/product.md §14
 *   item 12; ADR 0011).
 * - Password rules: docs/product.md §5 plus ADR 0011 (not common, not containing the name or e-mail)
 *   on signup, reset and change.
 * - The same 401 message for an unknown e-mail and a wrong password; an unknown e-mail still
 *   runs one argon2 verify so both take about as long.
 * - No answer says whether an address has an account (ADR 0011): signup with a taken
 *   address answers like a new signup (and the owner gets a notice); resend and forgot-password
 *   only queue a request row whatever the address, and the outbox's sender decides what to mail.
 * - Every mail goes through the durable outbox (ADR 0016), written in the same
 *   transaction as its token.
 */

import { randomUUID } from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '@campus/shared/constants';
import type { UserJson } from '@campus/shared/contract';
import type { PasswordChecker } from '@campus/shared/password-policy';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../common/http.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { QueuedMail } from '../mail/outbox-repository.ts';
import {
  passwordChangedMail,
  passwordResetMail,
  signupAttemptMail,
  verificationMail,
} from '../mail/templates.ts';
import { toUserJson } from '../users/user-json.ts';
import { type AuthRepository, authRepository } from './repository.ts';
import {
  hashLinkToken,
  isLinkTokenFormat,
  newLinkToken,
  RESET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from './tokens.ts';
import {
  checkEmail,
  checkPasswords,
  type FieldErrors,
  normalizeEmail,
  type SignupInput,
  validateSignup,
} from './validation.ts';

/** User-facing texts of the account API (the forms show `message` as is). */
export const AUTH_MESSAGES = {
  signupSuccess: 'Registered successfully. Please check your email to verify your account.',
  loginMissing: 'Please provide your email and password',
  loginWrong: 'Incorrect email or password',
  loginUnverified:
    'Please verify your email address before logging in. Check your inbox for the verification link or request a new one.',
  resendAccepted:
    'If an account with this email is waiting for verification, a new verification email is on its way. Links in earlier emails no longer work.',
  forgotAccepted:
    'If an account exists for this email, we have sent a link to reset your password. The link is valid for 1 hour.',
  resetSuccess: 'Your password has been reset. You can now log in with your new password.',
  resetUnknown: 'This password reset link is not valid. Please request a new one.',
  resetUsed: 'This password reset link has already been used. Please request a new one if you still need it.',
  resetSuperseded:
    'This password reset link has been replaced by a newer one. Use the link in the most recent email we sent you.',
  resetExpired:
    'This password reset link has expired (links are valid for 1 hour). Please request a new one.',
  notLoggedIn: 'Please log in to continue',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionInvalid: 'Your session is not valid. Please log in again.',
  userGone: 'The account of this session no longer exists. Please log in again.',
  passwordChanged: 'Your password was changed recently. Please log in again.',
  notVerified: 'Please verify your email address to continue.',
  /** docs/product.md §19.3: login (403) and every request with an old token (401) of a suspended account. */
  suspended: 'This account is suspended. Contact support.',
  sessionEnded: 'You have been logged out. Please log in again.',
  loggedOut: 'You have been logged out.',
  loggedOutEverywhere: 'You have been logged out of all devices.',
  passwordCurrentRequired: 'Please enter your current password',
  passwordCurrentWrong: 'Your current password is not correct',
  passwordUpdated: 'Your password has been changed. Your other devices have been logged out.',
} as const;

/** Mail kinds of the outbox rows written here (request kinds are rendered by the sender). */
export const AUTH_MAIL_KINDS = {
  verifyEmail: 'verify-email',
  resetPassword: 'reset-password',
  signupAttempt: 'signup-attempt',
  passwordChanged: 'password-changed',
  verifyEmailRequest: 'verify-email-request',
  resetPasswordRequest: 'reset-password-request',
  signupAttemptRequest: 'signup-attempt-request',
} as const;

/** Claims of our JWT (besides `iat` and `exp`). */
export interface SessionClaims {
  /** User id. */
  sub: string;
  /** password_changed_at of the user when the token was issued, ms since the epoch. */
  pca?: number;
  /** The user's session generation when the token was issued (absent: 0). */
  gen?: number;
  /** Token id (a UUID): what logout revokes. Required. */
  jti?: string;
  /** Issued at, seconds since the epoch (added by the signer). */
  iat?: number;
  /** Expiry, seconds since the epoch (added by the signer; required). */
  exp?: number;
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  /** The durable mail queue: rows are written by the repository, the service kicks the sender. */
  outbox: Outbox;
  /** The password rules' checker (dictionaries loaded). */
  passwordChecker: PasswordChecker;
  /** Public origin for links in mails, without trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** Signs session claims into a JWT (with its expiry). */
  signToken(claims: SessionClaims): string;
  log: FastifyBaseLogger;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** Called after an account was created (the app drops its cached account count). */
  onAccountCreated?: () => void | Promise<void>;
}

export type AuthService = ReturnType<typeof authService>;

/**
 * Result of following a verification link: where to send the browser (docs/product.md §2 verification page).
 * Only a code travels in the redirect; the page shows its own text for it (ADR 0011).
 */
export type VerifyOutcome =
  | { status: 'success'; code: 'verified' }
  | { status: 'error'; code: 'invalid' | 'used' | 'expired' | 'superseded' | 'already-verified' };

const fail = (status: number, message: string, errors?: FieldErrors) =>
  new HttpError(status, message, errors);
const firstError = (errors: FieldErrors) => Object.values(errors)[0] ?? 'Invalid request';

/** Builds the service. */
export function authService(deps: AuthServiceDeps) {
  const { repository, outbox, log, passwordChecker } = deps;
  const now = deps.now ?? (() => new Date());
  let dummyHash: Promise<string> | undefined;

  const verificationLink = (token: string) => `${deps.publicUrl}/api/v1/auth/verify-email/${token}`;
  const resetLink = (token: string) => `${deps.publicUrl}/reset-password/${token}`;
  const forgotPasswordLink = `${deps.publicUrl}/forgot-password`;

  function verificationMessage(user: Pick<UserRow, 'email' | 'first_name'>, token: string): QueuedMail {
    const link = verificationLink(token);
    return {
      to: user.email,
      ...verificationMail(user.first_name, link, VERIFY_EMAIL_TTL_MS / 3600_000),
      link,
      kind: AUTH_MAIL_KINDS.verifyEmail,
    };
  }

  /** A signed session token for `user` (a fresh `jti`). */
  function issueSession(user: UserRow): string {
    return deps.signToken({
      sub: user.id,
      pca: user.password_changed_at.getTime(),
      gen: user.session_generation,
      jti: randomUUID(),
    });
  }

  // The outbox's preparers: request rows become mails (or nothing) off the request path, inside
  // the sender's transaction, so a token and its mail are committed together.
  outbox.registerPreparer(AUTH_MAIL_KINDS.verifyEmailRequest, async (trx, recipient, at) => {
    const inTrx = authRepository(trx);
    const user = await inTrx.findUserByEmail(recipient);
    if (!user || user.email_verified_at) return null;
    const { token, hash } = newLinkToken();
    await inTrx.issueToken(
      user.id,
      { purpose: 'verify_email', tokenHash: hash, expiresAt: new Date(at.getTime() + VERIFY_EMAIL_TTL_MS) },
      at,
    );
    return verificationMessage(user, token);
  });
  outbox.registerPreparer(AUTH_MAIL_KINDS.resetPasswordRequest, async (trx, recipient, at) => {
    const inTrx = authRepository(trx);
    const user = await inTrx.findUserByEmail(recipient);
    if (!user) return null;
    const { token, hash } = newLinkToken();
    await inTrx.issueToken(
      user.id,
      {
        purpose: 'reset_password',
        tokenHash: hash,
        expiresAt: new Date(at.getTime() + RESET_PASSWORD_TTL_MS),
      },
      at,
    );
    const link = resetLink(token);
    return {
      to: user.email,
      ...passwordResetMail(user.first_name, link, RESET_PASSWORD_TTL_MS / 60_000),
      link,
      kind: AUTH_MAIL_KINDS.resetPassword,
    };
  });
  outbox.registerPreparer(AUTH_MAIL_KINDS.signupAttemptRequest, async (trx, recipient) => {
    const user = await authRepository(trx).findUserByEmail(recipient);
    if (!user) return null;
    return {
      to: user.email,
      ...signupAttemptMail(user.first_name, forgotPasswordLink),
      link: forgotPasswordLink,
      kind: AUTH_MAIL_KINDS.signupAttempt,
    };
  });

  /** Verifies `password` against `hash`; a malformed stored hash counts as a mismatch. */
  async function passwordMatches(hash: string, password: string): Promise<boolean> {
    try {
      return await argonVerify(hash, password);
    } catch (error) {
      log.error({ err: error }, 'stored password hash could not be verified');
      return false;
    }
  }

  /** Spends about one verify's time for unknown e-mails (timing equal to a wrong password). */
  async function dummyVerify(password: string): Promise<void> {
    dummyHash ??= argonHash('campus-soko-timing-equalizer');
    await passwordMatches(await dummyHash, password.slice(0, PASSWORD_MAX_LENGTH));
  }

  function tokenState(row: { used_at: Date | null; superseded_at: Date | null; expires_at: Date }, at: Date) {
    if (row.used_at) return 'used' as const;
    if (row.superseded_at) return 'superseded' as const;
    if (row.expires_at.getTime() <= at.getTime()) return 'expired' as const;
    return 'live' as const;
  }

  return {
    /**
     * `POST /auth/signup` (docs/product.md §3 payload, docs/product.md §5 rules + ADR 0011): creates an unverified
     * account and queues the verification mail in the same transaction. A taken address gets the
     * same answer (ADR 0011): nothing is created, and a notice to the owner is queued.
     * Both paths hash the password (argon2id), so they take about as long.
     * @returns the message to show (the same for both paths)
     * @throws HttpError 400 with one message per invalid field
     */
    async signup(input: SignupInput): Promise<{ message: string }> {
      const checked = validateSignup(input, passwordChecker);
      if ('errors' in checked) throw fail(400, firstError(checked.errors), checked.errors);
      const { value } = checked;
      const passwordHash = await argonHash(value.password);
      const { token, hash } = newLinkToken();
      const at = now();
      const user = await repository.createAccount(
        { ...value, passwordHash },
        { purpose: 'verify_email', tokenHash: hash, expiresAt: new Date(at.getTime() + VERIFY_EMAIL_TTL_MS) },
        at,
        (created) => verificationMessage(created, token),
      );
      if (user) await deps.onAccountCreated?.();
      else await repository.queueMailRequest(AUTH_MAIL_KINDS.signupAttemptRequest, value.email, at);
      outbox.kick();
      return { message: AUTH_MESSAGES.signupSuccess };
    },

    /**
     * `GET /auth/verify-email/:token`: uses the link. Never throws for a bad token: the outcome
     * says which problem it was and what to do (the route redirects with it).
     */
    async verifyEmail(token: string): Promise<VerifyOutcome> {
      const row = isLinkTokenFormat(token) ? await repository.findToken(hashLinkToken(token)) : undefined;
      if (row?.purpose !== 'verify_email') return { status: 'error', code: 'invalid' };
      const at = now();
      const state = tokenState(row, at);
      if (state === 'live' && (await repository.verifyEmail(row.id, at))) {
        return { status: 'success', code: 'verified' };
      }
      if (state === 'live' || state === 'used') return { status: 'error', code: 'used' };
      const user = await repository.findUserById(row.user_id);
      if (user?.email_verified_at) return { status: 'error', code: 'already-verified' };
      return { status: 'error', code: state };
    },

    /**
     * `POST /auth/resend-verification {email}`: a fresh link for an unverified account (older
     * links stop working). Queues a request row whatever the address; the outbox's sender mails
     * only an unverified account (the same path and answer for every address).
     * @throws HttpError 400 when the e-mail is missing or malformed
     */
    async resendVerification(email: unknown): Promise<{ message: string }> {
      const errors: FieldErrors = {};
      checkEmail(email, errors);
      if (errors.email) throw fail(400, errors.email, errors);
      await repository.queueMailRequest(AUTH_MAIL_KINDS.verifyEmailRequest, normalizeEmail(email), now());
      outbox.kick();
      return { message: AUTH_MESSAGES.resendAccepted };
    },

    /**
     * `POST /auth/login {email, password}` → `{token, user}` (docs/product.md §3, §7).
     * An address listed in ADMIN_EMAILS becomes admin here (docs/product.md §19.4).
     * @throws HttpError 400 (missing field), 401 (unknown e-mail or wrong password, one message),
     *   403 (e-mail not verified yet; account suspended: 'This account is suspended. Contact
     *   support.', docs/product.md §19 — told only to someone who knows the password)
     */
    async login(email: unknown, password: unknown): Promise<{ token: string; user: UserJson }> {
      const address = normalizeEmail(email);
      const secret = typeof password === 'string' ? password : '';
      if (address === '' || secret.trim() === '') throw fail(400, AUTH_MESSAGES.loginMissing);
      const user = await repository.findUserByEmail(address);
      if (!user?.password_hash) {
        await dummyVerify(secret);
        throw fail(401, AUTH_MESSAGES.loginWrong);
      }
      if (secret.length > PASSWORD_MAX_LENGTH || !(await passwordMatches(user.password_hash, secret))) {
        throw fail(401, AUTH_MESSAGES.loginWrong);
      }
      if (user.suspended_at) throw fail(403, AUTH_MESSAGES.suspended);
      if (!user.email_verified_at) throw fail(403, AUTH_MESSAGES.loginUnverified);
      const current = (await repository.applyAccountRules(user.id)) ?? user;
      return { token: issueSession(current), user: toUserJson(current) };
    },

    /**
     * `POST /auth/forgot-password {email}`: mails a reset link (1 h) when the account exists.
     * Queues a request row whatever the address (the same path, time and answer); the outbox's
     * sender issues the token and mails it only for an existing account.
     * @throws HttpError 400 when the e-mail is missing or malformed
     */
    async forgotPassword(email: unknown): Promise<{ message: string }> {
      const errors: FieldErrors = {};
      checkEmail(email, errors);
      if (errors.email) throw fail(400, errors.email, errors);
      await repository.queueMailRequest(AUTH_MAIL_KINDS.resetPasswordRequest, normalizeEmail(email), now());
      outbox.kick();
      return { message: AUTH_MESSAGES.forgotAccepted };
    },

    /**
     * `PATCH /auth/reset-password/:token {password, passwordConfirm}`: sets the new password,
     * which also ends every session issued before (JWT check), and uses the link.
     * @throws HttpError 400 for an unknown/used/superseded/expired link (message says which) or
     *   invalid passwords (docs/product.md §5 messages per field; common, or containing the owner's name or
     *   e-mail: ADR 0011)
     */
    async resetPassword(
      token: string,
      password: unknown,
      passwordConfirm: unknown,
    ): Promise<{ message: string }> {
      const row = isLinkTokenFormat(token) ? await repository.findToken(hashLinkToken(token)) : undefined;
      if (row?.purpose !== 'reset_password') throw fail(400, AUTH_MESSAGES.resetUnknown);
      const at = now();
      const state = tokenState(row, at);
      if (state === 'used') throw fail(400, AUTH_MESSAGES.resetUsed);
      if (state === 'superseded') throw fail(400, AUTH_MESSAGES.resetSuperseded);
      if (state === 'expired') throw fail(400, AUTH_MESSAGES.resetExpired);
      const owner = await repository.findUserById(row.user_id);
      const errors: FieldErrors = {};
      checkPasswords(password, passwordConfirm, errors, {
        checker: passwordChecker,
        personal: { email: owner?.email, firstName: owner?.first_name, lastName: owner?.last_name },
      });
      if (Object.keys(errors).length > 0) throw fail(400, firstError(errors), errors);
      const passwordHash = await argonHash(password as string);
      if (!(await repository.resetPassword(row.id, passwordHash, now())))
        throw fail(400, AUTH_MESSAGES.resetUsed);
      return { message: AUTH_MESSAGES.resetSuccess };
    },

    /**
     * The user of a verified JWT's claims, for `app.authenticate`.
     * @throws HttpError 401 when the user is gone, the token predates the last password change,
     *   belongs to an ended session generation, was logged out, or the account is suspended
     *   ('This account is suspended. Contact support.', docs/product.md §19: the client then drops the
     *   session and the login form shows why)
     */
    async sessionUser(claims: SessionClaims): Promise<UserRow> {
      const found =
        typeof claims.sub === 'string' &&
        isUuid(claims.sub) &&
        typeof claims.jti === 'string' &&
        isUuid(claims.jti)
          ? await repository.findSessionUser(claims.sub, claims.jti)
          : undefined;
      if (!found)
        throw fail(
          401,
          typeof claims.jti === 'string' ? AUTH_MESSAGES.userGone : AUTH_MESSAGES.sessionInvalid,
        );
      const { user } = found;
      const changedMs = user.password_changed_at.getTime();
      const stale =
        typeof claims.pca === 'number'
          ? claims.pca < changedMs
          : typeof claims.iat !== 'number' || claims.iat < Math.floor(changedMs / 1000);
      if (stale) throw fail(401, AUTH_MESSAGES.passwordChanged);
      if (user.suspended_at) throw fail(401, AUTH_MESSAGES.suspended);
      if (found.revoked || (claims.gen ?? 0) !== user.session_generation) {
        throw fail(401, AUTH_MESSAGES.sessionEnded);
      }
      return user;
    },

    /**
     * `POST /auth/logout`: revokes the presented token (by its `jti`) until it expires.
     * @param claims the verified claims of the request's token (`jti` and `exp` present)
     */
    async logout(userId: string, claims: SessionClaims): Promise<{ message: string }> {
      if (typeof claims.jti !== 'string' || typeof claims.exp !== 'number')
        throw fail(401, AUTH_MESSAGES.sessionInvalid);
      await repository.revokeSession(claims.jti, userId, new Date(claims.exp * 1000), now());
      return { message: AUTH_MESSAGES.loggedOut };
    },

    /** `POST /auth/logout-all`: ends every session of the user, this one included. */
    async logoutEverywhere(userId: string): Promise<{ message: string }> {
      if (!(await repository.endAllSessions(userId, now()))) throw fail(401, AUTH_MESSAGES.userGone);
      return { message: AUTH_MESSAGES.loggedOutEverywhere };
    },

    /**
     * `PATCH /users/updateMyPassword {passwordCurrent, password, passwordConfirm}` (docs/product.md §14
     * item 12): checks the current password, applies the password rules (docs/product.md §5 + item 4), ends
     * every other session and returns a fresh session for this device (like login). A notice
     * mail goes to the owner.
     * @throws HttpError 400 with `errors` (current password missing or wrong, new password
     *   invalid), 401 when the user is gone
     */
    async changePassword(
      userId: string,
      input: { passwordCurrent?: unknown; password?: unknown; passwordConfirm?: unknown },
    ): Promise<{ token: string; user: UserJson; message: string }> {
      const user = await repository.findUserById(userId);
      if (!user) throw fail(401, AUTH_MESSAGES.userGone);
      const current = typeof input.passwordCurrent === 'string' ? input.passwordCurrent : '';
      if (current === '') {
        throw fail(400, AUTH_MESSAGES.passwordCurrentRequired, {
          passwordCurrent: AUTH_MESSAGES.passwordCurrentRequired,
        });
      }
      const matches =
        user.password_hash !== null &&
        current.length <= PASSWORD_MAX_LENGTH &&
        (await passwordMatches(user.password_hash, current));
      if (!matches) {
        throw fail(400, AUTH_MESSAGES.passwordCurrentWrong, {
          passwordCurrent: AUTH_MESSAGES.passwordCurrentWrong,
        });
      }
      const errors: FieldErrors = {};
      checkPasswords(input.password, input.passwordConfirm, errors, {
        checker: passwordChecker,
        personal: { email: user.email, firstName: user.first_name, lastName: user.last_name },
      });
      if (Object.keys(errors).length > 0) throw fail(400, firstError(errors), errors);
      const passwordHash = await argonHash(input.password as string);
      const updated = await repository.changePassword(
        userId,
        passwordHash,
        (row) => ({
          to: row.email,
          ...passwordChangedMail(row.first_name, forgotPasswordLink),
          link: forgotPasswordLink,
          kind: AUTH_MAIL_KINDS.passwordChanged,
        }),
        now(),
      );
      if (!updated) throw fail(401, AUTH_MESSAGES.userGone);
      outbox.kick();
      return {
        token: issueSession(updated),
        user: toUserJson(updated),
        message: AUTH_MESSAGES.passwordUpdated,
      };
    },
  };
}
