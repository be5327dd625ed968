/**
 * Every module the host loads from a remote, by its exposed id `'<remote>/<ExposedModule>'`
 * (`<remote>` is the remote's name in `/remotes.json`, `<ExposedModule>` a key of the remote's
 * `exposes` in its rspack.config.ts; ADR 0001: remotes expose page-level modules only). The one
 * place these ids are written: the route table (docs/product.md §2) and the home page read them
 * here, and `remote-pages.test.ts` beside this file checks them against the remotes' `exposes`.
 */
export const REMOTE_PAGES = {
  products: 'catalog/ProductsPage',
  productDetail: 'catalog/ProductDetailPage',
  services: 'catalog/ServicesPage',
  serviceDetail: 'catalog/ServiceDetailPage',
  shop: 'catalog/ShopPage',
  /** A seller's public page (docs/product.md §20.8). */
  seller: 'catalog/SellerPage',
  /** Campus events and one event (docs/product.md §20.9). */
  events: 'catalog/EventsPage',
  eventDetail: 'catalog/EventDetailPage',
  /** The home page's newest cards (props: kind, limit), part of a host page. */
  latestListings: 'catalog/LatestListings',
  auth: 'auth/AuthPage',
  checkInbox: 'auth/CheckInboxPage',
  verifyEmail: 'auth/VerifyEmailPage',
  forgotPassword: 'auth/ForgotPasswordPage',
  resetPassword: 'auth/ResetPasswordPage',
  dashboard: 'dashboard/DashboardApp',
  createService: 'dashboard/CreateServicePage',
} as const;

/** One exposed module id of {@link REMOTE_PAGES}, e.g. `'catalog/ProductsPage'`. */
export type RemotePageId = (typeof REMOTE_PAGES)[keyof typeof REMOTE_PAGES];
