import { SERVICE_CATEGORIES, useIsDesktop, usePageMeta } from '@campus/shared';
import { Box, Container, Typography } from '@mui/material';
import { ActiveFilters, NOTHING_ACTIVE } from '../../common/components/ActiveFilters';
import { ListFilterForm, type ListFilterValues } from '../../common/components/ListFilterForm';
import { ListResults } from '../../common/components/ListResults';
import { SearchBox } from '../../common/components/SearchBox';
import { SortAndCampus } from '../../common/components/SortAndCampus';
import { useListFetch } from '../../common/hooks/useListFetch';
import { useListUrlState } from '../../common/hooks/useListUrlState';
import { keptParams, toListQuery } from '../../common/utils/list-url-state';
import { loadServicesPage, SERVICES_HEAD } from '../../server/load-server-data';
import { VerifiedOnlyFilter } from '../../trust/components/VerifiedOnlyFilter';
import { getServices } from '../api/get-services';
import { ServiceCard } from '../components/ServiceCard';
import { ServicePriceFilters } from '../components/ServicePriceFilters';

/** Server-side data of this page (docs/product.md §23.3). */
export const loadServerData = loadServicesPage;

/** Cards loaded eagerly (the first row on a phone). */

/**
 * Services list (docs/product.md §2 "Services list", route /services): sticky debounced search, the filters
 * (category, min/max price, 'Apply Filters') in a side panel from 768 px and below it in the
 * 'Price Filters' modal (Cancel, Apply) — the same places as the products' category (docs/product.md §21
 * item 14) — chips of the active filters with 'Clear all', spinner, 'No services found.' (with
 * 'Clear filters' when filtered), the load notice with 'Try again', service cards and the
 * pagination; the sort and campus controls (docs/product.md §20.2). State lives in the URL; a search or filter change resets the page to 1.
 */
export default function ServicesPage() {
  usePageMeta(SERVICES_HEAD.title, SERVICES_HEAD.description);
  const isDesktop = useIsDesktop();
  const { state, update, hrefFor } = useListUrlState(SERVICE_CATEGORIES);
  const { items, totalPages, loading, failed, networkError, retry } = useListFetch(
    toListQuery(state),
    getServices,
    'services',
  );
  const applied: ListFilterValues = {
    category: state.category,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
  };

  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Services
      </Typography>
      <SearchBox
        label="Search services"
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        keep={keptParams(state, ['search'])}
      >
        {isDesktop ? null : <ServicePriceFilters applied={applied} onApply={(filters) => update(filters)} />}
      </SearchBox>
      <SortAndCampus state={state} onChange={update} keep={keptParams(state, ['sort', 'university'])} />
      <ActiveFilters state={state} onChange={update} />
      <VerifiedOnlyFilter
        checked={state.verifiedOnly}
        onChange={(verifiedOnly) => update({ verifiedOnly })}
      />
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {isDesktop ? (
          <Box component="aside" aria-labelledby="service-filters-heading" sx={{ width: 240, flexShrink: 0 }}>
            <Typography id="service-filters-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              Filters
            </Typography>
            <ListFilterForm
              applied={applied}
              onApply={(filters) => update(filters)}
              categories={SERVICE_CATEGORIES}
              label="Service filters"
            />
          </Box>
        ) : null}
        <ListResults
          label="Services"
          what="services"
          emptyText="No services found."
          state={state}
          onClearFilters={() => update(NOTHING_ACTIVE)}
          hrefFor={(page) => hrefFor({ page })}
          items={items}
          totalPages={totalPages}
          loading={loading}
          failed={failed}
          networkError={networkError}
          onRetry={retry}
          renderCard={(service, eager) => <ServiceCard service={service} eager={eager} />}
        />
      </Box>
    </Container>
  );
}
