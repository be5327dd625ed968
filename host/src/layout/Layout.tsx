import { usePreloaded } from '@campus/shared';
import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteErrorBoundary } from '../remotes/RemoteErrorBoundary';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { NavigationScrollRestoration } from './NavigationScrollRestoration';
import { PageSpinner } from './PageSpinner';
import { MAIN_ID, SkipLink } from './SkipLink';

/**
 * Key of the flag the server sets when the requested item does not exist (it answers 404 with the
 * not-found page at the item's URL; docs/product.md §23.1). Applies to the first location only.
 */
export const NOT_FOUND_PRELOAD_KEY = 'not-found';

/** 'Try again' for a host page that failed to load: React keeps a failed lazy import, so reload. */
function reloadPage() {
  window.location.reload();
}

/** Page frame of every route: the skip link (first tab stop), navbar, the page in `<main>`, footer. */
export function Layout() {
  const location = useLocation();
  const notFound = usePreloaded<boolean>(NOT_FOUND_PRELOAD_KEY) === true && location.key === 'default';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {/* Each region its own Suspense boundary (none of them suspends): hydration of a
          server-rendered page then runs region by region in separate tasks instead of one long
          one, and a region tapped early is hydrated first (React's selective hydration; docs/product.md §23). */}
      <Suspense fallback={null}>
        <Navbar />
      </Suspense>
      {/* At least a screen tall, so the footer starts below the fold and does not jump when a
          page arrives (layout shift, docs/product.md §23.9). */}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}
      >
        {/* A page whose code cannot be downloaded (offline) shows the outage notice in <main>;
            navbar and footer stay, and a navigation to another path tries again. */}
        <RemoteErrorBoundary resetKey={location.pathname} onRetry={reloadPage}>
          <Suspense fallback={<PageSpinner />}>{notFound ? <NotFoundPage /> : <Outlet />}</Suspense>
        </RemoteErrorBoundary>
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <NavigationScrollRestoration />
    </Box>
  );
}
