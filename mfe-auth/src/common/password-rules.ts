/**
 * Password and confirmation rules shared by the signup and reset-password forms (docs/product.md §5
 * "Signup": password required, at least 4 characters; confirmation required and equal, re-checked
 * when either changes), with the spec's messages and the hints of docs/product.md §2; plus the rules of
 * ADR 0011 (not common; not containing the name or e-mail of the form's other fields),
 * checked with the lazily loaded dictionaries of `@campus/shared`'s password policy (the API
 * checks the same rules, also when the dictionaries could not be loaded here).
 */
import {
  loadPasswordChecker,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PersonalInfo,
} from '@campus/shared';
import * as yup from 'yup';
import { PASSWORD_MESSAGES } from './password-messages';

export { PASSWORD_HINTS, PASSWORD_MESSAGES } from './password-messages';

const filled = (value: string | undefined) => Boolean(value?.trim());

/** Password + confirmation rules, shared with the reset-password form. */
export const passwordRules = {
  password: yup
    .string()
    .default('')
    .test('required', PASSWORD_MESSAGES.passwordRequired, filled)
    .test(
      'min',
      PASSWORD_MESSAGES.passwordTooShort,
      (value) => !filled(value) || value!.length >= PASSWORD_MIN_LENGTH,
    )
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
    .test('policy', async function policy(value) {
      if (!filled(value) || value!.length < PASSWORD_MIN_LENGTH) return true;
      const problem = await passwordProblem(value!, this.parent as PersonalInfo);
      return problem ? this.createError({ message: problem }) : true;
    }),
  passwordConfirm: yup
    .string()
    .default('')
    .test('required', PASSWORD_MESSAGES.passwordConfirmRequired, filled)
    .test(
      'match',
      PASSWORD_MESSAGES.passwordsMustMatch,
      (value, context) => value === context.parent.password,
    ),
};

/**
 * The first password-policy rule `password` breaks against `personal` (the form's names and
 * e-mail), or null; also null when the dictionaries cannot be loaded (the API still checks).
 */
export async function passwordProblem(password: string, personal: PersonalInfo): Promise<string | null> {
  try {
    return (await loadPasswordChecker()).problem(password, personal);
  } catch {
    return null;
  }
}
