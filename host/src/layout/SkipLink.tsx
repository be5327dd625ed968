import { Link } from '@mui/material';

/** Id of the page's `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * 'Skip to main content' (docs/product.md §21.2): the first tab stop of every page, hidden until it
 * has keyboard focus, then shown over the navbar's top-left corner. Following it moves focus to
 * `<main id="main" tabindex="-1">`.
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus main without changing the URL's hash (the router owns the URL).
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        borderRadius: 1,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}
