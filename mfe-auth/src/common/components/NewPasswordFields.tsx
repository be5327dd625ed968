import { PasswordStrengthMeter, type PersonalInfo, shownError } from '@campus/shared';
import type { FormikProps } from 'formik';
import { PASSWORD_HINTS } from '../password-messages';
import { PasswordField } from './PasswordField';
import { PasswordMatchLine } from './PasswordMatchLine';

/** The values the block edits (docs/product.md §3 signup payload, reset-password payload). */
export interface NewPasswordValues {
  password: string;
  passwordConfirm: string;
}

/**
 * Choosing a new password, as on signup and on reset (docs/product.md §2 "Signup form", docs/product.md §5; §14
 * item 4; docs/product.md §21.3): the password with show/hide, the minimum-length hint and, once
 * something is typed, the strength meter (told the user's own words when `personal` is given);
 * then the confirmation with the ONE line under it (live match, or its validation message).
 * Field ids are `<idPrefix>-password` and `<idPrefix>-passwordConfirm`; errors follow the one
 * rule of @campus/shared (`shownError`: after the field was left or the form submitted).
 */
export function NewPasswordFields<V extends NewPasswordValues>({
  formik,
  idPrefix,
  passwordLabel,
  confirmLabel,
  personal,
}: {
  formik: FormikProps<V>;
  idPrefix: string;
  /** e.g. 'Password' (signup) or 'New Password' (reset). */
  passwordLabel: string;
  /** e.g. 'Confirm Password' (signup) or 'Confirm New Password' (reset). */
  confirmLabel: string;
  personal?: PersonalInfo;
}) {
  const { password, passwordConfirm } = formik.values;
  const passwordError = shownError(formik, 'password');
  const confirmError = shownError(formik, 'passwordConfirm');
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={passwordLabel}
        autoComplete="new-password"
        fullWidth
        slotProps={{ htmlInput: { 'aria-required': true } }}
        value={password}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(passwordError)}
        helperText={passwordError}
        hints={[
          { id: `${idPrefix}-password-hint`, content: PASSWORD_HINTS.password },
          // Only once something is typed: an empty meter would add nothing but a blank description.
          ...(password
            ? [
                {
                  id: `${idPrefix}-password-strength`,
                  content: (
                    <PasswordStrengthMeter
                      id={`${idPrefix}-password-strength-text`}
                      password={password}
                      {...(personal ? { personal } : {})}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <PasswordField
        id={`${idPrefix}-passwordConfirm`}
        name="passwordConfirm"
        label={confirmLabel}
        autoComplete="new-password"
        fullWidth
        slotProps={{ htmlInput: { 'aria-required': true } }}
        value={passwordConfirm}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(confirmError)}
        hints={[
          {
            id: `${idPrefix}-passwordConfirm-match`,
            content: <PasswordMatchLine password={password} confirm={passwordConfirm} error={confirmError} />,
          },
        ]}
      />
    </>
  );
}
