import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PageHeadingProps {
  /** Element id, so skip links and 'Back to Top' can move focus here. */
  id?: string;
  children: ReactNode;
}

/**
 * The one `<h1>` of a page. Focusable from script (tabIndex -1) without joining the tab order;
 * long words wrap instead of widening the page at 360 px.
 */
export function PageHeading({ id, children }: PageHeadingProps) {
  return (
    <Typography
      variant="h1"
      id={id}
      tabIndex={-1}
      gutterBottom
      sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
