import { useApiNavigator } from '@campus/shared';
import { useRef } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { routes } from './routes';

/**
 * The route table of docs/product.md §2 rendered in react-router's declarative mode (ADR 0048):
 * inside `<BrowserRouter>` in the browser and `<StaticRouter>` on the server, so both render the
 * same tree. It also hands the API client its navigator (docs/product.md §8: a 401 or 403 moves
 * to `/auth` or `/forbidden` without a page load), and calls `onFirstNavigation` once, during the
 * render of the first location that differs from the one the page was loaded at (the host empties
 * the server's route data there, so later pages fetch fresh data; docs/product.md §23.3).
 */
export function SiteRoutes({ onFirstNavigation }: { onFirstNavigation?: () => void }) {
  const location = useLocation();
  const firstKey = useRef(location.key);
  const navigated = useRef(false);
  if (!navigated.current && location.key !== firstKey.current) {
    navigated.current = true;
    onFirstNavigation?.();
  }
  useApiNavigator();
  return useRoutes(routes);
}
