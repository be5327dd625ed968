/**
 * Accounts for the journeys that need one, made through the real account API and the real mail:
 * unique e-mails per run, signup, the verification link from the local SMTP server, login.
 */
import { randomBytes } from 'node:crypto';
import type { AnswerOf } from '@campus/shared/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { admittedGet, NAVIGATION_HEADERS } from './api';
import { extractLink, waitForMail } from './mailbox';

export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  whatsApp: string;
  password: string;
  university: string;
}

/** What `POST /auth/login` answers: the JWT and the user (docs/product.md §3 "User"; the contract's type). */
export type Session = Pick<AnswerOf<'POST /auth/login'>, 'token' | 'user'>;

/** The moderator of the e2e run (ADMIN_EMAILS, docs/product.md §19): signing up with it gives role admin. */
export const E2E_ADMIN_EMAIL = 'moderator@e2e.example.com';
/** A second moderator, for the scam-signals journey (docs/product.md §29): each spec signs up its own. */
export const E2E_SIGNALS_ADMIN_EMAIL = 'signals-moderator@e2e.example.com';

/** Subject of the verification mail. */
export const VERIFY_SUBJECT = /verify/i;
/** Subject of the password-reset mail. */
export const RESET_SUBJECT = /reset/i;

/** A fresh account with a unique e-mail (`label` shows up in the address for debugging). */
export function newAccount(label: string, university = ''): TestAccount {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    firstName: 'Wanjiru',
    lastName: `Kamau ${label}`,
    email: `e2e-${label}-${id}@students.example.com`,
    whatsApp: `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    // No run of 3 letters: it cannot contain a piece of the e-mail or the names (ADR 0011).
    password: `Zq9-Xw8-Vy7-${randomBytes(2).readUInt16BE(0)}`,
    university,
  };
}

/** Names of the Kenyan universities the signup picker offers (`GET /universities?country=KE`). */
export async function kenyanUniversities(request: APIRequestContext): Promise<string[]> {
  const response = await admittedGet(request, '/api/v1/universities?country=KE');
  if (!response.ok()) throw new Error(`GET /universities answered ${response.status()}`);
  const body = (await response.json()) as { data: { universities: { name: string }[] } };
  return body.data.universities.map((university) => university.name);
}

/** Logs in through the API; throws with the server's message when refused. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  const body = (await response.json()) as Session & { message?: string };
  if (!response.ok()) throw new Error(`login of ${email} answered ${response.status()}: ${body.message}`);
  return { token: body.token, user: body.user };
}

/**
 * Signs up through the API, follows the verification link from the mail, logs in.
 * @param overrides fields to use instead of the generated ones (e.g. an e-mail on a university's
 *   domain, or one listed in ADMIN_EMAILS)
 * @returns the account and its session
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  label: string,
  overrides: Partial<TestAccount> = {},
): Promise<{ account: TestAccount; session: Session }> {
  const [university] = await kenyanUniversities(request);
  const account = { ...newAccount(label, university), ...overrides };
  const signup = await request.post('/api/v1/auth/signup', {
    data: { ...account, passwordConfirm: account.password },
  });
  if (signup.status() !== 201) throw new Error(`signup answered ${signup.status()}: ${await signup.text()}`);
  const mail = await waitForMail(account.email, VERIFY_SUBJECT);
  // Followed as a browser follows the link in the mail: a navigation (never shed, ADR 0030).
  const verify = await request.get(extractLink(mail, '/api/v1/auth/verify-email/'), {
    maxRedirects: 0,
    headers: NAVIGATION_HEADERS,
  });
  const location = verify.headers().location ?? '';
  if (!location.includes('status=success')) throw new Error(`verification redirected to '${location}'`);
  return { account, session: await apiLogin(request, account.email, account.password) };
}

/**
 * Stores a session where the site keeps it (localStorage `jwt` and `user`, docs/product.md §3) on the
 * current origin. The page must already be on the site; the app reads it on its next load.
 */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('jwt', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}
