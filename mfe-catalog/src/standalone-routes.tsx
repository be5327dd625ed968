import type { RouteObject } from 'react-router';
import ProductDetailPage from './products/pages/ProductDetailPage';
import ProductsPage from './products/pages/ProductsPage';
import ServiceDetailPage from './services/pages/ServiceDetailPage';
import ServicesPage from './services/pages/ServicesPage';
import ShopPage from './shops/pages/ShopPage';

/** The catalog's pages at the same paths as in the host, for standalone development. */
export const standaloneRoutes: RouteObject[] = [
  { path: '/', element: <ProductsPage /> },
  { path: '/products', element: <ProductsPage /> },
  { path: '/products/:productId', element: <ProductDetailPage /> },
  { path: '/services', element: <ServicesPage /> },
  { path: '/services/:serviceId', element: <ServiceDetailPage /> },
  { path: '/shop/:shopId', element: <ShopPage /> },
];
