import { safeRedirectPath, useSession } from '@campus/shared';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';

/**
 * Route guard for guest-only pages (/auth): a signed-in user is sent to `/products` (docs/product.md §2), or
 * to the `redirect` query path when it is a same-site path — so the login that has just stored
 * the session lands where the guest was going.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const [params] = useSearchParams();
  if (isAuthenticated) return <Navigate to={safeRedirectPath(params.get('redirect'))} replace />;
  return children;
}
