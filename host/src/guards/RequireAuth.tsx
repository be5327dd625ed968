import { loginPath, useSession } from '@campus/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/**
 * Route guard for pages that require authentication (docs/product.md §2 "Route table"): a guest is sent to
 * `/auth?mode=login&redirect=<requested path>`.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return children;
}
