/**
 * Test helper: renders a dashboard page as the host would (site theme without ripples, one
 * Toaster top-right, a MemoryRouter at `route`), with a probe showing the current
 * location (`data-testid="location"`).
 */

// The site downloads notistack with the first toast; tests load it up front so that a test's
// first toast is not slowed by the module's first require on a busy machine.
import 'notistack';
import { setSession, TOAST_DURATION_MS, TOAST_MAX_SNACK, Toaster, theme } from '@campus/shared';
import { createTheme, ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

export const testTheme = createTheme(theme, {
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  transitions: { create: () => 'none' },
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Signs a user in (token + user in the shared session store). */
export function signIn(user: Partial<{ firstName: string; lastName: string; _id: string }> = {}) {
  setSession({
    token: 'test.jwt.token',
    user: { _id: 'u1', firstName: 'Wanjiru', lastName: 'Kamau', role: 'user', ...user },
  });
}

/** Renders `element` at `route` for the route pattern `path`. */
export function renderPage(element: ReactElement, { path, route }: { path: string; route: string }) {
  return render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route
            path={path}
            element={
              <>
                {element}
                <LocationProbe />
              </>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
      <Toaster
        maxSnack={TOAST_MAX_SNACK}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      />
    </ThemeProvider>,
  );
}

/** The current location shown by the probe. */
export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** A small file that looks like a JPEG (the dashboard never decodes it in jsdom). */
export function pictureFile(name = 'cover.jpg', bytes = 2048): File {
  const data = new Uint8Array(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([data], name, { type: 'image/jpeg' });
}
