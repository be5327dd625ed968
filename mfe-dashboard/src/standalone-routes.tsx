import type { RouteObject } from 'react-router';
import DashboardApp from './DashboardApp';
import CreateServicePage from './services/pages/CreateServicePage';

/** The dashboard pages at the same paths as in the host, for standalone development. */
export const standaloneRoutes: RouteObject[] = [
  { path: '/app/*', element: <DashboardApp /> },
  { path: '/create-service', element: <CreateServicePage /> },
  { path: '*', element: <DashboardApp /> },
];
