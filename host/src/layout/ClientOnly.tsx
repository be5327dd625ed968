import { useHydrated } from '@campus/shared';
import type { ReactNode } from 'react';
import { PageSpinner } from './PageSpinner';

/**
 * Renders `children` in the browser only (docs/product.md §23.1: /auth*, /app*, /create-service depend
 * on the session, which the server does not know). The server and hydration render the page
 * spinner inside the shell; the page itself replaces it right after hydration.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : <PageSpinner />;
}
