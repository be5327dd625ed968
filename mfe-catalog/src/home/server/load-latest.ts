/**
 * Server-side data loader of the home page's latest listings (docs/product.md §23.3; ADR 0009): the exposed page module re-exports
 * it as `loadServerData`; the host's server calls it with the API in-process before rendering,
 * puts the result into the HTML and the page's hooks start from it (same keys via `preloadKey`,
 * same shapes as the browser's fetchers), so the browser does not fetch the data again. The
 * head (title, description, share image) comes from the same data.
 */
import { type LoadServerData, PAGE_SIZE, preloadKey } from '@campus/shared';

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
