/**
 * The password fields' messages and hints (docs/product.md §5 "Signup", §2 "Signup form"), apart from the yup
 * rules of `password-rules.ts` so that a form's first view imports them without yup (docs/product.md §23).
 */
import { VALIDATION_HINTS, VALIDATION_MESSAGES } from '@campus/shared';

export const PASSWORD_MESSAGES = {
  passwordRequired: VALIDATION_MESSAGES.passwordRequired,
  passwordTooShort: VALIDATION_MESSAGES.passwordTooShort,
  passwordConfirmRequired: VALIDATION_MESSAGES.passwordConfirmRequired,
  passwordsMustMatch: VALIDATION_MESSAGES.passwordsMustMatch,
} as const;

/** Always-visible hint under the password, and the live confirmation line (docs/product.md §2). */
export const PASSWORD_HINTS = {
  password: VALIDATION_HINTS.password,
  passwordsMatch: VALIDATION_HINTS.passwordsMatch,
  passwordsDiffer: VALIDATION_HINTS.passwordsDiffer,
} as const;
