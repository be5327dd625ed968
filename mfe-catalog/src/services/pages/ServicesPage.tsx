import { SERVICE_CATEGORIES, usePageMeta } from '@campus/shared';
import { Box, Container, Typography } from '@mui/material';
import { CardGrid } from '../../common/components/CardGrid';
import { CategorySelect } from '../../common/components/CategorySelect';
import { LoadingSpinner } from '../../common/components/LoadingSpinner';
import { Pagination } from '../../common/components/Pagination';
import { SearchBox } from '../../common/components/SearchBox';
import { useIsDesktop } from '../../common/hooks/useIsDesktop';
import { useListFetch } from '../../common/hooks/useListFetch';
import { useListUrlState } from '../../common/hooks/useListUrlState';
import { toListQuery } from '../../common/utils/list-url-state';
import { scrollToTop } from '../../common/utils/scroll-to-top';
import { getServices } from '../api/get-services';
import { ServiceCard } from '../components/ServiceCard';
import { ServicePriceFilters } from '../components/ServicePriceFilters';

/** Cards loaded eagerly (the first row on a phone). */
const EAGER_CARDS = 2;

/**
 * Services list (spec 2 "Services list", route /services): sticky debounced search, a category
 * select (applies at once), min/max price with 'Apply Filters' (below 768 px in the 'Price
 * Filters' modal), spinner, 'No services found.', service cards and the pagination. State lives
 * in the URL; a search or filter change resets the page to 1; a failed fetch is logged only.
 */
export default function ServicesPage() {
  usePageMeta(
    'Services',
    'Tutoring, photography, tech repair, beauty and more from students on your campus. Prices in Kes.',
  );
  const isDesktop = useIsDesktop();
  const { state, update } = useListUrlState(SERVICE_CATEGORIES);
  const { items, totalPages, loading } = useListFetch(toListQuery(state), getServices, 'services');

  const priceFilters = (
    <ServicePriceFilters
      applied={{ minPrice: state.minPrice, maxPrice: state.maxPrice }}
      onApply={(range) => update(range)}
      mobile={!isDesktop}
    />
  );

  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Services
      </Typography>
      <SearchBox
        label="Search services"
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
      >
        {isDesktop ? null : priceFilters}
      </SearchBox>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ width: { xs: '100%', md: 260 }, mb: 2 }}>
          <CategorySelect
            value={state.category}
            onChange={(category) => update({ category })}
            categories={SERVICE_CATEGORIES}
          />
        </Box>
        {isDesktop ? priceFilters : null}
      </Box>
      <Box component="section" aria-label="Services">
        {loading ? <LoadingSpinner label="Loading services" /> : null}
        {!loading && items.length === 0 ? <Typography sx={{ py: 4 }}>No services found.</Typography> : null}
        {items.length > 0 ? (
          <CardGrid busy={loading}>
            {items.map((service, index) => (
              <li key={service._id}>
                <ServiceCard service={service} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </CardGrid>
        ) : null}
        <Pagination
          page={state.page}
          totalPages={totalPages}
          onChange={(page) => {
            update({ page });
            scrollToTop();
          }}
        />
      </Box>
    </Container>
  );
}
