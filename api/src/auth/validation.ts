/**
 * Server-side checks of the account forms with the exact messages of docs/product.md §5 ("Signup" table),
 * so a client that skips the browser checks gets the same words. Pure functions: they return
 * `{field: message}` (first failing rule per field), empty when valid.
 */

import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  UNIVERSITY_COUNTRY,
  WHATSAPP_PATTERN,
} from '@campus/shared/constants';
import type { SignupBody } from '@campus/shared/contract';
import type { PasswordChecker, PersonalInfo } from '@campus/shared/password-policy';
import { VALIDATION_MESSAGES } from '@campus/shared/validation-messages';
import { isUniversityInCountry, universitiesByCountry } from '../universities/universities.ts';

/**
 * The docs/product.md §5 messages: the site's own (`@campus/shared/validation-messages`, one module for the
 * forms and this API), plus the name-length bounds of ours.
 */
export const MESSAGES = {
  ...VALIDATION_MESSAGES,
  firstNameTooLong: `First name must be at most ${NAME_MAX_LENGTH} characters long`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX_LENGTH} characters long`,
} as const;

export type FieldErrors = Record<string, string>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Lower-cased, trimmed e-mail (the form accounts are looked up by). */
export const normalizeEmail = (value: unknown): string => text(value).trim().toLowerCase();

/** Checks an e-mail address; `errors.email` on failure. */
export function checkEmail(value: unknown, errors: FieldErrors): void {
  const email = normalizeEmail(value);
  if (email === '') errors.email = MESSAGES.emailRequired;
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    errors.email = MESSAGES.emailInvalid;
}

/** Checks a first or last name (required after trimming, bounded length). */
function checkName(field: 'firstName' | 'lastName', value: unknown, errors: FieldErrors): void {
  const name = text(value).trim();
  if (name === '')
    errors[field] = field === 'firstName' ? MESSAGES.firstNameRequired : MESSAGES.lastNameRequired;
  else if (name.length > NAME_MAX_LENGTH) {
    errors[field] = field === 'firstName' ? MESSAGES.firstNameTooLong : MESSAGES.lastNameTooLong;
  }
}

/** WhatsApp: 254 followed by exactly 9 digits (docs/product.md §5, §9). Surrounding spaces are ignored. */
function checkWhatsApp(value: unknown, errors: FieldErrors): void {
  const number = text(value).trim();
  if (number === '') errors.whatsApp = MESSAGES.whatsAppRequired;
  else if (!WHATSAPP_PATTERN.test(number)) errors.whatsApp = MESSAGES.whatsAppInvalid;
}

/** University: a whole name of the KE entries of the reference list (docs/product.md §5 "picked from the list"). */
function checkUniversity(value: unknown, errors: FieldErrors): void {
  if (!isUniversityInCountry(text(value), UNIVERSITY_COUNTRY))
    errors.university = MESSAGES.universityRequired;
}

/** The rules of ADR 0011 on top of docs/product.md §5: the checker and whose details to refuse. */
export interface PasswordPolicy {
  checker: PasswordChecker;
  personal: PersonalInfo;
}

/**
 * Password and confirmation (docs/product.md §5): required (non-empty after trimming), at least 4 characters
 * (counted untrimmed: spaces inside a password are kept), confirmation equal. With `policy`, also
 * neither common nor containing the user's name or e-mail (ADR 0011;
 * `@campus/shared/password-policy` messages).
 */
export function checkPasswords(
  password: unknown,
  passwordConfirm: unknown,
  errors: FieldErrors,
  policy?: PasswordPolicy,
): void {
  const pw = text(password);
  const confirm = text(passwordConfirm);
  const problem = policy?.checker.problem(pw, policy.personal);
  if (pw.trim() === '') errors.password = MESSAGES.passwordRequired;
  else if (pw.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort;
  else if (pw.length > PASSWORD_MAX_LENGTH) errors.password = MESSAGES.passwordTooLong;
  else if (problem) errors.password = problem;
  if (confirm.trim() === '') errors.passwordConfirm = MESSAGES.passwordConfirmRequired;
  else if (confirm !== pw) errors.passwordConfirm = MESSAGES.passwordsMustMatch;
}

/** Raw signup body (docs/product.md §3 "Signup payload"): the contract's fields, any value (checked here). */
export type SignupInput = { [K in keyof SignupBody]?: unknown };

/** The signup payload after validation and normalization. */
export interface ValidSignup {
  firstName: string;
  lastName: string;
  email: string;
  whatsApp: string;
  university: string;
  password: string;
}

/**
 * Validates a signup payload with every rule of docs/product.md §5 (and, given `checker`, the password
 * rules of ADR 0011 against the payload's names and e-mail).
 * @returns `{ errors }` (one message per failing field, in form order) or `{ value }`
 */
export function validateSignup(
  input: SignupInput,
  checker?: PasswordChecker,
): { errors: FieldErrors } | { value: ValidSignup } {
  const errors: FieldErrors = {};
  checkName('firstName', input.firstName, errors);
  checkName('lastName', input.lastName, errors);
  checkEmail(input.email, errors);
  checkWhatsApp(input.whatsApp, errors);
  checkUniversity(input.university, errors);
  const personal = {
    email: text(input.email),
    firstName: text(input.firstName),
    lastName: text(input.lastName),
  };
  checkPasswords(input.password, input.passwordConfirm, errors, checker ? { checker, personal } : undefined);
  if (Object.keys(errors).length > 0) return { errors };
  return {
    value: {
      firstName: text(input.firstName).trim(),
      lastName: text(input.lastName).trim(),
      email: normalizeEmail(input.email),
      whatsApp: text(input.whatsApp).trim(),
      university: canonicalUniversity(text(input.university)),
      password: text(input.password),
    },
  };
}

/** Profile fields of `PATCH /users/updateMe` (any subset). */
export interface ProfileInput {
  firstName?: unknown;
  lastName?: unknown;
  whatsApp?: unknown;
  university?: unknown;
}

export interface ValidProfile {
  firstName?: string;
  lastName?: string;
  whatsApp?: string;
  university?: string;
}

/**
 * Validates the fields present in a profile update with the signup rules (an absent field is
 * left unchanged; a present but empty one is "required").
 */
export function validateProfile(input: ProfileInput): { errors: FieldErrors } | { value: ValidProfile } {
  const errors: FieldErrors = {};
  const value: ValidProfile = {};
  if (input.firstName !== undefined) checkName('firstName', input.firstName, errors);
  if (input.lastName !== undefined) checkName('lastName', input.lastName, errors);
  if (input.whatsApp !== undefined) checkWhatsApp(input.whatsApp, errors);
  if (input.university !== undefined) checkUniversity(input.university, errors);
  if (Object.keys(errors).length > 0) return { errors };
  if (input.firstName !== undefined) value.firstName = text(input.firstName).trim();
  if (input.lastName !== undefined) value.lastName = text(input.lastName).trim();
  if (input.whatsApp !== undefined) value.whatsApp = text(input.whatsApp).trim();
  if (input.university !== undefined) value.university = canonicalUniversity(text(input.university));
  return { value };
}

let canonical: Map<string, string> | undefined;

/** The list's own spelling of a university name matched case-insensitively (trimmed). */
function canonicalUniversity(name: string): string {
  canonical ??= new Map(universitiesByCountry(UNIVERSITY_COUNTRY).map((u) => [u.name.toLowerCase(), u.name]));
  const trimmed = name.trim();
  return canonical.get(trimmed.toLowerCase()) ?? trimmed;
}
