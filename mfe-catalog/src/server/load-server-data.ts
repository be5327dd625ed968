/**
 * Server-side data loaders of the catalog's exposed pages (docs/product.md §23.3; ADR 0009). Each
 * exposed page module re-exports its loader as `loadServerData`; the host's server calls it with
 * the API's services in-process before rendering, puts the result into the HTML and the page's
 * hooks start from it (same keys via `preloadKey`, same shapes as the browser's fetchers), so
 * the browser does not fetch the data again. Heads (title, description, share image) come from
 * the same data (item 6).
 */
import {
  type LoadServerData,
  PAGE_SIZE,
  PRODUCT_CATEGORIES,
  preloadKey,
  SERVICE_CATEGORIES,
  truncate,
} from '@campus/shared';
import { parseListUrl, toListQuery } from '../common/utils/list-url-state';
import { eventPage } from '../events/api/get-events';
import { parseEventsUrl, toEventsQuery } from '../events/utils/events-url';
import { productPage } from '../products/api/get-products';
import { type SellerPageData, type SellerProfile, sellerPageData } from '../sellers/api/get-seller';
import { sellerFullName } from '../sellers/components/SellerHeader';
import { servicePage } from '../services/api/get-services';

/** Title and description of the products list (docs/product.md §2 "Page titles and meta tags"). */
export const PRODUCTS_HEAD = {
  title: 'Products',
  description:
    'Buy and sell textbooks, electronics, dorm essentials and more with students on your campus. Prices in Kes.',
};
/** Title and description of the services list. */
export const SERVICES_HEAD = {
  title: 'Services',
  description:
    'Tutoring, photography, tech repair, beauty and more from students on your campus. Prices in Kes.',
};

/** Meta description of an item: its description cut to 155 characters. */
export const itemDescription = (text: string | null | undefined) => truncate(text, 155, true);

/** /products: the page of the URL's search, category, price and page (as the page asks the API). */
export const loadProductsPage: LoadServerData = async ({ searchParams, api }) => {
  const query = toListQuery(parseListUrl(searchParams, PRODUCT_CATEGORIES));
  const page = productPage(await api.listProducts(query));
  return { data: { [preloadKey('products', query)]: page }, head: PRODUCTS_HEAD };
};

/** /services: as {@link loadProductsPage}. */
export const loadServicesPage: LoadServerData = async ({ searchParams, api }) => {
  const query = toListQuery(parseListUrl(searchParams, SERVICE_CATEGORIES));
  const page = servicePage(await api.listServices(query));
  return { data: { [preloadKey('services', query)]: page }, head: SERVICES_HEAD };
};

/** /products/:productId: the product (its view counted once), or not found. */
export const loadProductDetail: LoadServerData = async ({ params, api }) => {
  const id = params.productId ?? '';
  const product = await api.getProduct(id);
  if (!product) return { data: {}, notFound: true };
  return {
    data: { [preloadKey('product', id)]: product },
    head: {
      title: product.title,
      description: itemDescription(product.description),
      image: product.coverImage,
      type: 'product',
    },
  };
};

/** /services/:serviceId: the service, or not found. */
export const loadServiceDetail: LoadServerData = async ({ params, api }) => {
  const id = params.serviceId ?? '';
  const service = await api.getService(id);
  if (!service) return { data: {}, notFound: true };
  return {
    data: { [preloadKey('service', id)]: service },
    head: {
      title: service.name,
      description: itemDescription(service.description),
      image: service.coverImage,
      type: 'product',
    },
  };
};

/** /shop/:shopId: the shop and its products, or not found. */
export const loadShop: LoadServerData = async ({ params, api }) => {
  const id = params.shopId ?? '';
  const shop = await api.getShop(id);
  if (!shop) return { data: {}, notFound: true };
  const products = await api.listShopProducts(id);
  return {
    data: { [preloadKey('shop', id)]: { shop, products } },
    head: {
      title: shop.name,
      description: itemDescription(shop.description),
      image: shop.coverImage ?? products.find((product) => product.coverImage)?.coverImage ?? null,
      type: 'profile',
    },
  };
};

/** A seller page's meta description (docs/product.md §20.8). */
export function sellerDescription(seller: SellerProfile): string {
  const campus = seller.university ? ` at ${seller.university}` : '';
  return `Products and services of ${sellerFullName(seller)}${campus} on Campus Soko.`;
}

/**
 * /sellers/:sellerId (docs/product.md §20.8): the seller with their available products and services,
 * or not found. A server without `getSeller` leaves the page to the browser.
 */
export const loadSeller: LoadServerData = async ({ params, api }) => {
  const id = params.sellerId ?? '';
  if (!api.getSeller) return { data: {} };
  const answer = await api.getSeller(id);
  if (!answer) return { data: {}, notFound: true };
  const page: SellerPageData = sellerPageData(answer);
  return {
    data: { [preloadKey('seller', id)]: page },
    head: {
      title: sellerFullName(page.seller),
      description: sellerDescription(page.seller),
      image: page.seller.photo ?? null,
      type: 'profile',
    },
  };
};

/** Title and description of the events page (docs/product.md §20.9). */
export const EVENTS_HEAD = {
  title: 'Campus events',
  description: 'Upcoming events on Kenyan campuses: dates and times in Nairobi time, venues and prices.',
};

/** /events: the page of the URL's university and page (as the page asks the API). */
export const loadEventsPage: LoadServerData = async ({ searchParams, api }) => {
  if (!api.listEvents) return { data: {}, head: EVENTS_HEAD };
  const query = toEventsQuery(parseEventsUrl(searchParams));
  return {
    data: { [preloadKey('events', query)]: eventPage(await api.listEvents(query)) },
    head: EVENTS_HEAD,
  };
};

/** /events/:eventId: the event, or not found. */
export const loadEventDetail: LoadServerData = async ({ params, api }) => {
  const id = params.eventId ?? '';
  if (!api.getEvent) return { data: {} };
  const event = await api.getEvent(id);
  if (!event) return { data: {}, notFound: true };
  return {
    data: { [preloadKey('event', id)]: event },
    head: { title: event.title, description: itemDescription(event.description), image: event.coverImage },
  };
};

/** Default number of cards of `LatestListings` (its `limit` prop). */
export const LATEST_DEFAULT_LIMIT = 8;

/** The query `LatestListings` asks for `limit` cards with. */
export function latestQuery(limit: number) {
  return { page: 1, limit: Math.min(Math.max(1, Math.floor(limit) || LATEST_DEFAULT_LIMIT), PAGE_SIZE) };
}

/** The home page's newest products and services (`LatestListings`, both kinds, default limit). */
export const loadLatestListings: LoadServerData = async ({ api }) => {
  const query = latestQuery(LATEST_DEFAULT_LIMIT);
  const [products, services] = await Promise.all([api.listProducts(query), api.listServices(query)]);
  return {
    data: {
      [preloadKey('latest-products', query)]: { kind: 'products', items: products.products ?? [] },
      [preloadKey('latest-services', query)]: { kind: 'services', items: services.services ?? [] },
    },
  };
};
