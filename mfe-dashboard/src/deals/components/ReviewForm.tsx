import { FormLabel, Rating, TextField } from '@campus/mui-overlays';
import { apiErrorMessage, fieldProps, shownError, useFormToasts } from '@campus/shared';
import { REVIEW_TEXT_MAX } from '@campus/shared/contract';
import { Box, Button, FormControl, FormHelperText, Stack } from '@mui/material';
import { useFormik } from 'formik';
import { useId } from 'react';
import * as yup from 'yup';
import { type DealJson, reviewDeal } from '../api/deals-api';

export const REVIEW_MESSAGES = {
  starsRequired: 'Please choose from 1 to 5 stars',
  commentTooLong: `At most ${REVIEW_TEXT_MAX} characters`,
  sent: 'Thanks! Your rating is saved.',
  failed: 'Your rating could not be saved. Please try again.',
} as const;

interface Values {
  stars: number | null;
  comment: string;
}

const schema = yup.object({
  stars: yup
    .number()
    .nullable()
    .required(REVIEW_MESSAGES.starsRequired)
    .min(1, REVIEW_MESSAGES.starsRequired),
  comment: yup.string().max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.commentTooLong),
});

/**
 * Rate the other side of a confirmed deal (docs/product.md §28): 1-5 stars (required) and an
 * optional comment of at most 500 characters; once saved the deal comes back with my review.
 */
export function ReviewForm({ deal, onSaved }: { deal: DealJson; onSaved: (deal: DealJson) => void }) {
  const toasts = useFormToasts();
  const starsLabel = useId();
  const idPrefix = `review-${deal._id}`;
  const formik = useFormik<Values>({
    initialValues: { stars: null, comment: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        const comment = values.comment.trim();
        const updated = await reviewDeal(deal._id, {
          stars: values.stars as number,
          ...(comment ? { comment } : {}),
        });
        toasts.success(REVIEW_MESSAGES.sent);
        onSaved(updated);
      } catch (error) {
        toasts.error(apiErrorMessage(error, REVIEW_MESSAGES.failed));
      }
    },
  });
  const starsError = shownError(formik, 'stars');
  return (
    <Box
      component="form"
      onSubmit={formik.handleSubmit}
      noValidate
      aria-label={`Rate ${deal.other.firstName}`}
    >
      <Stack spacing={1.5}>
        <FormControl error={Boolean(starsError)}>
          <FormLabel id={starsLabel}>Rate {deal.other.firstName}</FormLabel>
          <Rating
            name="stars"
            aria-labelledby={starsLabel}
            value={formik.values.stars}
            onChange={(_event: unknown, value: number | null) => {
              void formik.setFieldValue('stars', value);
            }}
          />
          {starsError ? <FormHelperText>{starsError}</FormHelperText> : null}
        </FormControl>
        <TextField
          {...fieldProps(formik, 'comment', idPrefix)}
          label="Comment (optional)"
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Saving…' : 'Save rating'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
