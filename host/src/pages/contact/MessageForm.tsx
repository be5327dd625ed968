import { apiErrorMessage, apiFieldErrors, useSnackbar } from '@campus/shared';
import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { fieldProps, useFocusFirstError } from '../common/form-helpers';
import { sendMessage } from './api';
import { CONTACT_LIMITS, type MessageValues, messageSchema } from './schemas';

const EMPTY: MessageValues = { name: '', email: '', subject: '', message: '' };
const ORDER = ['name', 'email', 'subject', 'message'] as const;
const ID = 'message';
export const MESSAGE_SEND_FAILED = 'Your message could not be sent. Check your connection and try again.';

/**
 * The Contact Us message form (spec 2, spec 3 "Message form"): name, email, subject, message.
 * Validated with yup on blur and submit; sent to `POST /api/v1/messages`; on success a notice
 * and the form clears; on failure the server's message shows above the button.
 */
export function MessageForm() {
  const { enqueueSnackbar } = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const formik = useFormik<MessageValues>({
    initialValues: EMPTY,
    validationSchema: messageSchema,
    onSubmit: async (values, helpers) => {
      setServerError(null);
      try {
        const message = await sendMessage(values);
        enqueueSnackbar(message, { variant: 'success' });
        helpers.resetForm();
      } catch (error) {
        const fields = apiFieldErrors(error);
        const known = Object.fromEntries(Object.entries(fields).filter(([key]) => key in EMPTY));
        helpers.setErrors(known);
        setServerError(apiErrorMessage(error, MESSAGE_SEND_FAILED));
      }
    },
  });
  useFocusFirstError(formik, ORDER, ID);
  const busy = formik.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="contact-form-heading">
      <Stack spacing={2}>
        <TextField
          label="Name"
          required
          autoComplete="name"
          fullWidth
          {...fieldProps(formik, 'name', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          fullWidth
          {...fieldProps(formik, 'email', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.email, inputMode: 'email' } }}
        />
        <TextField
          label="Subject"
          required
          fullWidth
          {...fieldProps(formik, 'subject', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }}
        />
        <TextField
          label="Message"
          required
          multiline
          minRows={5}
          fullWidth
          {...fieldProps(formik, 'message', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message } }}
        />
        {serverError ? <Alert severity="error">{serverError}</Alert> : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {busy ? 'Sending...' : 'Send Message'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
