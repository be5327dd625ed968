import { useSession } from '@campus/shared';
import { Box, Button } from '@mui/material';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

/** The dashboard's pages (docs/product.md §2): overview, saved items (docs/product.md §20.1) and the four children. */
export const DASHBOARD_LINKS = [
  { label: 'Overview', to: '/app', end: true },
  { label: 'Saved', to: '/app/saved', end: false },
  { label: 'Deals', to: '/app/deals', end: false },
  { label: 'Saved searches', to: '/app/saved-searches', end: false },
  { label: 'My products', to: '/app/products-list', end: false },
  { label: 'My services', to: '/app/services-list', end: false },
  { label: 'My events', to: '/app/events-list', end: false },
  { label: 'Settings', to: '/app/settings', end: false },
] as const;

/** The moderation desk's tab, shown to admins only (docs/product.md §19.3). */
export const MODERATION_LINK = { label: 'Moderation', to: '/app/moderation', end: false } as const;

/** The releases page's tab, shown to admins only (ADR 0029). */
export const RELEASES_LINK = { label: 'Releases', to: '/app/releases', end: false } as const;

/** Page background: the overflow cues fade the tabs into it. */
const BG = '#f7f8f6';

/**
 * "Scroll shadows": a shade at an edge only while more tabs hide past it (the cover gradients
 * scroll with the content, the shades stay with the box), pure CSS (docs/product.md §21.12).
 */
const OVERFLOW_CUES = [
  `linear-gradient(to right, ${BG} 30%, rgba(247,248,246,0)) left / 32px 100% no-repeat local`,
  `linear-gradient(to left, ${BG} 30%, rgba(247,248,246,0)) right / 32px 100% no-repeat local`,
  'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.28), rgba(0,0,0,0)) left / 14px 100% no-repeat scroll',
  'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.28), rgba(0,0,0,0)) right / 14px 100% no-repeat scroll',
].join(', ');

/**
 * Navigation between the dashboard pages: real links (NavLink marks the current one with
 * aria-current="page") in a row that scrolls sideways on a 360 px phone, with a shade at the
 * edge where more tabs hide, and the current tab scrolled into view (docs/product.md §21.12). Admins
 * also get the 'Moderation' and 'Releases' tabs.
 */
export function DashboardNav() {
  const { isAdmin } = useSession();
  const links = isAdmin ? [...DASHBOARD_LINKS, MODERATION_LINK, RELEASES_LINK] : DASHBOARD_LINKS;
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page (the current tab) changes
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    // Scroll the row only (never the page): centre the current tab where possible.
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <Box component="nav" aria-label="Dashboard" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component="ul"
        ref={listRef}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          gap: 0.5,
          overflowX: 'auto',
          whiteSpace: 'nowrap',
          scrollbarWidth: 'none',
          background: OVERFLOW_CUES,
          '& > li': { flexShrink: 0 },
        }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <Button
              component={NavLink}
              to={link.to}
              end={link.end}
              sx={{
                borderRadius: 0,
                borderBottom: 2,
                borderColor: 'transparent',
                color: 'text.secondary',
                minHeight: 48,
                // The row clips what is outside it: the focus ring goes inside.
                '&.Mui-focusVisible, &:focus-visible': { outlineOffset: -3 },
                '&.active': { color: 'primary.main', borderColor: 'primary.main', fontWeight: 700 },
              }}
            >
              {link.label}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
