import { PRODUCT_CATEGORIES } from '@campus/shared';
import { FiltersPanel } from '../../common/components/FiltersPanel';
import { ListFilterForm, type ListFilterValues } from '../../common/components/ListFilterForm';
import { hasFilters, keptParams } from '../../common/utils/list-url-state';
import { ListPage, type ListPageUrl } from '../../lists/components/ListPage';
import { getProducts } from '../api/get-products';
import { ProductCard } from '../components/ProductCard';
import { loadProductsPage, PRODUCTS_HEAD } from '../server/load-products';

/** Server-side data of this page (docs/product.md §23.3). */
export const loadServerData = loadProductsPage;

/** The products' filters in force (from the URL): category, price band and condition (docs/product.md §20.4). */
const appliedOf = ({ state }: ListPageUrl): ListFilterValues => ({
  category: state.category,
  minPrice: state.minPrice,
  maxPrice: state.maxPrice,
  condition: state.condition,
});

/** The products' filter form; `onApplied` runs after an apply (the phone drawer closes). */
function ProductFilters({
  url,
  idPrefix,
  onApplied,
}: {
  url: ListPageUrl;
  idPrefix: string;
  onApplied: () => void;
}) {
  return (
    <ListFilterForm
      applied={appliedOf(url)}
      onApply={(filters) => {
        url.update(filters);
        onApplied();
      }}
      categories={PRODUCT_CATEGORIES}
      label="Product filters"
      withCondition
      idPrefix={idPrefix}
      keep={keptParams(url.state, ['category', 'minPrice', 'maxPrice', 'condition'])}
    />
  );
}

/**
 * Products list (docs/product.md §2 "Products list", route /products): the catalog's list page
 * ({@link ListPage}) with the products' filters, category, price band and condition (§20.4), in a
 * side panel from 768 px and below it in the 'Filters' drawer that closes on apply.
 */
export default function ProductsPage() {
  return (
    <ListPage
      kind="products"
      head={PRODUCTS_HEAD}
      searchLabel="Search products"
      emptyText="No products found."
      categories={PRODUCT_CATEGORIES}
      fetchPage={getProducts}
      renderCard={(product, eager) => <ProductCard product={product} eager={eager} />}
      phoneFilters={(url) => (
        <FiltersPanel
          id="product-filters-drawer"
          title="Filters"
          active={hasFilters(appliedOf(url))}
          placement="drawer"
          withClose
        >
          {(close) => <ProductFilters url={url} idPrefix="product-filters-drawer" onApplied={close} />}
        </FiltersPanel>
      )}
      desktopFilters={(url) => <ProductFilters url={url} idPrefix="product-filters" onApplied={() => {}} />}
    />
  );
}
