/**
 * Server-side data loaders of the products pages (docs/product.md §23.3; ADR 0009): the exposed page module re-exports
 * it as `loadServerData`; the host's server calls it with the API in-process before rendering,
 * puts the result into the HTML and the page's hooks start from it (same keys via `preloadKey`,
 * same shapes as the browser's fetchers), so the browser does not fetch the data again. The
 * head (title, description, share image) comes from the same data.
 */
import { type LoadServerData, PRODUCT_CATEGORIES, preloadKey } from '@campus/shared';
import { itemDescription } from '../../common/utils/item-description';
import { parseListUrl, toListQuery } from '../../common/utils/list-url-state';
import { productPage } from '../api/get-products';

/** Title and description of the products list (docs/product.md §2 "Page titles and meta tags"). */
export const PRODUCTS_HEAD = {
  title: 'Products',
  description:
    'Buy and sell textbooks, electronics, dorm essentials and more with students on your campus. Prices in Kes.',
};
/** /products: the page of the URL's search, category, price and page (as the page asks the API). */
export const loadProductsPage: LoadServerData = async ({ searchParams, api }) => {
  const query = toListQuery(parseListUrl(searchParams, PRODUCT_CATEGORIES));
  const page = productPage(await api.listProducts(query));
  return { data: { [preloadKey('products', query)]: page }, head: PRODUCTS_HEAD };
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
