/**
 * Server-side data loader of the seller page (docs/product.md §23.3; ADR 0009): the exposed page module re-exports
 * it as `loadServerData`; the host's server calls it with the API in-process before rendering,
 * puts the result into the HTML and the page's hooks start from it (same keys via `preloadKey`,
 * same shapes as the browser's fetchers), so the browser does not fetch the data again. The
 * head (title, description, share image) comes from the same data.
 */
import { type LoadServerData, preloadKey } from '@campus/shared';
import { type SellerPageData, type SellerProfile, sellerPageData } from '../api/get-seller';
import { sellerFullName } from '../components/SellerHeader';

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
