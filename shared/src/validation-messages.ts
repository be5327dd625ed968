/**
 * The spec's validation messages (docs/product.md §5 "Signup", "Contact forms"; docs/product.md §2 for the hints), written
 * once for every form of the front end and, through `@campus/shared/validation-messages`, for the
 * API's own checks. Keep the texts exact: tests and users see them word for word.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Messages of a field that fails a rule. */
export const VALIDATION_MESSAGES = {
  /** Login (docs/product.md §5 "Login"): the three generic messages. */
  valueRequired: 'Value is required',
  valueNotEmail: 'Value is not a valid email address',
  valueTooShort: `This field should be at least ${PASSWORD_MIN_LENGTH} characters long`,
  /** Signup, contact forms, settings (docs/product.md §5). */
  nameRequired: 'Name is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  whatsAppRequired: 'WhatsApp number is required',
  whatsAppInvalid: 'Please enter a valid WhatsApp number (e.g., 254 followed by 9 digits)',
  universityRequired: 'Please select your university',
  passwordCurrentRequired: 'Please enter your current password',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordConfirmRequired: 'Please confirm your password',
  passwordsMustMatch: 'Passwords must match',
  /** Course codes of a textbook (docs/product.md §31; `course-codes.ts`). */
  courseCodeInvalid: (typed: string) =>
    `"${typed.slice(0, 20)}" is not a course code: use 2 to 4 letters then 3 or 4 digits, e.g. SCH 2101`,
  courseCodesTooMany: 'Please enter at most 5 course codes',
  courseCodesTextbooksOnly: 'Course codes are only for the Textbooks and Study Materials category',
  courseFilterInvalid: 'course must be a course code: 2 to 4 letters then 3 or 4 digits, e.g. SCH2101',
} as const;

/** Always-visible hints under fields, and the live password-confirmation line (docs/product.md §2). */
export const VALIDATION_HINTS = {
  whatsApp: 'Please enter your number in the format: 254 followed by 9 digits',
  password: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordsMatch: 'Passwords match',
  passwordsDiffer: 'Passwords do not match',
} as const;
