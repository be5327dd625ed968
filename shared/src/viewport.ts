/**
 * The viewport breakpoint as pages read it while they are server-rendered and hydrated.
 */
import { useMediaQuery } from '@mui/material';
import { DESKTOP_BREAKPOINT_PX } from './constants';

/**
 * True at viewports of at least 768 px (docs/product.md §9 "Desktop breakpoint"); below it the phone
 * layouts apply. The server renders the phone layout: during hydration this is false (MUI's
 * server snapshot, `defaultMatches`), then React re-renders at once only where the screen is
 * wider, so a phone's first view re-renders nothing after hydration (docs/product.md §23, ADR 0017).
 */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width:${DESKTOP_BREAKPOINT_PX}px)`);
}
