/**
 * Tiny local shell so a remote runs alone on its dev port for its own team (ARCHITECTURE
 * "Module federation": each remote also runs standalone). Same providers as the host: theme,
 * one Toaster (top-right, 20, 5000 ms), router, API navigator.
 */

import { CssBaseline, ThemeProvider } from '@mui/material';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { setApiNavigator } from './api-client';
import { TOAST_DURATION_MS, TOAST_MAX_SNACK } from './constants';
import { theme } from './theme';
import { Toaster } from './toasts';

/** The page's one Toaster with the site's settings: top-right, at most 20, 5000 ms (docs/product.md §9). */
export function SiteToaster() {
  return (
    <Toaster
      maxSnack={TOAST_MAX_SNACK}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    />
  );
}

/**
 * Hands the API client the router's `navigate` (docs/product.md §8: a 401, 403 or 404 moves
 * without a page load). Call it once, inside the router: the host's routes and the standalone shell.
 */
export function useApiNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setApiNavigator((to) => {
      void navigate(to);
    });
  }, [navigate]);
}

/** `routes` in react-router's declarative mode (ADR 0048), with the API client's navigator. */
function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  useApiNavigator();
  return useRoutes(routes);
}

/** Renders `routes` into `#root` with the site's providers. Throws when `#root` is missing. */
export function renderStandalone(routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <StandaloneRoutes routes={routes} />
      </BrowserRouter>
      <SiteToaster />
    </ThemeProvider>,
  );
}
