import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { PageSpinner } from './PageSpinner';

/** Page frame of every route: navbar, the page in `<main>`, footer. */
export function Layout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold and does not jump when a
          page arrives (layout shift, issue 7). */}
      <Box component="main" id="main" sx={{ flexGrow: 1, minHeight: '100vh' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
