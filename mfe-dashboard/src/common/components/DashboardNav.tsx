import { Box, Button } from '@mui/material';
import { NavLink } from 'react-router';

/** The dashboard's pages (spec 2): overview and the four children. */
export const DASHBOARD_LINKS = [
  { label: 'Overview', to: '/app', end: true },
  { label: 'My products', to: '/app/products-list', end: false },
  { label: 'My services', to: '/app/services-list', end: false },
  { label: 'My events', to: '/app/events-list', end: false },
  { label: 'Settings', to: '/app/settings', end: false },
] as const;

/**
 * Navigation between the dashboard pages: real links (NavLink marks the current one with
 * aria-current="page"), a row that scrolls sideways on a 360 px phone.
 */
export function DashboardNav() {
  return (
    <Box component="nav" aria-label="Dashboard" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          gap: 0.5,
          overflowX: 'auto',
          whiteSpace: 'nowrap',
        }}
      >
        {DASHBOARD_LINKS.map((link) => (
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
