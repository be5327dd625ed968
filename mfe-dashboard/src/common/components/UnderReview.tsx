import type { ModerationState } from '@campus/shared';
import { Chip, Typography } from '@mui/material';

interface UnderReviewProps {
  moderation?: ModerationState;
  /** The moderator's reason for hiding it, shown to the owner. */
  reason?: string | null;
}

/** A warning chip with AA contrast (MUI's filled warning chip is white on orange: 2.2:1). */
export const WARNING_CHIP_SX = { bgcolor: '#fff4e5', color: '#663c00', fontWeight: 600 } as const;

/**
 * "Under review" on one of my listings that the public cannot see (docs/product.md §19): held after
 * several reports, or hidden by a moderator (with their reason). Nothing for a visible listing.
 */
export function UnderReview({ moderation, reason }: UnderReviewProps) {
  if (moderation !== 'held' && moderation !== 'hidden') return null;
  return (
    <>
      <Chip size="small" label="Under review" sx={WARNING_CHIP_SX} />
      <Typography variant="caption" color="text.secondary" component="span">
        {moderation === 'hidden'
          ? `Hidden by a moderator${reason ? `: ${reason}` : ''}`
          : 'Hidden from other students while moderators review reports'}
      </Typography>
    </>
  );
}
