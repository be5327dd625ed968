import {
  apiErrorMessage,
  EMAIL_PATTERN,
  OutlinedField,
  usePageMeta,
  VALIDATION_MESSAGES,
} from '@campus/shared';
import { Alert, Box, Button, Container, Link, Paper, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import * as yup from 'yup';
import { BackToLogInLink } from '../../common/components/BackToLogInLink';
import { FormMessage } from '../../common/components/FormMessage';
import { SubmitButton } from '../../common/components/SubmitButton';
import { requestPasswordReset } from '../api/forgot-password';

export const FORGOT_FAILED = 'We could not send the reset link. Please try again.';

const schema = yup.object({
  email: yup
    .string()
    .default('')
    .test('required', VALIDATION_MESSAGES.emailRequired, (value) => Boolean(value?.trim()))
    .test(
      'email',
      VALIDATION_MESSAGES.emailInvalid,
      (value) => !value?.trim() || EMAIL_PATTERN.test(value.trim()),
    ),
});

/**
 * Forgot your password? (route /forgot-password; content not in the spec): an e-mail field and
 * 'Send Reset Link' ('Sending...' while it runs). Success replaces the form with the server's
 * message (the same whether or not the account exists) and a link back to login; a failure shows
 * the server's message, or a generic one, under the form.
 */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?', 'Get a link to choose a new Campus Soko password.');
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ email }) => {
      setFailure(null);
      try {
        setSent(await requestPasswordReset(email.trim()));
      } catch (error) {
        setFailure(apiErrorMessage(error, FORGOT_FAILED));
      }
    },
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h1">Forgot your password?</Typography>
        {sent ? (
          <>
            <Alert severity="success" sx={{ mt: 3 }} role="status">
              {sent}
            </Alert>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Open the link in the email to choose a new password. No email? Check your spam folder, or{' '}
              <Link
                component="button"
                type="button"
                onClick={() => setSent(null)}
                sx={{ verticalAlign: 'baseline' }}
              >
                send it again
              </Link>
              .
            </Typography>
            <Button component={RouterLink} to="/auth?mode=login" variant="contained" sx={{ mt: 3 }}>
              Back to Log in
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Enter the email address of your account and we will send you a link to choose a new password.
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={formik.handleSubmit}
              aria-label="Forgot password"
              sx={{ mt: 3 }}
            >
              <Stack spacing={2.5}>
                <OutlinedField
                  id="forgot-email"
                  name="email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  fullWidth
                  value={formik.values.email}
                  onChange={formik.handleChange}
                  error={Boolean(formik.errors.email)}
                  helperText={formik.errors.email}
                />
                <SubmitButton
                  busy={formik.isSubmitting}
                  disabled={!formik.values.email.trim()}
                  label="Send Reset Link"
                  busyLabel="Sending..."
                />
              </Stack>
              <FormMessage message={failure} />
            </Box>
            <BackToLogInLink />
          </>
        )}
      </Paper>
    </Container>
  );
}
