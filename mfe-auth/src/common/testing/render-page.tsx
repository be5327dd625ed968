/**
 * Test helper: renders auth pages the way the host does: the site theme (without ripples), ONE
 * Toaster, and a data router (createMemoryRouter) at `route`, with a probe showing the
 * current location (`data-testid="location"`) on every page. `guestOnly` wraps the page like the
 * host's GuestOnly guard on /auth (an authenticated user is sent to /products).
 */

// The site downloads notistack with the first toast; tests load it up front so that a test's
// first toast is not slowed by the module's first require on a busy machine.
import 'notistack';
import { Toaster, theme, useSession } from '@campus/shared';
import { createTheme, ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, Navigate, RouterProvider, useLocation } from 'react-router';

export const testTheme = createTheme(theme, {
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  transitions: { create: () => 'none' },
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The host's guard for /auth, reproduced (a remote never imports the host). */
function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  if (isAuthenticated) return <Navigate to="/products" replace />;
  return children;
}

export interface RenderPageOptions {
  /** Route pattern of the page, e.g. '/reset-password/:token'. */
  path: string;
  /** Initial URL, e.g. '/auth?mode=register'; or an entry with router state. */
  route: string | { pathname: string; search?: string; state?: unknown };
  guestOnly?: boolean;
}

/** Renders `element` at `route`; returns the router too. */
export function renderPage(element: ReactElement, { path, route, guestOnly = false }: RenderPageOptions) {
  const page = (
    <>
      {guestOnly ? <GuestOnly>{element}</GuestOnly> : element}
      <LocationProbe />
    </>
  );
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [route] },
  );
  const view = render(
    <ThemeProvider theme={testTheme}>
      <RouterProvider router={router} />
      <Toaster
        maxSnack={20}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      />
    </ThemeProvider>,
  );
  return { ...view, router };
}

/** Current location shown by the probe: pathname + search. */
export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
