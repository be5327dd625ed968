/** Catalog remote: products, services, their detail pages and shop details. */
import { createFrontendConfig, REMOTES } from '../rspack.base';

/** Page-level modules this remote exposes to the host (ids 'catalog/<key>'). */
export const exposes = {
  './ProductsPage': './src/products/pages/ProductsPage.tsx',
  './ProductDetailPage': './src/products/pages/ProductDetailPage.tsx',
  './ServicesPage': './src/services/pages/ServicesPage.tsx',
  './ServiceDetailPage': './src/services/pages/ServiceDetailPage.tsx',
  './ShopPage': './src/shops/pages/ShopPage.tsx',
  './LatestListings': './src/home/components/LatestListings.tsx',
};

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createFrontendConfig({
    name: 'catalog',
    dir: __dirname,
    port: REMOTES.catalog,
    exposes,
    mode: argv.mode ?? 'development',
  });
