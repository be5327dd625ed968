/**
 * The front end's one `renderPage` for tests (docs/product.md §18.3): a page rendered as the host shows
 * it — the site theme (without ripples and transitions, whose timers outlive tests), the page's
 * ONE Toaster with the site's settings (SiteToaster), and a data router
 * (createMemoryRouter, for `router.navigate` and `router.state` in tests; the site itself runs
 * react-router's declarative mode, ADR 0048, whose hooks behave the same) — plus a probe
 * showing the current location (`data-testid="location"`) on the page and on every other path,
 * so tests can assert where a link or a form went.
 */

// The site downloads notistack with the first toast; tests load it up front so that a test's
// first toast is not slowed by the module's first require on a busy machine.
import 'notistack';
import { createMemoryRouter, RouterProvider } from '@campus/react-router-impl';
import { SiteToaster, setSession, theme, type User, useSession } from '@campus/shared';
import { createTheme, ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/** The site theme (as the host provides it) without ripples and transitions. */
export const testTheme = createTheme(theme, {
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  transitions: { create: () => 'none' },
});

/**
 * react-router's `MemoryRouter` (declarative mode, as the site runs, ADR 0048) for tests of a
 * component that needs a router; the site's facade has no memory router.
 */
export { MemoryRouter } from '@campus/react-router-impl';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The host's GuestOnly guard on /auth, reproduced (a remote never imports the host). */
function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  if (isAuthenticated) return <Navigate to="/products" replace />;
  return children;
}

/** Where to render the page. */
export interface RenderPageOptions {
  /** Initial URL, e.g. '/products?page=3', or an entry with router state (default '/'). */
  route?: string | { pathname: string; search?: string; state?: unknown };
  /** Route pattern of the page, e.g. '/reset-password/:token' (default: the route's pathname). */
  path?: string;
  /** Wrap the page in the host's GuestOnly guard (an authenticated user goes to /products). */
  guestOnly?: boolean;
}

/**
 * Renders `element` at `route` for the pattern `path` (a string is the route); returns RTL's
 * result and the router (`router.navigate(-1)` goes back).
 */
export function renderPage(element: ReactElement, options: string | RenderPageOptions = {}) {
  const { route = '/', path, guestOnly = false } = typeof options === 'string' ? { route: options } : options;
  const pathname = typeof route === 'string' ? (route.split(/[?#]/)[0] as string) : route.pathname;
  const router = createMemoryRouter(
    [
      {
        path: path ?? pathname,
        element: (
          <>
            {guestOnly ? <GuestOnly>{element}</GuestOnly> : element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [route] },
  );
  const view = render(
    <ThemeProvider theme={testTheme}>
      <RouterProvider router={router} />
      <SiteToaster />
    </ThemeProvider>,
  );
  return { ...view, router };
}

/** The current location shown by the probe: pathname + search. */
export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** Signs a user in: a token and the user (default Wanjiru Kamau, role 'user') in the shared session store. */
export function signIn(user: Partial<User> = {}) {
  setSession({
    token: 'test.jwt.token',
    user: { _id: 'u1', firstName: 'Wanjiru', lastName: 'Kamau', role: 'user', ...user },
  });
}

/** A small file that looks like a JPEG (`bytes` long; pages never decode it in jsdom). */
export function pictureFile(name = 'cover.jpg', bytes = 2048): File {
  const data = new Uint8Array(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([data], name, { type: 'image/jpeg' });
}
