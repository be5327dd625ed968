import { PRODUCT_CATEGORIES } from '@campus/shared';
import { Button, Stack } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { CategorySelect } from '../../common/components/CategorySelect';
import { PriceFields } from '../../common/components/PriceFields';
import { cleanPrice, hasFilters, type ListFilters, priceRangeError } from '../../common/utils/list-url-state';

/** The filters of the products list: category and price bounds in KES ('' = unset). */
export type ProductFilterValues = Pick<ListFilters, 'category' | 'minPrice' | 'maxPrice'>;

const NO_FILTERS: ProductFilterValues = { category: '', minPrice: '', maxPrice: '' };

interface ProductFiltersProps {
  /** The filters in force (from the URL). */
  applied: ProductFilterValues;
  /** 'Apply Filters' with the edited values. */
  onApply: (filters: ProductFilterValues) => void;
}

/**
 * The filter form of the products list (spec 2): category select (11 product categories), min
 * and max price, 'Apply Filters', and 'Clear Filters' shown only while a filter is set (applied
 * or typed). Used in the desktop side panel and the mobile drawer.
 */
export function ProductFilters({ applied, onApply }: ProductFiltersProps) {
  const [draft, setDraft] = useState(applied);
  const { category, minPrice, maxPrice } = applied;
  // Follow the URL when it changes (Back, Clear, a shared link).
  useEffect(() => setDraft({ category, minPrice, maxPrice }), [category, minPrice, maxPrice]);

  const error = priceRangeError(cleanPrice(draft.minPrice), cleanPrice(draft.maxPrice));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    onApply({ ...draft, minPrice: cleanPrice(draft.minPrice), maxPrice: cleanPrice(draft.maxPrice) });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} aria-label="Product filters">
      <CategorySelect
        value={draft.category}
        onChange={(value) => setDraft((current) => ({ ...current, category: value }))}
        categories={PRODUCT_CATEGORIES}
      />
      <PriceFields
        minPrice={draft.minPrice}
        maxPrice={draft.maxPrice}
        onChange={(prices) => setDraft((current) => ({ ...current, ...prices }))}
        error={error}
      />
      <Button type="submit" variant="contained">
        Apply Filters
      </Button>
      {hasFilters(draft) || hasFilters(applied) ? (
        <Button
          variant="outlined"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear Filters
        </Button>
      ) : null}
    </Stack>
  );
}
