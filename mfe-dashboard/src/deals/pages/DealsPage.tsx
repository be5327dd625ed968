import { Rating } from '@campus/mui-overlays';
import { apiErrorMessage, formatShortDate, usePageMeta, useSnackbar } from '@campus/shared';
import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { answerDeal, type DealJson, getDeals } from '../api/deals-api';
import { PaymentCheck } from '../components/PaymentCheck';
import { ReviewForm } from '../components/ReviewForm';

export const DEALS_HEADING = 'My deals';
export const DEALS_EMPTY =
  'No deals yet. After you chat with a seller, say "I bought this" on the item page; sellers can name the buyer when marking an item sold.';
export const DEALS_LOAD_FAILED = 'Could not load your deals. Check your connection and try again.';
export const ANSWER_FAILED = 'That did not work. Please try again.';

const STATUS_LABEL: Record<DealJson['status'], string> = {
  claimed: 'Waiting for an answer',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
};

/** "Brian M. says you sold them …" — what the deal is, from my side. */
function dealSentence(deal: DealJson): string {
  const other = `${deal.other.firstName} ${deal.other.lastName.slice(0, 1)}.`.trim();
  return deal.role === 'seller' ? `${other} got this from you` : `You got this from ${other}`;
}

function listingPath(deal: DealJson): string {
  return `/${deal.listingKind === 'product' ? 'products' : 'services'}/${deal.listingId}`;
}

/** One deal: the listing, who, its state, Confirm/Decline when it is mine to answer, the ratings. */
function DealCard({ deal, onChange }: { deal: DealJson; onChange: (deal: DealJson) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const answer = async (verb: 'confirm' | 'decline') => {
    setBusy(true);
    try {
      const updated = await answerDeal(deal._id, verb);
      enqueueSnackbar(
        verb === 'confirm' ? 'Deal confirmed. You can now rate each other.' : 'Deal declined.',
        {
          variant: 'success',
        },
      );
      onChange(updated);
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, ANSWER_FAILED), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2 }} aria-label={deal.listingTitle}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={listingPath(deal)} underline="hover" color="inherit">
              {deal.listingTitle}
            </Link>
          </Typography>
          <Chip
            size="small"
            label={STATUS_LABEL[deal.status]}
            color={
              deal.status === 'confirmed' ? 'success' : deal.status === 'claimed' ? 'warning' : 'default'
            }
          />
        </Stack>
        <Typography variant="body2">
          {dealSentence(deal)} · {formatShortDate(deal.createdAt)}
        </Typography>
        {deal.status === 'claimed' && !deal.canAnswer ? (
          <Typography variant="body2" color="text.secondary">
            Waiting for {deal.other.firstName} to confirm
            {deal.answerBy ? ` (until ${formatShortDate(deal.answerBy)})` : ''}.
          </Typography>
        ) : null}
        {deal.canAnswer ? (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={busy} onClick={() => answer('confirm')}>
              Confirm
            </Button>
            <Button variant="outlined" color="inherit" disabled={busy} onClick={() => answer('decline')}>
              Decline
            </Button>
          </Stack>
        ) : null}
        {deal.myReview ? (
          <Box>
            <Typography variant="body2" color="text.secondary">
              Your rating of {deal.other.firstName}
            </Typography>
            <Rating value={deal.myReview.stars} readOnly size="small" />
            {deal.myReview.comment ? <Typography variant="body2">{deal.myReview.comment}</Typography> : null}
          </Box>
        ) : null}
        {deal.canReview ? <ReviewForm deal={deal} onSaved={onChange} /> : null}
        {deal.theirReview && !deal.theirReview.hidden ? (
          <Box>
            <Typography variant="body2" color="text.secondary">
              {deal.other.firstName}’s rating of you
            </Typography>
            <Rating value={deal.theirReview.stars} readOnly size="small" />
            {deal.theirReview.comment ? (
              <Typography variant="body2">{deal.theirReview.comment}</Typography>
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * /app/deals (docs/product.md §28): my deals as buyer and as seller, newest first, with Confirm and
 * Decline on the ones I must answer and the rating form once a deal is confirmed, under how to
 * check an M-Pesa payment.
 */
export default function DealsPage() {
  usePageMeta(DEALS_HEADING);
  const [deals, setDeals] = useState<DealJson[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setDeals(await getDeals());
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const replace = (updated: DealJson) =>
    setDeals((current) => current?.map((d) => (d._id === updated._id ? updated : d)) ?? null);
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        {DEALS_HEADING}
      </Typography>
      <PaymentCheck />
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void load()}>
              Retry
            </Button>
          }
        >
          {DEALS_LOAD_FAILED}
        </Alert>
      ) : deals === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : deals.length === 0 ? (
        <Typography>{DEALS_EMPTY}</Typography>
      ) : (
        <Stack component="ul" spacing={2} aria-label={DEALS_HEADING} sx={{ p: 0, m: 0 }}>
          {deals.map((deal) => (
            <DealCard key={deal._id} deal={deal} onChange={replace} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
