import { OutlinedField, releaseServerForm, serverFormValues } from '@campus/shared';
import { Button, Stack } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CONDITION_OPTIONS, isProductCondition } from '../utils/list-options';
import { cleanPrice, hasFilters, type ListFilters, priceRangeError } from '../utils/list-url-state';
import { CategorySelect } from './CategorySelect';
import { HiddenFields } from './HiddenFields';
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
  /**
   * Prefix of the fields' ids (`<idPrefix>-category`, `-minPrice`, `-maxPrice`, `-condition`): one
   * per form on a page. The fields carry the list URL's names, so without JavaScript the form is a
   * plain GET of the list (ADR 0032).
   */
  idPrefix: string;
  /** Other list parameters the form keeps (hidden fields, for use without JavaScript). */
  keep?: Record<string, string>;
  /**
   * A modal's 'Cancel' (discards the edits, then this is called): the buttons become 'Cancel' and
   * 'Apply' instead of 'Apply Filters' and 'Clear Filters'.
   */
  onCancel?: () => void;
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
  idPrefix,
  keep = {},
  onCancel,
}: ListFilterFormProps) {
  const { draft, shown, setDraft, error, submit, reset } = useFilterDraft(applied, onApply, idPrefix);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <Stack component="form" method="get" spacing={2} onSubmit={onSubmit} aria-label={label}>
      <HiddenFields keep={keep} />
      <CategorySelect
        id={`${idPrefix}-category`}
        name="category"
        value={draft.category}
        onChange={(value) => setDraft((current) => ({ ...current, category: value }))}
        categories={categories}
      />
      {withCondition ? (
        <OutlinedField
          select
          id={`${idPrefix}-condition`}
          name="condition"
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
        idPrefix={idPrefix}
      />
      {onCancel ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              reset();
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Stack>
      ) : (
        <Button type="submit" variant="contained">
          Apply Filters
        </Button>
      )}
      {!onCancel && (hasFilters(shown) || hasFilters(applied)) ? (
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
 * is set; `reset()` puts the applied filters back (a form's Cancel). With `idPrefix`, the draft
 * starts from what was picked in the server-rendered form's fields before hydration (ADR 0032:
 * `serverFormValues`), else from `applied`; `shown` is what the form's message and Clear Filters
 * follow: the URL's filters during hydration (the server's markup), the draft after.
 */
export function useFilterDraft(
  applied: ListFilterValues,
  onApply: (filters: ListFilterValues) => void,
  idPrefix?: string,
) {
  const { category, minPrice, maxPrice } = applied;
  const condition = applied.condition ?? '';
  const [kept] = useState(() => {
    const fromUrl = { category, minPrice, maxPrice, condition };
    const fromServer = idPrefix ? serverFormValues(idPrefix, fromUrl) : fromUrl;
    return { fromServer, differs: !sameFilters(fromServer, fromUrl) };
  });
  const [draft, setDraft] = useState<ListFilterValues>(kept.fromServer);
  // While hydrating, what depends on the draft beyond the fields' values (the price message, Clear
  // Filters) is rendered from the URL's filters, as the server rendered it; one render after
  // mounting shows the kept draft's (only when something was picked before hydration).
  const [hydrating, setHydrating] = useState(kept.differs);
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `idPrefix` is read on the first run only
  useEffect(() => {
    if (!mounted.current) {
      // The first run keeps the kept (or applied) draft; later runs follow the URL.
      mounted.current = true;
      if (idPrefix) releaseServerForm(idPrefix, NO_FILTERS);
      setHydrating(false);
      return;
    }
    setDraft({ category, minPrice, maxPrice, condition });
  }, [category, minPrice, maxPrice, condition]);

  const shown = hydrating ? { category, minPrice, maxPrice, condition } : draft;
  const error = priceRangeError(cleanPrice(shown.minPrice), cleanPrice(shown.maxPrice));
  const submit = (): boolean => {
    const draftError = priceRangeError(cleanPrice(draft.minPrice), cleanPrice(draft.maxPrice));
    if (draftError) return false;
    onApply({ ...draft, minPrice: cleanPrice(draft.minPrice), maxPrice: cleanPrice(draft.maxPrice) });
    return true;
  };
  const reset = () => setDraft({ category, minPrice, maxPrice, condition });
  return { draft, shown, setDraft, error, submit, reset };
}

/** The same four filters ('' and a missing condition alike). */
function sameFilters(a: ListFilterValues, b: ListFilterValues): boolean {
  return (
    a.category === b.category &&
    a.minPrice === b.minPrice &&
    a.maxPrice === b.maxPrice &&
    (a.condition ?? '') === (b.condition ?? '')
  );
}
