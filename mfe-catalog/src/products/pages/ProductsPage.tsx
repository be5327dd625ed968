import { PRODUCT_CATEGORIES, usePageMeta } from '@campus/shared';
import {
  Box,
  Button,
  CloseIcon,
  Container,
  Drawer,
  FilterListIcon,
  IconButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { CardGrid } from '../../common/components/CardGrid';
import { LoadingSpinner } from '../../common/components/LoadingSpinner';
import { Pagination } from '../../common/components/Pagination';
import { SearchBox } from '../../common/components/SearchBox';
import { useIsDesktop } from '../../common/hooks/useIsDesktop';
import { useListFetch } from '../../common/hooks/useListFetch';
import { useListUrlState } from '../../common/hooks/useListUrlState';
import { hasFilters, toListQuery } from '../../common/utils/list-url-state';
import { scrollToTop } from '../../common/utils/scroll-to-top';
import { getProducts } from '../api/get-products';
import { ProductCard } from '../components/ProductCard';
import { ProductFilters, type ProductFilterValues } from '../components/ProductFilters';

/** Cards loaded eagerly (the first row on a phone). */
const EAGER_CARDS = 2;

/**
 * Products list (spec 2 "Products list", route /products): sticky debounced search, filter side
 * panel (a drawer below 768 px that closes on apply), spinner, 'No products found.', a grid of
 * product cards and the pagination. Search, filters and page live in the URL query string and
 * any search or filter change resets the page to 1. A failed fetch is logged and the list stays.
 */
export default function ProductsPage() {
  usePageMeta(
    'Products',
    'Buy and sell textbooks, electronics, dorm essentials and more with students on your campus. Prices in Kes.',
  );
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { state, update } = useListUrlState(PRODUCT_CATEGORIES);
  const { items, totalPages, loading } = useListFetch(toListQuery(state), getProducts, 'products');
  const applied: ProductFilterValues = {
    category: state.category,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
  };

  const applyFilters = (filters: ProductFilterValues) => {
    update(filters);
    setDrawerOpen(false);
  };
  const filters = <ProductFilters applied={applied} onApply={applyFilters} />;

  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Products
      </Typography>
      <SearchBox
        label="Search products"
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
      >
        {isDesktop ? null : (
          <Button
            variant={hasFilters(applied) ? 'contained' : 'outlined'}
            startIcon={<FilterListIcon />}
            onClick={() => setDrawerOpen(true)}
            aria-haspopup="dialog"
          >
            Filters
          </Button>
        )}
      </SearchBox>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        {isDesktop ? (
          <Box component="aside" aria-labelledby="product-filters-heading" sx={{ width: 240, flexShrink: 0 }}>
            <Typography id="product-filters-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              Filters
            </Typography>
            {filters}
          </Box>
        ) : null}
        <Box component="section" aria-label="Products" sx={{ flex: 1, minWidth: 0 }}>
          {loading ? <LoadingSpinner label="Loading products" /> : null}
          {!loading && items.length === 0 ? <Typography sx={{ py: 4 }}>No products found.</Typography> : null}
          {items.length > 0 ? (
            <CardGrid busy={loading}>
              {items.map((product, index) => (
                <li key={product._id}>
                  <ProductCard product={product} eager={index < EAGER_CARDS} />
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
      </Box>
      {isDesktop ? null : (
        <Drawer
          anchor="right"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': 'product-filters-drawer-heading',
              sx: { width: 300, maxWidth: '85vw', p: 2 },
            },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography id="product-filters-drawer-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
              Filters
            </Typography>
            <IconButton aria-label="Close filters" onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          {filters}
        </Drawer>
      )}
    </Container>
  );
}
