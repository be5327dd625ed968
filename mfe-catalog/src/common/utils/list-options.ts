/**
 * The choices of the list header's sort control and of the products' condition filter
 * (docs/product.md §20.2 and §20.4), with the words the site shows for them. The values are the API's
 * (`sort=`: the contract's `LIST_SORTS`; `condition=`: `PRODUCT_CONDITIONS`).
 */
import {
  type ListSort,
  PRODUCT_CONDITION_LABELS,
  PRODUCT_CONDITIONS,
  type ProductCondition,
} from '@campus/shared';

/** `sort=` values, the default first (docs/product.md §20.2); a test checks they are the contract's `LIST_SORTS`. */
export const SORT_OPTIONS: readonly { value: ListSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'most_viewed', label: 'Most viewed' },
];

/** The default order (left out of URLs and API queries). */
export const DEFAULT_SORT: ListSort = 'newest';

/** Whether `value` is a `sort=` value. */
export function isListSort(value: string): value is ListSort {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** `value` as a list order: itself when it is a `sort=` value, else the default (newest). */
export function listSortOf(value: string): ListSort {
  return isListSort(value) ? value : DEFAULT_SORT;
}

/** `condition=` values and labels of products (docs/product.md §20.4), best first. */
export const CONDITION_OPTIONS: readonly { value: ProductCondition; label: string }[] =
  PRODUCT_CONDITIONS.map((value) => ({ value, label: PRODUCT_CONDITION_LABELS[value] }));

/** Whether `value` is a `condition=` value. */
export function isProductCondition(value: string): value is ProductCondition {
  return (PRODUCT_CONDITIONS as readonly string[]).includes(value);
}

/** The label of a product condition ('like_new' → 'Like new'), or '' for none or an unknown value. */
export function conditionLabel(condition: string | null | undefined): string {
  return condition && isProductCondition(condition) ? PRODUCT_CONDITION_LABELS[condition] : '';
}
