/**
 * Test helper: renders one page at `path` inside the providers the host gives it (theme,
 * the Toaster, a memory router). Any other path renders a probe showing the location, so tests
 * can assert where a link or a form navigated.
 */

// The site downloads notistack with the first toast; tests load it up front so that a test's
// first toast is not slowed by the module's first require on a busy machine.
import 'notistack';
import { Toaster, theme } from '@campus/shared';
import { ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `page` at `path` (default '/'); returns the router and RTL's result. */
export function renderPage(page: ReactElement, path = '/') {
  const pathname = path.split(/[?#]/)[0] as string;
  const router = createMemoryRouter(
    [
      { path: pathname, element: page },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
      <Toaster />
    </ThemeProvider>,
  );
  return { router, ...result };
}
