import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** `sizes` for a cover in a {@link CardGrid}: half the screen on phones, a column on wider screens. */
export const CARD_IMAGE_SIZES = '(min-width: 1200px) 280px, (min-width: 600px) 33vw, 50vw';

/**
 * Responsive list of cards (`<ul>`): 2 columns on phones, 3 from 600 px, 4 from 1200 px.
 * `busy` dims it and sets aria-busy while a newer page loads.
 *
 * Each card is `content-visibility: auto` (issue 16, ADR 0017): the browser skips the style,
 * layout and paint of cards far below the screen until they scroll near it, so a phone's first
 * layout of a 20-card page handles only the first rows (measured on /products: layout work
 * 46-61 ms → 25-34 ms per cold load, unthrottled). Skipped cards keep their links and text for
 * readers and find-in-page; until first laid out they count as 300 px tall (a phone card is
 * 279-304 px), then as their last real height (`auto`).
 */
export function CardGrid({
  children,
  busy = false,
  label,
}: {
  children: ReactNode;
  busy?: boolean;
  label?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
        gap: { xs: 1.5, md: 2 },
        listStyle: 'none',
        p: 0,
        m: 0,
        opacity: busy ? 0.6 : 1,
        transition: 'opacity 150ms',
        '& > li': {
          display: 'flex',
          minWidth: 0,
          contentVisibility: 'auto',
          containIntrinsicBlockSize: 'auto 300px',
        },
      }}
    >
      {children}
    </Box>
  );
}
