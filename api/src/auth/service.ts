/**
 * Account use cases (issue 4; spec 3, 4, 5, 8; ARCHITECTURE "Security baseline"): signup with
 * e-mail verification, login, resend, forgot/reset password, and the session check behind
 * `app.authenticate`.
 *
 * - Passwords: argon2id with @node-rs/argon2 defaults (m=19 MiB, t=2, p=1).
 * - Link tokens: see `tokens.ts` (hashed, single use, 24 h / 1 h, newer supersedes older).
 * - JWT: `{sub: userId, pca: password_changed_at in ms}` plus `iat`/`exp` (7 days). A token
 *   minted before the last password change is refused (`pca` differs; for tokens without `pca`,
 *   `iat` in seconds is compared with the change time in whole seconds).
 * - The same 401 message for an unknown e-mail and a wrong password; an unknown e-mail still
 *   runs one argon2 verify so both take about as long.
 * - Resend and forgot-password answer the same whether or not the address exists; their mails
 *   go out in the background (their failure is logged, the answer does not change).
 */

import { PASSWORD_MAX_LENGTH } from '@campus/shared/constants';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../common/http.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail, verificationMail } from '../mail/templates.ts';
import { toUserJson, type UserJson } from '../users/user-json.ts';
import type { AuthRepository } from './repository.ts';
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
  emailTaken: 'An account with this email already exists',
  signupSuccess: 'Registered successfully. Please check your email to verify your account.',
  signupMailFailed:
    'Your account was created, but we could not send the verification email. Please use "Resend Verification Email" on the next page.',
  loginMissing: 'Please provide your email and password',
  loginWrong: 'Incorrect email or password',
  loginUnverified:
    'Please verify your email address before logging in. Check your inbox for the verification link or request a new one.',
  verifySuccess: 'Your email address has been verified. You can now log in.',
  verifyUnknown:
    'This verification link is not valid. Check that you opened the whole link from the email, or request a new verification email.',
  verifyUsed: 'This verification link has already been used. Your email address is verified: you can log in.',
  verifySuperseded:
    'This verification link has been replaced by a newer one. Use the link in the most recent email we sent you, or request a new verification email.',
  verifyExpired:
    'This verification link has expired (links are valid for 24 hours). Please request a new verification email.',
  alreadyVerifiedHint: ' Your email address is already verified, so you can simply log in.',
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
} as const;

/** Claims of our JWT (besides `iat` and `exp`). */
export interface SessionClaims {
  /** User id. */
  sub: string;
  /** password_changed_at of the user when the token was issued, ms since the epoch. */
  pca?: number;
  /** Issued at, seconds since the epoch (added by the signer). */
  iat?: number;
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  mailer: Mailer;
  /** Public origin for links in mails, without trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** Signs session claims into a JWT (with its expiry). */
  signToken(claims: SessionClaims): string;
  log: FastifyBaseLogger;
  /** Clock (tests may inject one). */
  now?: () => Date;
  /** Called after an account was created (the app drops its cached account count). */
  onAccountCreated?: () => void;
}

export type AuthService = ReturnType<typeof authService>;

/** Result of following a verification link: where to send the browser (spec 2 verification page). */
export interface VerifyOutcome {
  status: 'success' | 'error';
  message: string;
}

const fail = (status: number, message: string, errors?: FieldErrors) =>
  new HttpError(status, message, errors);
const firstError = (errors: FieldErrors) => Object.values(errors)[0] ?? 'Invalid request';

/** Builds the service. */
export function authService(deps: AuthServiceDeps) {
  const { repository, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());
  let dummyHash: Promise<string> | undefined;

  const verificationLink = (token: string) => `${deps.publicUrl}/api/v1/auth/verify-email/${token}`;
  const resetLink = (token: string) => `${deps.publicUrl}/reset-password/${token}`;

  function verificationMessage(user: Pick<UserRow, 'email' | 'first_name'>, token: string) {
    const link = verificationLink(token);
    return {
      to: user.email,
      ...verificationMail(user.first_name, link, VERIFY_EMAIL_TTL_MS / 3600_000),
      link,
      kind: 'verify-email',
    };
  }

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
     * `POST /auth/signup` (spec 3 payload, spec 5 rules): creates an unverified account and mails
     * the verification link.
     * @returns the user and whether the mail went out (false: logged; the client is told to resend)
     * @throws HttpError 400 with one message per invalid field; 409 when the e-mail is taken
     */
    async signup(input: SignupInput): Promise<{ user: UserJson; emailSent: boolean; message: string }> {
      const checked = validateSignup(input);
      if ('errors' in checked) throw fail(400, firstError(checked.errors), checked.errors);
      const { value } = checked;
      if (await repository.findUserByEmail(value.email)) {
        throw fail(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      }
      const passwordHash = await argonHash(value.password);
      const { token, hash } = newLinkToken();
      const at = now();
      const user = await repository.createAccount(
        { ...value, passwordHash },
        { purpose: 'verify_email', tokenHash: hash, expiresAt: new Date(at.getTime() + VERIFY_EMAIL_TTL_MS) },
        at,
      );
      if (!user) throw fail(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      deps.onAccountCreated?.();
      const sent = await mailer.send(verificationMessage(user, token));
      return {
        user: toUserJson(user),
        emailSent: sent.ok,
        message: sent.ok ? AUTH_MESSAGES.signupSuccess : AUTH_MESSAGES.signupMailFailed,
      };
    },

    /**
     * `GET /auth/verify-email/:token`: uses the link. Never throws for a bad token: the outcome
     * says which problem it was and what to do (the route redirects with it).
     */
    async verifyEmail(token: string): Promise<VerifyOutcome> {
      const row = isLinkTokenFormat(token) ? await repository.findToken(hashLinkToken(token)) : undefined;
      if (row?.purpose !== 'verify_email') return { status: 'error', message: AUTH_MESSAGES.verifyUnknown };
      const at = now();
      const state = tokenState(row, at);
      if (state === 'live' && (await repository.verifyEmail(row.id, at))) {
        return { status: 'success', message: AUTH_MESSAGES.verifySuccess };
      }
      if (state === 'live' || state === 'used') return { status: 'error', message: AUTH_MESSAGES.verifyUsed };
      const user = await repository.findUserById(row.user_id);
      const hint = user?.email_verified_at ? AUTH_MESSAGES.alreadyVerifiedHint : '';
      const base = state === 'expired' ? AUTH_MESSAGES.verifyExpired : AUTH_MESSAGES.verifySuperseded;
      return { status: 'error', message: base + hint };
    },

    /**
     * `POST /auth/resend-verification {email}`: a fresh link for an unverified account (older
     * links stop working). Same answer for unknown, verified and unverified addresses.
     * @throws HttpError 400 when the e-mail is missing or malformed
     */
    async resendVerification(email: unknown): Promise<{ message: string }> {
      const errors: FieldErrors = {};
      checkEmail(email, errors);
      if (errors.email) throw fail(400, errors.email, errors);
      const user = await repository.findUserByEmail(normalizeEmail(email));
      if (user && !user.email_verified_at) {
        const { token, hash } = newLinkToken();
        const at = now();
        await repository.issueToken(
          user.id,
          {
            purpose: 'verify_email',
            tokenHash: hash,
            expiresAt: new Date(at.getTime() + VERIFY_EMAIL_TTL_MS),
          },
          at,
        );
        mailer.sendInBackground(verificationMessage(user, token));
      }
      return { message: AUTH_MESSAGES.resendAccepted };
    },

    /**
     * `POST /auth/login {email, password}` → `{token, user}` (spec 3, spec 7).
     * @throws HttpError 400 (missing field), 401 (unknown e-mail or wrong password, one message),
     *   403 (e-mail not verified yet)
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
      if (!user.email_verified_at) throw fail(403, AUTH_MESSAGES.loginUnverified);
      const token = deps.signToken({ sub: user.id, pca: user.password_changed_at.getTime() });
      return { token, user: toUserJson(user) };
    },

    /**
     * `POST /auth/forgot-password {email}`: mails a reset link (1 h) when the account exists.
     * Same answer whether or not it exists.
     * @throws HttpError 400 when the e-mail is missing or malformed
     */
    async forgotPassword(email: unknown): Promise<{ message: string }> {
      const errors: FieldErrors = {};
      checkEmail(email, errors);
      if (errors.email) throw fail(400, errors.email, errors);
      const user = await repository.findUserByEmail(normalizeEmail(email));
      if (user) {
        const { token, hash } = newLinkToken();
        const at = now();
        await repository.issueToken(
          user.id,
          {
            purpose: 'reset_password',
            tokenHash: hash,
            expiresAt: new Date(at.getTime() + RESET_PASSWORD_TTL_MS),
          },
          at,
        );
        const link = resetLink(token);
        mailer.sendInBackground({
          to: user.email,
          ...passwordResetMail(user.first_name, link, RESET_PASSWORD_TTL_MS / 60_000),
          link,
          kind: 'reset-password',
        });
      }
      return { message: AUTH_MESSAGES.forgotAccepted };
    },

    /**
     * `PATCH /auth/reset-password/:token {password, passwordConfirm}`: sets the new password,
     * which also ends every session issued before (JWT check), and uses the link.
     * @throws HttpError 400 for an unknown/used/superseded/expired link (message says which) or
     *   invalid passwords (spec 5 messages per field)
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
      const errors: FieldErrors = {};
      checkPasswords(password, passwordConfirm, errors);
      if (Object.keys(errors).length > 0) throw fail(400, firstError(errors), errors);
      const passwordHash = await argonHash(password as string);
      if (!(await repository.resetPassword(row.id, passwordHash, now())))
        throw fail(400, AUTH_MESSAGES.resetUsed);
      return { message: AUTH_MESSAGES.resetSuccess };
    },

    /**
     * The user of a verified JWT's claims, for `app.authenticate`.
     * @throws HttpError 401 when the user is gone or the token predates the last password change
     */
    async sessionUser(claims: SessionClaims): Promise<UserRow> {
      const user =
        typeof claims.sub === 'string' && isUuid(claims.sub)
          ? await repository.findUserById(claims.sub)
          : undefined;
      if (!user) throw fail(401, AUTH_MESSAGES.userGone);
      const changedMs = user.password_changed_at.getTime();
      const stale =
        typeof claims.pca === 'number'
          ? claims.pca < changedMs
          : typeof claims.iat !== 'number' || claims.iat < Math.floor(changedMs / 1000);
      if (stale) throw fail(401, AUTH_MESSAGES.passwordChanged);
      return user;
    },
  };
}
