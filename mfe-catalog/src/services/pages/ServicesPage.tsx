import { SERVICE_CATEGORIES } from '@campus/shared';
import { ListFilterForm, type ListFilterValues } from '../../common/components/ListFilterForm';
import { keptParams } from '../../common/utils/list-url-state';
import { ListPage, type ListPageUrl } from '../../lists/components/ListPage';
import { getServices } from '../api/get-services';
import { ServiceCard } from '../components/ServiceCard';
import { ServicePriceFilters } from '../components/ServicePriceFilters';
import { loadServicesPage, SERVICES_HEAD } from '../server/load-services';

/** Server-side data of this page (docs/product.md §23.3). */
export const loadServerData = loadServicesPage;

/** The services' filters in force (from the URL): category and price band. */
const appliedOf = ({ state }: ListPageUrl): ListFilterValues => ({
  category: state.category,
  minPrice: state.minPrice,
  maxPrice: state.maxPrice,
});

/** The URL parameters the services' filter forms set; the forms keep the others. */
const FILTER_PARAMS = ['category', 'minPrice', 'maxPrice'] as const;

/**
 * Services list (docs/product.md §2 "Services list", route /services): the catalog's list page
 * ({@link ListPage}) with the services' filters (category, min/max price, 'Apply Filters') in a
 * side panel from 768 px and below it in the 'Price Filters' modal (Cancel, Apply), the same
 * places as the products' category (docs/product.md §21 item 14).
 */
export default function ServicesPage() {
  return (
    <ListPage
      kind="services"
      head={SERVICES_HEAD}
      searchLabel="Search services"
      emptyText="No services found."
      categories={SERVICE_CATEGORIES}
      fetchPage={getServices}
      renderCard={(service, eager) => <ServiceCard service={service} eager={eager} />}
      phoneFilters={(url) => (
        <ServicePriceFilters
          applied={appliedOf(url)}
          onApply={(filters) => url.update(filters)}
          keep={keptParams(url.state, [...FILTER_PARAMS])}
        />
      )}
      desktopFilters={(url) => (
        <ListFilterForm
          applied={appliedOf(url)}
          onApply={(filters) => url.update(filters)}
          categories={SERVICE_CATEGORIES}
          label="Service filters"
          idPrefix="service-filters"
          keep={keptParams(url.state, [...FILTER_PARAMS])}
        />
      )}
    />
  );
}
