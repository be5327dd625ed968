import { TextField } from '@campus/mui-overlays';
import { apiErrorMessage, fieldProps, useFocusFirstError, useFormToasts } from '@campus/shared';
import { REVIEW_TEXT_MAX } from '@campus/shared/contract';
import { Box, Button, Stack } from '@mui/material';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { replyToReview } from './deals-api';

export const REPLY_MESSAGES = {
  required: 'Please write a reply',
  tooLong: `At most ${REVIEW_TEXT_MAX} characters`,
  sent: 'Your reply is posted.',
  failed: 'Your reply could not be sent. Please try again.',
} as const;

interface Values {
  text: string;
}

const schema = yup.object({
  text: yup.string().trim().required(REPLY_MESSAGES.required).max(REVIEW_TEXT_MAX, REPLY_MESSAGES.tooLong),
});

interface ReviewReplyFormProps {
  reviewId: string;
  /** Who wrote the review (the form's name: "Reply to Brian"). */
  authorName: string;
  /** Called with the reply as saved. */
  onSent: (reply: string) => void;
  onCancel: () => void;
}

/**
 * The seller's one answer to a review on their own page (docs/product.md §28): a text of at most
 * 500 characters (required), "Send reply" and "Cancel". The server's refusal (e.g. already
 * replied) shows as an error toast; the form stays.
 */
export function ReviewReplyForm({ reviewId, authorName, onSent, onCancel }: ReviewReplyFormProps) {
  const toasts = useFormToasts();
  const idPrefix = `reply-${reviewId}`;
  const formik = useFormik<Values>({
    initialValues: { text: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        const reply = await replyToReview(reviewId, values.text.trim());
        toasts.success(REPLY_MESSAGES.sent);
        onSent(reply);
      } catch (error) {
        toasts.error(apiErrorMessage(error, REPLY_MESSAGES.failed));
      }
    },
  });
  useFocusFirstError(formik, ['text'], idPrefix);
  return (
    <Box
      component="form"
      onSubmit={formik.handleSubmit}
      noValidate
      aria-label={`Reply to ${authorName}`}
      sx={{ mt: 1 }}
    >
      <Stack spacing={1}>
        <TextField
          {...fieldProps(formik, 'text', idPrefix)}
          label="Your reply"
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Sending…' : 'Send reply'}
          </Button>
          <Button size="small" color="inherit" onClick={onCancel} disabled={formik.isSubmitting}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
