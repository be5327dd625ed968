import { apiErrorMessage, apiFieldErrors, useSnackbar } from '@campus/shared';
import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { fieldProps, useFocusFirstError } from '../common/form-helpers';
import { sendFeedback } from './api';
import { CONTACT_LIMITS, type FeedbackValues, feedbackSchema, RATING_OPTIONS } from './schemas';

const EMPTY: FeedbackValues = { name: '', email: '', rating: '', feedback: '' };
const ORDER = ['name', 'email', 'rating', 'feedback'] as const;
const ID = 'feedback';
export const FEEDBACK_SEND_FAILED = 'Your feedback could not be sent. Check your connection and try again.';

/**
 * The Contact Us feedback form (spec 2, spec 3 "Feedback form"): name, email, rating (a native
 * select, '5 - Excellent' … '1 - Poor'), feedback. Validated with yup on blur and submit; sent
 * to `POST /api/v1/feedback`; on success a notice and the form clears; on failure the server's
 * message shows above the button (and its per-field messages under the fields).
 */
export function FeedbackForm() {
  const { enqueueSnackbar } = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const formik = useFormik<FeedbackValues>({
    initialValues: EMPTY,
    validationSchema: feedbackSchema,
    onSubmit: async (values, helpers) => {
      setServerError(null);
      try {
        const message = await sendFeedback(values);
        enqueueSnackbar(message, { variant: 'success' });
        helpers.resetForm();
      } catch (error) {
        const fields = apiFieldErrors(error);
        helpers.setErrors({
          ...(fields.name ? { name: fields.name } : {}),
          ...(fields.email ? { email: fields.email } : {}),
          ...(fields.rating ? { rating: fields.rating } : {}),
          ...(fields.message ? { feedback: fields.message } : {}),
        });
        setServerError(apiErrorMessage(error, FEEDBACK_SEND_FAILED));
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
          select
          label="Rating"
          required
          fullWidth
          {...fieldProps(formik, 'rating', ID)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            Choose a rating
          </option>
          {RATING_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
        <TextField
          label="Feedback"
          required
          multiline
          minRows={4}
          fullWidth
          {...fieldProps(formik, 'feedback', ID)}
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
            {busy ? 'Sending...' : 'Send Feedback'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
