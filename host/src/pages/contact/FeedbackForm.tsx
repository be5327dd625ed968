import { fieldProps, OutlinedField, validateWithSchema } from '@campus/shared';
import { Box, Stack } from '@mui/material';
import { sendFeedback } from './api';
import { NameAndEmailFields, SendButton, useContactForm } from './ContactFormParts';
import { CONTACT_LIMITS, type FeedbackValues, RATING_OPTIONS } from './fields';

const EMPTY: FeedbackValues = { name: '', email: '', rating: '', feedback: '' };
const ORDER = ['name', 'email', 'rating', 'feedback'] as const;
const ID = 'feedback';
export const FEEDBACK_SEND_FAILED = 'Your feedback could not be sent. Check your connection and try again.';

/**
 * The Contact Us feedback form (docs/product.md §2, §3 "Feedback form"): name, email, rating (a native
 * select, '5 - Excellent' … '1 - Poor'), feedback. Validated with yup (loaded with the first check) on blur and submit; sent
 * to `POST /api/v1/feedback`; on success a notice and the form clears; on failure the server's
 * message shows above the button (and its per-field messages under the fields). Before hydration
 * and without JavaScript it is posted to `/contact/feedback` (stored by the server, which answers
 * with the page and its notice; ADR 0032).
 */
export function FeedbackForm() {
  const { formik, serverError, noValidate } = useContactForm({
    initialValues: EMPTY,
    validate: validateWithSchema<FeedbackValues>(() =>
      import('./schemas').then((module) => module.feedbackSchema),
    ),
    send: sendFeedback,
    failed: FEEDBACK_SEND_FAILED,
    order: ORDER,
    idPrefix: ID,
    fieldErrors: (fields) => ({
      ...(fields.name ? { name: fields.name } : {}),
      ...(fields.email ? { email: fields.email } : {}),
      ...(fields.rating ? { rating: fields.rating } : {}),
      ...(fields.message ? { feedback: fields.message } : {}),
    }),
  });

  return (
    <Box
      component="form"
      noValidate={noValidate}
      method="post"
      action="/contact/feedback"
      onSubmit={formik.handleSubmit}
      aria-labelledby="contact-form-heading"
    >
      <Stack spacing={2}>
        <NameAndEmailFields formik={formik} idPrefix={ID} />
        <OutlinedField
          select
          label="Rating"
          required
          fullWidth
          {...fieldProps(formik, 'rating', ID)}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            Choose a rating
          </option>
          {RATING_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </OutlinedField>
        <OutlinedField
          label="Feedback"
          required
          multiline
          minRows={4}
          fullWidth
          {...fieldProps(formik, 'feedback', ID)}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message } }}
        />
        <SendButton busy={formik.isSubmitting} label="Send Feedback" serverError={serverError} />
      </Stack>
    </Box>
  );
}
