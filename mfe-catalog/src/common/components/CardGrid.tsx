import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The `sizes` entry that caps a card photo's density on phones with dense screens
 * (docs/decisions/0025): below 600 px, at 1.95 device px per CSS px or more, it names a 32vw slot
 * instead of the card's real half of the screen, so the browser picks the 400 px file where the
 * screen's full density would pick the 800 px one (at 412 px and 2.625 dppx: a 400 px file for a
 * 206 px card, 1.9 px per CSS px; the first view's 12 photos ~75 KB instead of ~170 KB). The photo
 * is still drawn at the card's width (CSS `width: 100%`); screens denser than ~3.1 at 412 px still
 * get the 800 px file.
 */
export const DENSE_PHONE_CARD_SLOT = '(max-width: 599px) and (min-resolution: 1.95dppx) 32vw';

/**
 * `sizes` for a cover in a {@link CardGrid}: half the screen on phones (capped on dense screens:
 * {@link DENSE_PHONE_CARD_SLOT}), a column on wider screens.
 */
export const CARD_IMAGE_SIZES = `(min-width: 1200px) 280px, (min-width: 600px) 33vw, ${DENSE_PHONE_CARD_SLOT}, 50vw`;

/**
 * Responsive list of cards (`<ul>`): 2 columns on phones, 3 from 600 px, 4 from 1200 px.
 * `busy` dims it and sets aria-busy while a newer page loads.
 *
 * Each card is `content-visibility: auto` (docs/product.md §23, ADR 0017): the browser skips the style,
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
