import { Box, CircularProgress, Container } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { DashboardNav } from './common/components/DashboardNav';

// Each page is its own chunk: opening /app loads the overview only; forms (formik, yup) load
// with the pages that have them.
const OverviewPage = lazy(
  () => import(/* webpackChunkName: "dashboard-overview" */ './overview/pages/OverviewPage'),
);
const ProductsListPage = lazy(
  () => import(/* webpackChunkName: "dashboard-products" */ './products/pages/ProductsListPage'),
);
const ServicesListPage = lazy(
  () => import(/* webpackChunkName: "dashboard-services" */ './services/pages/ServicesListPage'),
);
// Deals and ratings (docs/product.md §28).
const DealsPage = lazy(() => import(/* webpackChunkName: "dashboard-deals" */ './deals/pages/DealsPage'));
const SavedPage = lazy(() => import(/* webpackChunkName: "dashboard-saved" */ './saved/pages/SavedPage'));
const SavedSearchesPage = lazy(
  () => import(/* webpackChunkName: "dashboard-saved-searches" */ './saved-searches/pages/SavedSearchesPage'),
);
const EventsListPage = lazy(
  () => import(/* webpackChunkName: "dashboard-events" */ './events/pages/EventsListPage'),
);
const ModerationPage = lazy(
  () => import(/* webpackChunkName: "dashboard-moderation" */ './moderation/pages/ModerationPage'),
);
const ReleasesPage = lazy(
  () => import(/* webpackChunkName: "dashboard-releases" */ './releases/pages/ReleasesPage'),
);
const SettingsPage = lazy(
  () => import(/* webpackChunkName: "dashboard-settings" */ './settings/pages/SettingsPage'),
);

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/**
 * /app and its child pages (docs/product.md §2: products-list = app.products, services-list, events-list,
 * settings = app.settings; moderation for admins, docs/product.md §19; releases for admins, ADR 0029; saved items, docs/product.md §20.1), under the host's `/app/*` route (guests are sent to login by the
 * host). A navigation bar of real links sits above every page; unknown children go to /app.
 */
export default function DashboardApp() {
  return (
    // The public pages' frame (Container lg, its 16/24 px side padding, 24 px top): the dashboard
    // looks like the same site (docs/product.md §21.12).
    <Container sx={{ py: 3 }}>
      <DashboardNav />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<OverviewPage />} />
          <Route path="saved" element={<SavedPage />} />
          <Route path="deals" element={<DealsPage />} />
          <Route path="saved-searches" element={<SavedSearchesPage />} />
          <Route path="products-list" element={<ProductsListPage />} />
          <Route path="services-list" element={<ServicesListPage />} />
          <Route path="events-list" element={<EventsListPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="moderation" element={<ModerationPage />} />
          <Route path="releases" element={<ReleasesPage />} />
          <Route path="*" element={<Navigate to="/app" replace />} />
        </Routes>
      </Suspense>
    </Container>
  );
}
