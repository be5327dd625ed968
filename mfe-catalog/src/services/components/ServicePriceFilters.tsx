import { SERVICE_CATEGORIES } from '@campus/shared';
import { FiltersPanel } from '../../common/components/FiltersPanel';
import { ListFilterForm, type ListFilterValues } from '../../common/components/ListFilterForm';
import { hasFilters } from '../../common/utils/list-url-state';

interface ServicePriceFiltersProps {
  /** The filters in force (from the URL). */
  applied: ListFilterValues;
  onApply: (filters: ListFilterValues) => void;
  /** Other list parameters the form keeps (hidden fields, for use without JavaScript). */
  keep: Record<string, string>;
}

/**
 * The services' filters below 768 px (docs/product.md §2 "Services list"): a 'Filters' button opening a modal
 * titled 'Price Filters' with the category (where the products' drawer has it, docs/product.md §21 item
 * 14), min and max price, 'Cancel' (discards the edits) and 'Apply'. The button and the modal are
 * native (a popover and a GET form, {@link FiltersPanel}): they work before the JavaScript arrives.
 */
export function ServicePriceFilters({ applied, onApply, keep }: ServicePriceFiltersProps) {
  return (
    <FiltersPanel
      id="service-filters-modal"
      title="Price Filters"
      active={hasFilters(applied)}
      placement="modal"
    >
      {(close) => (
        <ListFilterForm
          applied={applied}
          onApply={(filters) => {
            onApply(filters);
            close();
          }}
          onCancel={close}
          categories={SERVICE_CATEGORIES}
          label="Price Filters"
          idPrefix="service-filters-modal"
          keep={keep}
        />
      )}
    </FiltersPanel>
  );
}
