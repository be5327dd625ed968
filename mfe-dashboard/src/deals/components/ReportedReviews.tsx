import { apiClient, apiErrorMessage, formatShortDate, useSnackbar } from '@campus/shared';
import type { AnswerOf } from '@campus/shared/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { ReasonDialog } from '../../moderation/components/ReasonDialog';

/** A reported review as the desk shows it (`GET /admin/reviews`), with its open reports. */
type ReportedReview = AnswerOf<'GET /admin/reviews'>['data']['reviews'][number];

export const REVIEW_HIDDEN = 'Review hidden. It no longer counts in the rating.';
export const REVIEW_RESTORED = 'Review restored. It counts in the rating again.';

/** One list of the desk's reviews (`GET /admin/reviews?state=`); empty when it cannot be read. */
async function reviewsIn(state: 'reported' | 'hidden'): Promise<ReportedReview[]> {
  try {
    const answer = await apiClient.call('GET /admin/reviews', { query: { state }, redirectOnError: false });
    return answer.data.reviews;
  } catch {
    return [];
  }
}

/** A desk review's first lines: its stars, who wrote it about whom, and its comment in quotes. */
function ReviewSummary({
  review,
}: {
  review: { stars: number; comment?: string | null; author: { name: string }; subject: { name: string } };
}) {
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>
        {review.stars} of 5 stars by {review.author.name} about {review.subject.name}
      </Typography>
      {review.comment ? <Typography sx={{ overflowWrap: 'anywhere' }}>“{review.comment}”</Typography> : null}
    </>
  );
}

/**
 * The moderation desk's reported reviews (docs/product.md §28): each with its stars, comment,
 * author, the rated user and the reports' details, and "Hide review" (a reason, audited; the
 * review leaves the seller page and the rating). Below, the hidden reviews with the reason they
 * were hidden and "Restore review" (audited; the review is back on the seller page and in the
 * rating). Shows nothing while no review is reported or hidden.
 */
export function ReportedReviews() {
  const { enqueueSnackbar } = useSnackbar();
  const [reviews, setReviews] = useState<ReportedReview[]>([]);
  const [hidden, setHidden] = useState<ReportedReview[]>([]);
  const [pending, setPending] = useState<ReportedReview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const [reported, hiddenOnes] = await Promise.all([reviewsIn('reported'), reviewsIn('hidden')]);
    setReviews(reported);
    setHidden(hiddenOnes);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (reviews.length === 0 && hidden.length === 0 && !pending) return null;
  const restore = async (review: ReportedReview) => {
    setBusy(true);
    try {
      await apiClient.call('POST /admin/reviews/:id/restore', {
        params: { id: review._id },
        body: {},
        redirectOnError: false,
      });
      enqueueSnackbar(REVIEW_RESTORED, { variant: 'success' });
      await load();
    } catch (failure) {
      enqueueSnackbar(apiErrorMessage(failure, 'The review could not be restored. Please try again.'), {
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const hide = async (reason: string) => {
    if (!pending) return;
    setBusy(true);
    try {
      await apiClient.call('POST /admin/reviews/:id/hide', {
        params: { id: pending._id },
        body: { reason },
        redirectOnError: false,
      });
      enqueueSnackbar(REVIEW_HIDDEN, { variant: 'success' });
      setPending(null);
      await load();
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The review could not be hidden. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {reviews.length > 0 || pending ? (
        <Box component="section" aria-labelledby="reported-reviews-heading" sx={{ mb: 4 }}>
          <Typography id="reported-reviews-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
            Reported reviews ({reviews.length})
          </Typography>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {reviews.map((review) => (
              <Paper component="li" key={review._id} variant="outlined" sx={{ listStyle: 'none', p: 2 }}>
                <ReviewSummary review={review} />
                <Typography component="ul" variant="body2" color="text.secondary" sx={{ pl: 2.5, my: 1 }}>
                  {review.reports.map((report) => (
                    <li key={report._id}>
                      Reported {formatShortDate(report.createdAt)}
                      {report.details ? `: ${report.details}` : ''}
                    </li>
                  ))}
                </Typography>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={() => {
                    setError('');
                    setPending(review);
                  }}
                >
                  Hide review
                </Button>
              </Paper>
            ))}
          </Stack>
          <ReasonDialog
            action={
              pending
                ? {
                    title: `Hide the review by ${pending.author.name}`,
                    text: 'It leaves the seller page and no longer counts in the rating. The action is audited.',
                    confirmLabel: 'Hide review',
                  }
                : null
            }
            busy={busy}
            error={error}
            onConfirm={(reason) => void hide(reason)}
            onClose={() => setPending(null)}
          />
        </Box>
      ) : null}
      {hidden.length > 0 ? (
        <Box component="section" aria-labelledby="hidden-reviews-heading" sx={{ mb: 4 }}>
          <Typography id="hidden-reviews-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
            Hidden reviews ({hidden.length})
          </Typography>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {hidden.map((review) => (
              <Paper component="li" key={review._id} variant="outlined" sx={{ listStyle: 'none', p: 2 }}>
                <ReviewSummary review={review} />
                <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
                  Hidden{review.hiddenAt ? ` ${formatShortDate(review.hiddenAt)}` : ''}
                  {review.hiddenReason ? `: ${review.hiddenReason}` : ''}
                </Typography>
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void restore(review)}
                  aria-label={`Restore the review by ${review.author.name}`}
                >
                  Restore review
                </Button>
              </Paper>
            ))}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}
