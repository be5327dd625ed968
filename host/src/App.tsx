import { TOAST_DURATION_MS, TOAST_MAX_SNACK, theme } from '@campus/shared';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { CurrentUserRefresh } from './session/useCurrentUserRefresh';

/**
 * Providers of the whole site: the MUI theme, ONE notistack SnackbarProvider serving the host
 * and every remote (top-right, up to 20, 5000 ms; spec 9), the current-user refresh (spec 4) and
 * the router.
 */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={TOAST_MAX_SNACK}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <CurrentUserRefresh />
        <RouterProvider router={router} />
      </SnackbarProvider>
    </ThemeProvider>
  );
}
