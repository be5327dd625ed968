import { ArrowUpwardIcon, Box, Button } from '@mui/material';
import type { MouseEvent } from 'react';

interface BackToTopProps {
  /** id of the page's h1; it receives focus so keyboard and screen-reader users land at the top too. */
  targetId: string;
}

/**
 * 'Back to Top' control of the long legal pages (docs/product.md §2 "Privacy Policy and Terms"): a link to
 * `#top` (the browser's own "top of the document", so it works before and without JavaScript;
 * ADR 0032); once React runs it scrolls to the top (smoothly unless the user prefers reduced
 * motion) without touching the URL, and moves focus to the page heading.
 */
export function BackToTop({ targetId }: BackToTopProps) {
  const goTop = (event: MouseEvent) => {
    event.preventDefault();
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById(targetId)?.focus({ preventScroll: true });
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 4 }}>
      <Button variant="outlined" href="#top" startIcon={<ArrowUpwardIcon />} onClick={goTop}>
        Back to Top
      </Button>
    </Box>
  );
}
