import { Box, VerifiedIcon } from '@mui/material';

interface VerifiedBadgeProps {
  /** The person's university, for the accessible name "Verified student at <university>". */
  university?: string | null;
  /** Show the words "Verified student" next to the tick (default true). */
  withText?: boolean;
}

/**
 * The verified-student badge (docs/product.md §19.5): a tick and "Verified student", exposed as one
 * image named "Verified student at <University>" (tooltip the same). Render it only for
 * `verifiedStudent: true`.
 */
export function VerifiedBadge({ university, withText = true }: VerifiedBadgeProps) {
  const name = university ? `Verified student at ${university}` : 'Verified student';
  return (
    <Box
      component="span"
      role="img"
      aria-label={name}
      title={name}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: 'primary.main',
        fontSize: '0.8rem',
        fontWeight: 600,
        verticalAlign: 'middle',
      }}
    >
      <VerifiedIcon sx={{ fontSize: '1.05rem' }} aria-hidden />
      {withText ? <span aria-hidden>Verified student</span> : null}
    </Box>
  );
}
