import { OutlinedField } from '@campus/shared';
import { Button, Stack } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { CONDITION_OPTIONS, isProductCondition } from '../utils/list-options';
import { cleanPrice, hasFilters, type ListFilters, priceRangeError } from '../utils/list-url-state';
import { CategorySelect } from './CategorySelect';
import { PriceFields } from './PriceFields';

/** The filters of a list: category, price bounds in KES and (products) condition ('' = unset). */
export type ListFilterValues = Pick<ListFilters, 'category' | 'minPrice' | 'maxPrice'> & {
  condition?: ListFilters['condition'];
};

export const NO_FILTERS: ListFilterValues = { category: '', minPrice: '', maxPrice: '', condition: '' };

interface ListFilterFormProps {
  /** The filters in force (from the URL). */
  applied: ListFilterValues;
  /** 'Apply Filters' with the edited values. */
  onApply: (filters: ListFilterValues) => void;
  /** The 11 product or service categories (docs/product.md §3). */
  categories: readonly string[];
  /** The form's accessible name, e.g. 'Product filters'. */
  label: string;
  /** Show the condition select (products; docs/product.md §20.4). */
  withCondition?: boolean;
}

/**
 * The filter form of a list (docs/product.md §2 "Products list" side panel): category select, min and max
 * price, 'Apply Filters', and 'Clear Filters' shown only while a filter is set (applied or typed).
 * Products and services both use it, in the desktop side panel and the products' mobile drawer,
 * so the category sits in the same place on both lists (docs/product.md §21.14).
 */
export function ListFilterForm({
  applied,
  onApply,
  categories,
  label,
  withCondition = false,
}: ListFilterFormProps) {
  const { draft, setDraft, error, submit } = useFilterDraft(applied, onApply);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} aria-label={label}>
      <CategorySelect
        value={draft.category}
        onChange={(value) => setDraft((current) => ({ ...current, category: value }))}
        categories={categories}
      />
      {withCondition ? (
        <OutlinedField
          select
          id="filter-condition"
          label="Condition"
          value={draft.condition ?? ''}
          onChange={(event) =>
            setDraft((current) => ({
              ...current,
              condition: isProductCondition(event.target.value) ? event.target.value : '',
            }))
          }
          size="small"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <option value="">Any condition</option>
          {CONDITION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </OutlinedField>
      ) : null}
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

/**
 * The edited copy of a list's filters behind a filter form: follows `applied` when the URL changes
 * (Back, Clear, a chip removed, a shared link); `error` is the price-range message of the draft;
 * `submit()` calls `onApply` with cleaned prices and returns true, or returns false while `error`
 * is set; `reset()` puts the applied filters back (a form's Cancel).
 */
export function useFilterDraft(applied: ListFilterValues, onApply: (filters: ListFilterValues) => void) {
  const { category, minPrice, maxPrice } = applied;
  const condition = applied.condition ?? '';
  const [draft, setDraft] = useState<ListFilterValues>({ category, minPrice, maxPrice, condition });
  useEffect(
    () => setDraft({ category, minPrice, maxPrice, condition }),
    [category, minPrice, maxPrice, condition],
  );

  const error = priceRangeError(cleanPrice(draft.minPrice), cleanPrice(draft.maxPrice));
  const submit = (): boolean => {
    if (error) return false;
    onApply({ ...draft, minPrice: cleanPrice(draft.minPrice), maxPrice: cleanPrice(draft.maxPrice) });
    return true;
  };
  const reset = () => setDraft({ category, minPrice, maxPrice, condition });
  return { draft, setDraft, error, submit, reset };
}
