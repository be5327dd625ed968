/**
 * The route table of docs/product.md §2, with guards. Pages owned by a remote are loaded at run time by id
 * ('<remote>/<ExposedModule>', all in remotes/remote-pages.ts); the host's own pages are imported directly.
 */
import type { LoadServerData } from '@campus/shared';
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { ClientOnly } from './layout/ClientOnly';
import { Layout } from './layout/Layout';
import { loadSignupUniversities } from './pages/auth/load-signup-universities';
import { ForbiddenPage } from './pages/ForbiddenPage';
import { loadSiteStats } from './pages/home/useSiteStats';
import { NotFoundPage } from './pages/NotFoundPage';
import { RemotePage } from './remotes/RemotePage';
import { REMOTE_PAGES } from './remotes/remote-pages';

// The host's own pages load on demand (the layout's Suspense shows a spinner), so a first visit
// to /products does not download the home page, the legal texts or the contact forms
// (formik + yup).
const HomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));
const AboutPage = lazy(() => import('./pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const ComingSoonPage = lazy(() =>
  import('./pages/ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })),
);
const ContactPage = lazy(() => import('./pages/ContactPage').then((m) => ({ default: m.ContactPage })));
const PrivacyPolicyPage = lazy(() =>
  import('./pages/PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import('./pages/TermsPage').then((m) => ({ default: m.TermsPage })));
const UserNavigationPage = lazy(() =>
  import('./pages/UserNavigationPage').then((m) => ({ default: m.UserNavigationPage })),
);

const remote = (id: string) => <RemotePage id={id} />;

/**
 * What the server does for a route before rendering it (docs/product.md §23; ADR 0009): load these exposed
 * modules (their `loadServerData` exports load the route's data) and run the host's own loader.
 * Routes without a handle render from the host's code alone.
 */
export interface RouteServerHandle {
  remotes?: string[];
  loadServerData?: LoadServerData;
}

/** A remote page the server renders with its data. */
const serverRendered = (id: string): Pick<RouteObject, 'element' | 'handle'> => ({
  element: remote(id),
  handle: { remotes: [id] } satisfies RouteServerHandle,
});

/** Session-dependent pages: the server renders the shell with a spinner, the browser the page. */
const clientOnly = (element: ReactNode): ReactNode => <ClientOnly>{element}</ClientOnly>;

/** All routes, children of the layout (navbar + footer). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: '/',
        element: <HomePage />,
        handle: {
          remotes: [REMOTE_PAGES.latestListings],
          loadServerData: loadSiteStats,
        } satisfies RouteServerHandle,
      },
      {
        path: '/auth',
        element: clientOnly(<GuestOnly>{remote(REMOTE_PAGES.auth)}</GuestOnly>),
        // Client-rendered, but signup's universities come with the HTML (no first API call).
        handle: { loadServerData: loadSignupUniversities } satisfies RouteServerHandle,
      },
      { path: '/forgot-password', element: clientOnly(remote(REMOTE_PAGES.forgotPassword)) },
      { path: '/verify-email', element: clientOnly(remote(REMOTE_PAGES.verifyEmail)) },
      { path: '/check-inbox', element: clientOnly(remote(REMOTE_PAGES.checkInbox)) },
      { path: '/reset-password/:token', element: clientOnly(remote(REMOTE_PAGES.resetPassword)) },
      { path: '/user-navigation', element: <UserNavigationPage /> },
      { path: '/products', ...serverRendered(REMOTE_PAGES.products) },
      { path: '/products/:productId', ...serverRendered(REMOTE_PAGES.productDetail) },
      {
        path: '/create-service',
        element: clientOnly(<RequireAuth>{remote(REMOTE_PAGES.createService)}</RequireAuth>),
      },
      { path: '/shop/:shopId', ...serverRendered(REMOTE_PAGES.shop) },
      // docs/product.md §20.8 and §20.9: seller pages and campus events, server-rendered like the shop page.
      { path: '/sellers/:sellerId', ...serverRendered(REMOTE_PAGES.seller) },
      { path: '/events', ...serverRendered(REMOTE_PAGES.events) },
      { path: '/events/:eventId', ...serverRendered(REMOTE_PAGES.eventDetail) },
      { path: '/services', ...serverRendered(REMOTE_PAGES.services) },
      { path: '/services/:serviceId', ...serverRendered(REMOTE_PAGES.serviceDetail) },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-and-conditions', element: <TermsPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/coming-soon', element: <ComingSoonPage /> },
      // The dashboard remote owns /app and its children (products-list, services-list, events-list, settings).
      { path: '/app/*', element: clientOnly(<RequireAuth>{remote(REMOTE_PAGES.dashboard)}</RequireAuth>) },
      // The spec's mobile-menu target '/profile' is the settings page (docs/product.md §21.11).
      { path: '/profile', element: clientOnly(<Navigate to="/app/settings" replace />) },
      { path: '/forbidden', element: <ForbiddenPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
