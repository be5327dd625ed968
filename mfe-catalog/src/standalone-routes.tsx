import type { RouteObject } from 'react-router';
import { Link } from 'react-router';
import EventDetailPage from './events/pages/EventDetailPage';
import EventsPage from './events/pages/EventsPage';
import LatestListings from './home/components/LatestListings';
import ProductDetailPage from './products/pages/ProductDetailPage';
import ProductsPage from './products/pages/ProductsPage';
import SellerPage from './sellers/pages/SellerPage';
import ServiceDetailPage from './services/pages/ServiceDetailPage';
import ServicesPage from './services/pages/ServicesPage';
import ShopPage from './shops/pages/ShopPage';

/** Stand-in for the host's home page: the exposed LatestListings under host-style headings. */
function StandaloneHome() {
  return (
    <main style={{ padding: 16 }}>
      <h1>Catalog (standalone)</h1>
      <nav style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
        <Link to="/products">Products</Link>
        <Link to="/services">Services</Link>
        <Link to="/events">Events</Link>
      </nav>
      <h2>Latest products</h2>
      <LatestListings kind="products" />
      <h2>Latest services</h2>
      <LatestListings kind="services" limit={4} />
    </main>
  );
}

/** Stand-in for the host's not-found page (the API client sends a 404 here). */
function StandaloneNotFound() {
  return (
    <main style={{ padding: 16 }}>
      <h1>Page not found</h1>
      <Link to="/products">Back to products</Link>
    </main>
  );
}

/** The catalog's pages at the same paths as in the host, for standalone development. */
export const standaloneRoutes: RouteObject[] = [
  { path: '/', element: <StandaloneHome /> },
  { path: '/products', element: <ProductsPage /> },
  { path: '/products/:productId', element: <ProductDetailPage /> },
  { path: '/services', element: <ServicesPage /> },
  { path: '/services/:serviceId', element: <ServiceDetailPage /> },
  { path: '/shop/:shopId', element: <ShopPage /> },
  { path: '/sellers/:sellerId', element: <SellerPage /> },
  { path: '/events', element: <EventsPage /> },
  { path: '/events/:eventId', element: <EventDetailPage /> },
  { path: '*', element: <StandaloneNotFound /> },
];
