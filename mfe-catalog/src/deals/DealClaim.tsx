import { apiErrorMessage, useSession, useSnackbar } from '@campus/shared';
import { Box, Button, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { claimDeal, recordChatOpen } from './deals-api';

export const CLAIM_SENT = 'Sent! The seller will be asked to confirm.';
export const CLAIM_FAILED = 'That did not work. Please try again.';

interface DealClaimProps {
  kind: 'product' | 'service';
  listingId: string;
  /** The seller's or provider's id: they see no button on their own listing. */
  ownerId?: string;
  /** The counted chat route of the page's chat button (`chatRoute(...)`). */
  chatHref: string;
}

/**
 * "I bought this" / "I used this service" under the chat button (docs/product.md §28), for a
 * signed-in student on someone else's listing. It also tells the API when this student opens the
 * page's chat link (a click on a link to `chatHref` sends the same route with the session's
 * Authorization header): a deal can be claimed within 30 days of that. After a claim it says the
 * seller will confirm and links to the deals page; the API's refusal (no chat opened, already
 * claimed) is toasted.
 */
export function DealClaim({ kind, listingId, ownerId, chatHref }: DealClaimProps) {
  const { token, user } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const own = Boolean(user && ownerId && user._id === ownerId);

  useEffect(() => {
    if (!token || own) return undefined;
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (anchor && anchor.getAttribute('href') === chatHref) recordChatOpen(chatHref, token);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [token, own, chatHref]);

  if (!token || own) return null;
  if (claimed) {
    return (
      <Typography variant="body2" sx={{ my: 1.5 }} role="status">
        Waiting for the seller to confirm. See{' '}
        <Link component={RouterLink} to="/app/deals">
          my deals
        </Link>
        .
      </Typography>
    );
  }
  const claim = async () => {
    setBusy(true);
    try {
      await claimDeal(kind, listingId);
      enqueueSnackbar(CLAIM_SENT, { variant: 'success' });
      setClaimed(true);
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, CLAIM_FAILED), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ my: 1.5 }}>
      <Button variant="outlined" onClick={claim} disabled={busy}>
        {kind === 'product' ? 'I bought this' : 'I used this service'}
      </Button>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        After the deal: the seller confirms, then you can rate each other.
      </Typography>
    </Box>
  );
}
