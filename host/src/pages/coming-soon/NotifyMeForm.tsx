import {
  apiClient,
  apiErrorMessage,
  apiFieldErrors,
  fieldProps,
  OutlinedField,
  useFocusFirstError,
  useSnackbar,
} from '@campus/shared';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { CONTACT_LIMITS, emailSchema } from '../contact/schemas';

export const NOTIFY_SEND_FAILED = 'We could not save your e-mail. Check your connection and try again.';

const schema = yup.object({ email: emailSchema });
const ORDER = ['email'] as const;
const ID = 'notify';

/** `POST /api/v1/subscribers {email}`; resolves to the server's confirmation (repeats are accepted). */
export async function subscribe(email: string): Promise<string> {
  const answer = await apiClient.call('POST /subscribers', {
    body: { email: email.trim() },
    redirectOnError: false,
  });
  return answer?.message || "Thanks! We'll e-mail you when we launch.";
}

/**
 * The 'Notify Me' form of the Coming Soon page (docs/product.md §2; §5 "Notify Me: email required"):
 * one e-mail field, stored through the API; a success notice and the field clears.
 */
export function NotifyMeForm() {
  const { enqueueSnackbar } = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      setServerError(null);
      try {
        enqueueSnackbar(await subscribe(values.email), { variant: 'success' });
        helpers.resetForm();
      } catch (error) {
        const fields = apiFieldErrors(error);
        if (fields.email) helpers.setErrors({ email: fields.email });
        setServerError(apiErrorMessage(error, NOTIFY_SEND_FAILED));
      }
    },
  });
  useFocusFirstError(formik, ORDER, ID);
  const busy = formik.isSubmitting;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-labelledby="notify-heading"
      sx={{ maxWidth: 520 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <OutlinedField
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...fieldProps(formik, 'email', ID)}
          sx={{ flex: '1 1 14rem' }}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.email, inputMode: 'email' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ minHeight: 56 }}
        >
          Notify Me
        </Button>
      </Box>
      {serverError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverError}
        </Alert>
      ) : null}
    </Box>
  );
}
