import { TextField } from '@campus/mui-overlays';
import {
  apiErrorMessage,
  apiFieldErrors,
  loadPasswordChecker,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PasswordStrengthMeter,
  type PersonalInfo,
  setSession,
  shownError,
  type User,
  useSnackbar,
  VALIDATION_MESSAGES,
} from '@campus/shared';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { changePassword } from '../api/settings-api';

export const PASSWORD_CHANGED = 'Password changed. Your other devices have been logged out.';
export const PASSWORD_CHANGE_FAILED = 'Your password could not be changed. Please try again.';

/** The messages of the password rules (docs/product.md §5, as on signup; the API answers the same). */
export const CHANGE_PASSWORD_MESSAGES = {
  passwordCurrentRequired: VALIDATION_MESSAGES.passwordCurrentRequired,
  passwordRequired: VALIDATION_MESSAGES.passwordRequired,
  passwordTooShort: VALIDATION_MESSAGES.passwordTooShort,
  passwordTooLong: VALIDATION_MESSAGES.passwordTooLong,
  passwordConfirmRequired: VALIDATION_MESSAGES.passwordConfirmRequired,
  passwordsMustMatch: VALIDATION_MESSAGES.passwordsMustMatch,
} as const;

interface Values {
  passwordCurrent: string;
  password: string;
  passwordConfirm: string;
}

const EMPTY: Values = { passwordCurrent: '', password: '', passwordConfirm: '' };
const filled = (value: string | undefined) => Boolean(value?.trim());

/**
 * The rules of the form: the current password is required; the new one follows docs/product.md §5 (at least
 * 4 characters) and ADR 0011 (not common, not containing my name or e-mail: checked with
 * the lazily loaded dictionaries; the API checks again).
 */
function schemaFor(personal: PersonalInfo) {
  return yup.object({
    passwordCurrent: yup
      .string()
      .default('')
      .test('required', CHANGE_PASSWORD_MESSAGES.passwordCurrentRequired, (value) => Boolean(value)),
    password: yup
      .string()
      .default('')
      .test('required', CHANGE_PASSWORD_MESSAGES.passwordRequired, filled)
      .test(
        'min',
        CHANGE_PASSWORD_MESSAGES.passwordTooShort,
        (value) => !filled(value) || value!.length >= PASSWORD_MIN_LENGTH,
      )
      .max(PASSWORD_MAX_LENGTH, CHANGE_PASSWORD_MESSAGES.passwordTooLong)
      .test('policy', async function policy(value) {
        if (!filled(value) || value!.length < PASSWORD_MIN_LENGTH) return true;
        let problem: string | null = null;
        try {
          problem = (await loadPasswordChecker()).problem(value!, personal);
        } catch {
          // The dictionaries did not load: the API still applies the rule.
        }
        return problem ? this.createError({ message: problem }) : true;
      }),
    passwordConfirm: yup
      .string()
      .default('')
      .test('required', CHANGE_PASSWORD_MESSAGES.passwordConfirmRequired, filled)
      .test(
        'match',
        CHANGE_PASSWORD_MESSAGES.passwordsMustMatch,
        (value, context) => value === context.parent.password,
      ),
  });
}

/**
 * Change my password while signed in (ADR 0011): current password, new password (with the
 * strength meter) and its confirmation. Success stores the fresh session the API answers (this
 * device stays signed in; the others are logged out), clears the form and toasts; a wrong current
 * password or a refused new one shows the API's message under its field.
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const { enqueueSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);
  const personal: PersonalInfo = { email: user.email, firstName: user.firstName, lastName: user.lastName };

  const formik = useFormik<Values>({
    initialValues: EMPTY,
    validationSchema: schemaFor(personal),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const session = await changePassword(values);
        setSession(session);
        helpers.resetForm();
        enqueueSnackbar(PASSWORD_CHANGED, { variant: 'success' });
      } catch (error) {
        const fields = apiFieldErrors(error);
        const known = Object.keys(fields).filter((field) => field in EMPTY);
        if (known.length > 0) {
          helpers.setErrors(Object.fromEntries(known.map((field) => [field, fields[field]])));
          helpers.setTouched(Object.fromEntries(known.map((field) => [field, true])), false);
        } else {
          setFailure(apiErrorMessage(error, PASSWORD_CHANGE_FAILED));
        }
      }
    },
  });
  const { values } = formik;
  const shown = (field: keyof Values) => shownError(formik, field);
  const field = (name: keyof Values, label: string, autoComplete: string, describedBy?: string) => (
    <TextField
      id={`change-${name}`}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      fullWidth
      value={values[name]}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={Boolean(shown(name))}
      helperText={shown(name)}
      slotProps={{
        htmlInput: {
          'aria-required': true,
          ...(describedBy
            ? {
                'aria-describedby': [shown(name) ? `change-${name}-helper-text` : '', describedBy]
                  .join(' ')
                  .trim(),
              }
            : {}),
        },
      }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="change-password-title">
      <Typography id="change-password-title" variant="h6" component="h2" gutterBottom>
        Change password
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {field('passwordCurrent', 'Current Password', 'current-password')}
        <div>
          {field('password', 'New Password', 'new-password', 'change-password-strength-text')}
          <PasswordStrengthMeter
            id="change-password-strength-text"
            password={values.password}
            personal={personal}
          />
        </div>
        {field('passwordConfirm', 'Confirm New Password', 'new-password')}
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Changing...' : 'Change Password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
