import { ArrowUpwardIcon, Box, Button } from '@mui/material';

interface BackToTopProps {
  /** id of the page's h1; it receives focus so keyboard and screen-reader users land at the top too. */
  targetId: string;
}

/**
 * 'Back to Top' control of the long legal pages (spec 2 "Privacy Policy and Terms"): scrolls to
 * the top (smoothly unless the user prefers reduced motion) and moves focus to the page heading.
 */
export function BackToTop({ targetId }: BackToTopProps) {
  const goTop = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById(targetId)?.focus({ preventScroll: true });
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 4 }}>
      <Button variant="outlined" startIcon={<ArrowUpwardIcon />} onClick={goTop}>
        Back to Top
      </Button>
    </Box>
  );
}
