/**
 * react-router facade: the only react-router entry the site imports (`react-router` is aliased
 * here by rspack.base.ts, tsconfig paths and jest). It re-exports only the APIs the site uses,
 * from react-router's production build (`@campus/react-router-impl`), so the federated router
 * singleton is small (docs/stack-notes.md "Shared singletons and sizes": ~29 KB gz instead of 60 KB) and there is ONE router
 * for the host and every remote.
 */
export type {
  LoaderFunctionArgs,
  Location,
  NavigateFunction,
  RouteObject,
  SetURLSearchParams,
} from '@campus/react-router-impl';
export {
  createBrowserRouter,
  createMemoryRouter,
  generatePath,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  ScrollRestoration,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from '@campus/react-router-impl';
