import { DESKTOP_BREAKPOINT_PX, useHydrated } from '@campus/shared';
import { useMediaQuery } from '@mui/material';

/**
 * True at viewports of at least 768 px (spec 9 "Desktop breakpoint"); below it the mobile layouts
 * apply. The server renders the phone layout, so this stays false until hydration is done.
 */
export function useIsDesktop(): boolean {
  const hydrated = useHydrated();
  return useMediaQuery(`(min-width:${DESKTOP_BREAKPOINT_PX}px)`, { noSsr: true }) && hydrated;
}
