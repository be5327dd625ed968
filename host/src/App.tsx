import {
  type PreloadedData,
  PreloadedDataProvider,
  TOAST_DURATION_MS,
  TOAST_MAX_SNACK,
  Toaster,
  theme,
  useToastAnchor,
} from '@campus/shared';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { CurrentUserRefresh } from './session/useCurrentUserRefresh';

/**
 * Providers of the whole site: the MUI theme, ONE toaster (notistack's SnackbarProvider, mounted
 * with the first toast: docs/product.md §23) serving the host and every remote (top-right, up to 20,
 * 5000 ms; docs/product.md §9; bottom-center below 768 px, docs/product.md §21.4), the current-user refresh (docs/product.md §4),
 * the route data the server rendered (docs/product.md §23.3; empty in a client-only render) and the
 * router (`children`: `<BrowserRouter>` in the browser, `<StaticRouter>` on the server; ADR 0048).
 */
export function App({ children, data = {} }: { children?: ReactNode; data?: PreloadedData }) {
  const toastAnchor = useToastAnchor();
  useEffect(() => {
    // The shell is live (rendered, or hydrated over the server's HTML): `<html data-hydrated>`
    // tells tests (e2e/support/fixtures.ts) and monitoring that clicks now reach React.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PreloadedDataProvider data={data}>
        <CurrentUserRefresh />
        {children}
        <Toaster maxSnack={TOAST_MAX_SNACK} autoHideDuration={TOAST_DURATION_MS} anchorOrigin={toastAnchor} />
      </PreloadedDataProvider>
    </ThemeProvider>
  );
}
