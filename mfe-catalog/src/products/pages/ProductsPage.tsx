import {
  lazyPanel,
  MountWhenOpened,
  PRODUCT_CATEGORIES,
  TAP_REPLAY,
  useIsDesktop,
  usePageMeta,
} from '@campus/shared';
import { Box, Button, Container, FilterListIcon, Typography } from '@mui/material';
import { useState } from 'react';
import { ActiveFilters, NOTHING_ACTIVE } from '../../common/components/ActiveFilters';
import { ListFilterForm, type ListFilterValues } from '../../common/components/ListFilterForm';
import { ListResults } from '../../common/components/ListResults';
import { SearchBox } from '../../common/components/SearchBox';
import { SortAndCampus } from '../../common/components/SortAndCampus';
import { useListFetch } from '../../common/hooks/useListFetch';
import { useListUrlState } from '../../common/hooks/useListUrlState';
import { hasFilters, keptParams, toListQuery } from '../../common/utils/list-url-state';
import { loadProductsPage, PRODUCTS_HEAD } from '../../server/load-server-data';
import { VerifiedOnlyFilter } from '../../trust/components/VerifiedOnlyFilter';
import { getProducts } from '../api/get-products';
import { ProductCard } from '../components/ProductCard';

// The phone's filter drawer (and MUI's Drawer) downloads when Filters is first pressed (docs/product.md §23).
const ProductFiltersDrawer = lazyPanel(() =>
  import('../components/ProductFiltersDrawer').then((m) => m.ProductFiltersDrawer),
);

/** Server-side data of this page (docs/product.md §23.3). */
export const loadServerData = loadProductsPage;

/** Cards loaded eagerly (the first row on a phone). */

/**
 * Products list (docs/product.md §2 "Products list", route /products): sticky debounced search, filter side
 * panel (a drawer below 768 px that closes on apply; with the condition, docs/product.md §20.4), the sort
 * and campus controls (docs/product.md §20.2), spinner, 'No products found.', a grid of product cards
 * and the pagination. Search, filters and page live in the URL query string and
 * any search or filter change resets the page to 1. A failed fetch is logged and the list stays.
 */
export default function ProductsPage() {
  usePageMeta(PRODUCTS_HEAD.title, PRODUCTS_HEAD.description);
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { state, update, hrefFor } = useListUrlState(PRODUCT_CATEGORIES);
  const { items, totalPages, loading, failed, networkError, retry } = useListFetch(
    toListQuery(state),
    getProducts,
    'products',
  );
  const applied: ListFilterValues = {
    category: state.category,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    condition: state.condition,
  };

  const applyFilters = (filters: ListFilterValues) => {
    update(filters);
    setDrawerOpen(false);
  };
  const filters = (
    <ListFilterForm
      applied={applied}
      onApply={applyFilters}
      categories={PRODUCT_CATEGORIES}
      label="Product filters"
      withCondition
    />
  );

  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Products
      </Typography>
      <SearchBox
        label="Search products"
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        keep={keptParams(state, ['search'])}
      >
        {isDesktop ? null : (
          <Button
            variant={hasFilters(applied) ? 'contained' : 'outlined'}
            startIcon={<FilterListIcon />}
            onClick={() => setDrawerOpen(true)}
            aria-haspopup="dialog"
            {...TAP_REPLAY}
          >
            Filters
          </Button>
        )}
      </SearchBox>
      <SortAndCampus state={state} onChange={update} keep={keptParams(state, ['sort', 'university'])} />
      <ActiveFilters state={state} onChange={update} />
      <VerifiedOnlyFilter
        checked={state.verifiedOnly}
        onChange={(verifiedOnly) => update({ verifiedOnly })}
      />
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {isDesktop ? (
          <Box component="aside" aria-labelledby="product-filters-heading" sx={{ width: 240, flexShrink: 0 }}>
            <Typography id="product-filters-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              Filters
            </Typography>
            {filters}
          </Box>
        ) : null}
        <ListResults
          label="Products"
          what="products"
          emptyText="No products found."
          state={state}
          onClearFilters={() => update(NOTHING_ACTIVE)}
          hrefFor={(page) => hrefFor({ page })}
          items={items}
          totalPages={totalPages}
          loading={loading}
          failed={failed}
          networkError={networkError}
          onRetry={retry}
          renderCard={(product, eager) => <ProductCard product={product} eager={eager} />}
        />
      </Box>
      {isDesktop ? null : (
        <MountWhenOpened open={drawerOpen}>
          <ProductFiltersDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            {filters}
          </ProductFiltersDrawer>
        </MountWhenOpened>
      )}
    </Container>
  );
}
