/**
 * Server-side data loaders of the services pages (docs/product.md §23.3; ADR 0009): the exposed page module re-exports
 * it as `loadServerData`; the host's server calls it with the API in-process before rendering,
 * puts the result into the HTML and the page's hooks start from it (same keys via `preloadKey`,
 * same shapes as the browser's fetchers), so the browser does not fetch the data again. The
 * head (title, description, share image) comes from the same data.
 */
import { type LoadServerData, preloadKey, SERVICE_CATEGORIES } from '@campus/shared';
import { itemDescription } from '../../common/utils/item-description';
import { parseListUrl, toListQuery } from '../../common/utils/list-url-state';
import { servicePage } from '../api/get-services';

/** Title and description of the services list. */
export const SERVICES_HEAD = {
  title: 'Services',
  description:
    'Tutoring, photography, tech repair, beauty and more from students on your campus. Prices in Kes.',
};

/** /services: the page of the URL's search, category, price and page (as the page asks the API). */
export const loadServicesPage: LoadServerData = async ({ searchParams, api }) => {
  const query = toListQuery(parseListUrl(searchParams, SERVICE_CATEGORIES));
  const page = servicePage(await api.listServices(query));
  return { data: { [preloadKey('services', query)]: page }, head: SERVICES_HEAD };
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
