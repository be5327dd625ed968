import type { SafetySignal, SafetySignalKind } from '@campus/shared/contract';
import { Box, Chip, Typography } from '@mui/material';
import { WARNING_CHIP_SX } from './UnderReview';

/** What a seller can do about each signal (docs/product.md §29). */
export const SAFETY_SIGNAL_ADVICE: Record<SafetySignalKind, string> = {
  reused_photo:
    'This photo matches a photo on another seller’s listing: use your own photo of your item (edit the listing and replace it).',
  price_outlier:
    'Your price is far below similar listings: check it, or say in the description why it is low (for example a fault).',
  advance_payment:
    'Your description asks for money before meeting: remove that wording; buyers pay when they see the item.',
  new_account_high_price:
    'New accounts selling items above KES 10,000 are flagged for their first 48 hours: nothing to fix, it clears by itself.',
  reported_seller:
    'Several students reported you in the last 30 days: moderators will look at the reports. Answer buyers’ concerns honestly.',
};

/**
 * Why one of my listings shows a warning to buyers (docs/product.md §29), and how to fix it: a
 * "Flagged" chip per signal with the buyer's warning and the advice. The listing stays public.
 * Nothing for a listing without signals.
 */
export function SafetyFlagNotice({ signals }: { signals?: readonly SafetySignal[] }) {
  if (!signals || signals.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Warnings buyers see"
      sx={{ width: '100%', p: 0, m: 0, listStyle: 'none' }}
    >
      {signals.map((signal) => (
        <Box component="li" key={signal.kind} data-kind={signal.kind} sx={{ mt: 0.5 }}>
          <Chip size="small" label="Flagged" sx={{ ...WARNING_CHIP_SX, mr: 1 }} />
          <Typography variant="caption" component="span">
            Buyers see: “{signal.message}” <strong>How to fix it:</strong> {SAFETY_SIGNAL_ADVICE[signal.kind]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
