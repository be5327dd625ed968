/**
 * Test helper: renders a page in the site theme inside `MemoryRouter` at `route`, matched by `path`, with a probe
 * showing the current location (`data-testid="location"`) and a 'Go back' button (history -1).
 */

import { theme } from '@campus/shared';
import { createTheme, ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';

/** The site theme (as the host provides it) without ripples, whose timers outlive the tests. */
export const testTheme = createTheme(theme, {
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Go back
      </button>
    </div>
  );
}

/** Renders `element` at `route` (e.g. '/products?page=3') for the route pattern `path`. */
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
    </ThemeProvider>,
  );
}

/** Current location shown by the probe: pathname + search. */
export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
