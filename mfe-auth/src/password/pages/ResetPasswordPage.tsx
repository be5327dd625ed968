import { apiErrorMessage, apiFieldErrors, usePageMeta, useSnackbar } from '@campus/shared';
import { Alert, Box, Button, Container, Link, Paper, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import * as yup from 'yup';
import { FormMessage } from '../../common/components/FormMessage';
import { NewPasswordFields } from '../../common/components/NewPasswordFields';
import { SubmitButton } from '../../common/components/SubmitButton';
import { PASSWORD_MESSAGES, passwordRules } from '../../common/password-rules';
import { resetPassword } from '../api/reset-password';

export const RESET_FAILED = 'We could not reset your password. Please try again.';

const schema = yup.object(passwordRules);

/**
 * Reset your password (route /reset-password/{token}; content not in the spec): new password and
 * confirmation with the signup rules (show/hide toggles, the 4-character hint, the strength meter
 * and the common-password rule of ADR 0011, the live match line), 'Reset Password' ('Resetting...'). Success shows the server's message and a 'Log in'
 * button; a refused link (unknown, used, replaced, expired) shows the server's message and a link
 * to request a new one.
 */
export default function ResetPasswordPage() {
  usePageMeta('Reset your password', 'Choose a new password for your Campus Soko account.');
  const { token = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { password: '', passwordConfirm: '' },
    validationSchema: schema,
    validateOnMount: true,
    // Invalid from the first render (validateOnMount's result arrives a tick later).
    initialErrors: { password: PASSWORD_MESSAGES.passwordRequired },
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const message = await resetPassword(token, values.password, values.passwordConfirm);
        setDone(message);
        enqueueSnackbar('Password reset successfully', { variant: 'success' });
      } catch (error) {
        const fields = apiFieldErrors(error);
        if (fields.password || fields.passwordConfirm) helpers.setErrors(fields);
        setFailure(apiErrorMessage(error, RESET_FAILED));
      }
    },
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h1">Reset your password</Typography>
        {done ? (
          <>
            <Alert severity="success" sx={{ mt: 3 }} role="status">
              {done}
            </Alert>
            <Button component={RouterLink} to="/auth?mode=login" variant="contained" sx={{ mt: 3 }}>
              Log in
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Choose a new password for your account. You will then log in with it.
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={formik.handleSubmit}
              aria-label="Reset password"
              sx={{ mt: 3 }}
            >
              <Stack spacing={2.5}>
                <NewPasswordFields
                  formik={formik}
                  idPrefix="reset"
                  passwordLabel="New Password"
                  confirmLabel="Confirm New Password"
                />
                <SubmitButton
                  busy={formik.isSubmitting}
                  disabled={!formik.isValid}
                  label="Reset Password"
                  busyLabel="Resetting..."
                />
              </Stack>
              <FormMessage message={failure} />
              {failure ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  <Link component={RouterLink} to="/forgot-password">
                    Request a new reset link
                  </Link>
                </Typography>
              ) : null}
            </Box>
          </>
        )}
      </Paper>
    </Container>
  );
}
