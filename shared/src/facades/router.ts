/**
 * react-router facade: the only react-router entry the site imports (`react-router` is aliased
 * here by rspack.base.ts, tsconfig paths and jest). It re-exports only the APIs the site uses,
 * from react-router's production build (`@campus/react-router-impl`), so the federated router
 * singleton is small (docs/stack-notes.md "Shared singletons and sizes": ~29 KB gz instead of 60 KB) and there is ONE router
 * for the host and every remote.
 *
 * The site uses react-router's declarative mode (`BrowserRouter` + `useRoutes`, ADR 0048): no data
 * router, so `createBrowserRouter`, `RouterProvider` and `ScrollRestoration` are not here. Every
 * export is part of the contract with deployed remotes: remove one only when no remote's code
 * imports it.
 */
export type {
  Location,
  NavigateFunction,
  NavigationType,
  RouteObject,
  SetURLSearchParams,
} from '@campus/react-router-impl';
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from '@campus/react-router-impl';
