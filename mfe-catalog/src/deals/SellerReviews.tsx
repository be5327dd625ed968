import {
  apiErrorMessage,
  formatShortDate,
  lazyPanel,
  MountWhenOpened,
  useSession,
  useSnackbar,
} from '@campus/shared';
import type { ReviewJson } from '@campus/shared/contract';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { getSellerReviews, reportReview } from './deals-api';

// The reply form (formik, yup) downloads when the seller first presses "Reply" (docs/product.md §23).
const ReviewReplyForm = lazyPanel(() => import('./ReviewReplyForm').then((m) => m.ReviewReplyForm));

export const REVIEWS_HEADING = 'Reviews';
export const NO_REVIEWS = 'No reviews yet.';
export const REVIEWS_FAILED = 'Could not load the reviews. Please try again.';

/** "★★★★☆" for 4 stars. */
export const starsText = (stars: number) => '★'.repeat(stars) + '☆'.repeat(5 - stars);

/**
 * One review; on the seller's own page (`mine`) a review without a reply offers "Reply" (once,
 * docs/product.md §28), and the reply shows as soon as it is sent.
 */
function ReviewItem({ review, mine }: { review: ReviewJson; mine: boolean }) {
  const what = review.authorRole === 'buyer' ? 'Bought' : 'Sold';
  const { token } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [reported, setReported] = useState(false);
  const [reply, setReply] = useState(review.reply);
  const [replying, setReplying] = useState(false);
  const report = async () => {
    try {
      enqueueSnackbar(await reportReview(review._id), { variant: 'success' });
      setReported(true);
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Your report could not be sent. Please try again.'), {
        variant: 'error',
      });
    }
  };
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
      <Typography
        component="p"
        role="img"
        aria-label={`${review.stars} out of 5 stars`}
        sx={{ color: '#8a5a00', letterSpacing: 1 }}
      >
        <span aria-hidden>{starsText(review.stars)}</span>
      </Typography>
      {review.comment ? <Typography sx={{ overflowWrap: 'anywhere' }}>{review.comment}</Typography> : null}
      <Typography variant="body2" color="text.secondary">
        {review.author.firstName} · {what} “{review.listing.title}” · {formatShortDate(review.createdAt)}
      </Typography>
      {reply ? (
        <Typography
          variant="body2"
          sx={{ mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          Reply: {reply}
        </Typography>
      ) : null}
      {mine && !reply && !replying ? (
        <Button
          size="small"
          onClick={() => setReplying(true)}
          aria-label={`Reply to the review by ${review.author.firstName}`}
        >
          Reply
        </Button>
      ) : null}
      {mine && !reply ? (
        <MountWhenOpened open={replying}>
          {replying ? (
            <ReviewReplyForm
              reviewId={review._id}
              authorName={review.author.firstName}
              onSent={(saved) => {
                setReply(saved);
                setReplying(false);
              }}
              onCancel={() => setReplying(false)}
            />
          ) : null}
        </MountWhenOpened>
      ) : null}
      {token && !mine && !reported ? (
        <Button
          size="small"
          color="inherit"
          onClick={() => void report()}
          aria-label={`Report the review by ${review.author.firstName}`}
        >
          Report
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * The reviews a seller received from confirmed deals (docs/product.md §28), newest first, ten at a
 * time with "Show more reviews". Loaded after the page (the server render does not wait for them).
 * The signed-in seller on their own page may reply once to each review (`ReviewReplyForm`); others
 * signed in may report a review.
 * @param count the seller's rated deals (from the page's answer): nothing is fetched when 0
 */
export function SellerReviews({ sellerId, count }: { sellerId: string; count: number }) {
  const { user } = useSession();
  const mine = user?._id === sellerId;
  const [reviews, setReviews] = useState<ReviewJson[]>([]);
  const [page, setPage] = useState(0);
  const [totalPages, setTotalPages] = useState(0);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = async (next: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const data = await getSellerReviews(sellerId, next);
      setReviews((current) => (next === 1 ? data.reviews : [...current, ...data.reviews]));
      setPage(next);
      setTotalPages(data.totalPages);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the first page once per seller
  useEffect(() => {
    setReviews([]);
    setPage(0);
    if (count > 0) void load(1);
  }, [sellerId, count]);

  return (
    <Box component="section" aria-labelledby="seller-reviews-heading" sx={{ mt: 4 }}>
      <Typography id="seller-reviews-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {REVIEWS_HEADING}
      </Typography>
      {count === 0 ? <Typography color="text.secondary">{NO_REVIEWS}</Typography> : null}
      {reviews.length > 0 ? (
        <Stack component="ul" aria-label={REVIEWS_HEADING} sx={{ p: 0, m: 0 }}>
          {reviews.map((review) => (
            <ReviewItem key={review._id} review={review} mine={mine} />
          ))}
        </Stack>
      ) : null}
      {failed ? <Typography color="error">{REVIEWS_FAILED}</Typography> : null}
      {page > 0 && page < totalPages ? (
        <Button sx={{ mt: 1 }} disabled={loading} onClick={() => void load(page + 1)}>
          Show more reviews
        </Button>
      ) : null}
    </Box>
  );
}
