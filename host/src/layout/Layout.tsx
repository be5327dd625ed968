import { Box } from '@mui/material';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Page frame of every route: navbar, the page in `<main>`, footer. */
export function Layout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Navbar />
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
