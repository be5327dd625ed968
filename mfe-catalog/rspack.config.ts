/** Catalog remote: products, services, their detail pages, shop details, seller pages and campus events. */
import { createFrontendConfig, createServerConfig, REMOTES } from '../rspack.base';

/** Page-level modules this remote exposes to the host (ids 'catalog/<key>'). */
export const exposes = {
  './ProductsPage': './src/products/pages/ProductsPage.tsx',
  './ProductDetailPage': './src/products/pages/ProductDetailPage.tsx',
  './ServicesPage': './src/services/pages/ServicesPage.tsx',
  './ServiceDetailPage': './src/services/pages/ServiceDetailPage.tsx',
  './ShopPage': './src/shops/pages/ShopPage.tsx',
  './SellerPage': './src/sellers/pages/SellerPage.tsx',
  './EventsPage': './src/events/pages/EventsPage.tsx',
  './EventDetailPage': './src/events/pages/EventDetailPage.tsx',
  './LatestListings': './src/home/components/LatestListings.tsx',
};

/** The browser build, and (not under the dev server) the Node build the server renders with (docs/product.md §23). */
export default (_env: unknown, argv: { mode?: 'development' | 'production' }) => {
  const mode = argv.mode ?? 'development';
  const browser = createFrontendConfig({
    name: 'catalog',
    dir: __dirname,
    port: REMOTES.catalog,
    exposes,
    mode,
  });
  if (process.env.RSPACK_SERVE === 'true' || process.argv.includes('serve')) return browser;
  return [browser, createServerConfig({ name: 'catalog', dir: __dirname, exposes, mode })];
};
