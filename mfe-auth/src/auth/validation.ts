/**
 * The form rules of docs/product.md §5 with their exact messages (yup schemas for formik).
 * - Login: required means non-empty after trimming; validation runs on submit.
 * - Signup: every rule of the "Signup" table; the university only counts once picked.
 */
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  WHATSAPP_PATTERN,
} from '@campus/shared';
import * as yup from 'yup';
import { passwordRules } from '../common/password-rules';
import { LOGIN_MESSAGES, SIGNUP_MESSAGES } from './messages';

export { LOGIN_MESSAGES, SIGNUP_HINTS, SIGNUP_MESSAGES, type SignupValues } from './messages';

const filled = (value: string | undefined) => Boolean(value?.trim());

/** Login form (docs/product.md §5 "Login"). */
export const loginSchema = yup.object({
  email: yup
    .string()
    .default('')
    .test('required', LOGIN_MESSAGES.required, filled)
    .test('email', LOGIN_MESSAGES.email, (value) => !filled(value) || EMAIL_PATTERN.test(value!.trim())),
  password: yup
    .string()
    .default('')
    .test('required', LOGIN_MESSAGES.required, filled)
    .test('min', LOGIN_MESSAGES.minLength, (value) => !filled(value) || value!.length >= PASSWORD_MIN_LENGTH),
});

/** Signup form (docs/product.md §5 "Signup"). `university` holds a name only once picked from the list. */
export const signupSchema = yup.object({
  firstName: yup
    .string()
    .default('')
    .test('required', SIGNUP_MESSAGES.firstName, filled)
    .max(NAME_MAX_LENGTH, `First name must be at most ${NAME_MAX_LENGTH} characters long`),
  lastName: yup
    .string()
    .default('')
    .test('required', SIGNUP_MESSAGES.lastName, filled)
    .max(NAME_MAX_LENGTH, `Last name must be at most ${NAME_MAX_LENGTH} characters long`),
  email: yup
    .string()
    .default('')
    .test('required', SIGNUP_MESSAGES.emailRequired, filled)
    .test(
      'email',
      SIGNUP_MESSAGES.emailInvalid,
      (value) =>
        !filled(value) || (value!.trim().length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value!.trim())),
    ),
  whatsApp: yup
    .string()
    .default('')
    .test('required', SIGNUP_MESSAGES.whatsAppRequired, filled)
    .test(
      'pattern',
      SIGNUP_MESSAGES.whatsAppInvalid,
      (value) => !filled(value) || WHATSAPP_PATTERN.test(value!.trim()),
    ),
  university: yup.string().default('').test('picked', SIGNUP_MESSAGES.university, filled),
  ...passwordRules,
});
