import type { SxProps, Theme } from '@mui/material';

/**
 * Hides content visually but keeps it for screen readers (e.g. ' products' after a visible
 * 'See all', so the link's accessible name says where it goes).
 */
export const visuallyHidden: SxProps<Theme> = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
