import {
  apiErrorMessage,
  apiFieldErrors,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  networkErrorMessage,
  OutlinedField,
  shownError,
  TOAST_DURATION_MS,
  TOP_CENTER,
  useSnackbar,
  useToastAnchor,
  validateWithSchema,
} from '@campus/shared';
import { Box, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { type ChangeEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormMessage } from '../../common/components/FormMessage';
import { NewPasswordFields } from '../../common/components/NewPasswordFields';
import { SubmitButton } from '../../common/components/SubmitButton';
import { signup } from '../api/signup';
import { useUniversities } from '../hooks/useUniversities';
import { SIGNUP_HINTS, SIGNUP_MESSAGES, type SignupValues } from '../messages';
import { UniversityPicker } from './UniversityPicker';

/** docs/product.md §8 texts. */
export const SIGNUP_SUCCESS = 'Registered successfully. Please check your email to verify your account.';
export const SIGNUP_FAILED = 'An error occurred during registration';

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  whatsApp: '',
  university: '',
  password: '',
  passwordConfirm: '',
};

/**
 * The signup form (docs/product.md §2 "Signup form", docs/product.md §4 "Signup form", docs/product.md §5 "Signup", docs/product.md §8).
 *
 * Every field of the docs/product.md §3 payload with its docs/product.md §5 rule; a field's message shows once it was
 * left (the WhatsApp number is checked on each keystroke). The button ('Sign Up', 'Processing...'
 * while submitting) stays disabled until the whole form is valid. On success a 5 s top-center
 * notice and the Check Your Inbox page (with the e-mail in the router state and `?email=`); on
 * failure the server's message in red under the form, or 'An error occurred during registration'.
 */
export function SignupForm() {
  const { enqueueSnackbar } = useSnackbar();
  // docs/product.md §9: top-center for 5 s; at the bottom below 768 px (docs/product.md §21.4).
  const anchorOrigin = useToastAnchor(TOP_CENTER);
  const navigate = useNavigate();
  const universities = useUniversities();
  const [serverError, setServerError] = useState<string | null>(null);

  const formik = useFormik<SignupValues>({
    initialValues: EMPTY,
    // The yup schema (and yup) arrive with the first change, blur or submit (docs/product.md §23).
    validate: validateWithSchema<SignupValues>(() =>
      import('../validation').then((module) => module.signupSchema),
    ),
    // Invalid until the first validation (the button stays disabled): the form starts empty.
    initialErrors: { firstName: SIGNUP_MESSAGES.firstName },
    onSubmit: async (values, helpers) => {
      setServerError(null);
      const email = values.email.trim();
      try {
        await signup({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email,
          whatsApp: values.whatsApp.trim(),
          university: values.university,
          password: values.password,
          passwordConfirm: values.passwordConfirm,
        });
        enqueueSnackbar(SIGNUP_SUCCESS, {
          variant: 'success',
          autoHideDuration: TOAST_DURATION_MS,
          anchorOrigin,
        });
        await navigate(`/check-inbox?email=${encodeURIComponent(email)}`, { state: { email } });
      } catch (error) {
        setServerError(networkErrorMessage(error) ?? apiErrorMessage(error, SIGNUP_FAILED));
        const fieldErrors = apiFieldErrors(error);
        const known = Object.keys(fieldErrors).filter((field) => field in EMPTY);
        if (known.length > 0) {
          helpers.setErrors(Object.fromEntries(known.map((field) => [field, fieldErrors[field]])));
          helpers.setTouched(Object.fromEntries(known.map((field) => [field, true])), false);
        }
      }
    },
  });

  const { values, isSubmitting, isValid } = formik;
  const shown = (field: keyof SignupValues) => shownError(formik, field);

  const textField = (field: 'firstName' | 'lastName' | 'email', label: string, extra: object = {}) => (
    <OutlinedField
      id={`signup-${field}`}
      name={field}
      label={label}
      fullWidth
      value={values[field]}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={Boolean(shown(field))}
      helperText={shown(field)}
      {...extra}
    />
  );

  const onWhatsAppChange = (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => {
    // Checked on each keystroke (docs/product.md §5): mark it touched so its message shows while typing.
    void formik.setFieldTouched('whatsApp', true, false);
    formik.handleChange(event);
  };

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Sign up" sx={{ mt: 3 }}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {textField('firstName', 'First Name', {
            autoComplete: 'given-name',
            slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH, 'aria-required': true } },
          })}
          {textField('lastName', 'Last Name', {
            autoComplete: 'family-name',
            slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH, 'aria-required': true } },
          })}
        </Box>
        {textField('email', 'Email', {
          type: 'email',
          autoComplete: 'email',
          slotProps: { htmlInput: { maxLength: EMAIL_MAX_LENGTH, 'aria-required': true } },
        })}
        <div>
          <OutlinedField
            id="signup-whatsApp"
            name="whatsApp"
            label="WhatsApp Number"
            fullWidth
            type="tel"
            autoComplete="tel"
            placeholder="254712345678"
            value={values.whatsApp}
            onChange={onWhatsAppChange}
            onBlur={formik.handleBlur}
            error={Boolean(shown('whatsApp'))}
            helperText={shown('whatsApp')}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                'aria-required': true,
                maxLength: 20,
                'aria-describedby': [
                  'signup-whatsApp-hint',
                  shown('whatsApp') ? 'signup-whatsApp-helper-text' : '',
                ]
                  .filter(Boolean)
                  .join(' '),
              },
            }}
          />
          <Typography
            id="signup-whatsApp-hint"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', mx: 1.75, mt: 0.5 }}
          >
            {SIGNUP_HINTS.whatsApp}
          </Typography>
        </div>
        <UniversityPicker
          id="signup-university"
          label="University"
          value={values.university}
          onChange={(name) => void formik.setFieldValue('university', name)}
          onBlur={() => void formik.setFieldTouched('university', true)}
          options={universities.universities}
          loading={universities.loading}
          loadError={universities.error}
          onRetry={universities.retry}
          error={Boolean(shown('university'))}
          helperText={shown('university')}
        />
        <NewPasswordFields
          formik={formik}
          idPrefix="signup"
          passwordLabel="Password"
          confirmLabel="Confirm Password"
          personal={{ email: values.email, firstName: values.firstName, lastName: values.lastName }}
        />
        <SubmitButton busy={isSubmitting} disabled={!isValid} label="Sign Up" busyLabel="Processing..." />
      </Stack>
      <FormMessage message={serverError} />
    </Box>
  );
}
