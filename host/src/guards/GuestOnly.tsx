import { useSession } from '@campus/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/** Route guard for guest-only pages (/auth): a signed-in user is sent to `/products` (spec 2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  if (isAuthenticated) return <Navigate to="/products" replace />;
  return children;
}
