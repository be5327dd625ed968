/**
 * Server-side data loader of the shop page (docs/product.md §23.3; ADR 0009): the exposed page module re-exports
 * it as `loadServerData`; the host's server calls it with the API in-process before rendering,
 * puts the result into the HTML and the page's hooks start from it (same keys via `preloadKey`,
 * same shapes as the browser's fetchers), so the browser does not fetch the data again. The
 * head (title, description, share image) comes from the same data.
 */
import { type LoadServerData, preloadKey } from '@campus/shared';
import { itemDescription } from '../../common/utils/item-description';

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
