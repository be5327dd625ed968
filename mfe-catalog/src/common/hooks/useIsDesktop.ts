import { DESKTOP_BREAKPOINT_PX } from '@campus/shared';
import { useMediaQuery } from '@mui/material';

/** True at viewports of at least 768 px (spec 9 "Desktop breakpoint"); below it the mobile layouts apply. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width:${DESKTOP_BREAKPOINT_PX}px)`, { noSsr: true });
}
