/**
 * The login and signup forms' messages, hints and values (docs/product.md §5, §2 "Signup form"), apart from
 * their yup schemas (`validation.ts`, loaded with the first validation: docs/product.md §23).
 */
import { VALIDATION_HINTS, VALIDATION_MESSAGES } from '@campus/shared';
import type { SignupBody } from '@campus/shared/contract';
import { PASSWORD_HINTS, PASSWORD_MESSAGES } from '../common/password-messages';

export const LOGIN_MESSAGES = {
  required: VALIDATION_MESSAGES.valueRequired,
  email: VALIDATION_MESSAGES.valueNotEmail,
  minLength: VALIDATION_MESSAGES.valueTooShort,
} as const;

export const SIGNUP_MESSAGES = {
  firstName: VALIDATION_MESSAGES.firstNameRequired,
  lastName: VALIDATION_MESSAGES.lastNameRequired,
  emailRequired: VALIDATION_MESSAGES.emailRequired,
  emailInvalid: VALIDATION_MESSAGES.emailInvalid,
  whatsAppRequired: VALIDATION_MESSAGES.whatsAppRequired,
  whatsAppInvalid: VALIDATION_MESSAGES.whatsAppInvalid,
  university: VALIDATION_MESSAGES.universityRequired,
  ...PASSWORD_MESSAGES,
} as const;

/** Hints shown under fields (docs/product.md §2 "Signup form"). */
export const SIGNUP_HINTS = {
  whatsApp: VALIDATION_HINTS.whatsApp,
  ...PASSWORD_HINTS,
} as const;

/** The signup form's values (`signupSchema`'s fields): the contract's signup body, every field a string. */
export type SignupValues = Required<SignupBody>;
