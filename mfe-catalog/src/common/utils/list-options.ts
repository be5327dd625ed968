/**
 * The choices of the list header's sort control and of the products' condition filter
 * (issue 13 items 2 and 4), with the words the site shows for them. The values are the API's
 * (`sort=`, `condition=`).
 */

/** `sort=` values, the default first (issue 13 item 2). */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'most_viewed', label: 'Most viewed' },
] as const;

/** The default order (left out of URLs and API queries). */
export const DEFAULT_SORT = 'newest';

/** Every `sort=` value. */
export const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((option) => option.value);

/** `condition=` values and labels of products (issue 13 item 4). */
export const CONDITION_OPTIONS = [
  { value: 'new', label: 'New' },
  { value: 'like_new', label: 'Like new' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
] as const;

/** Every `condition=` value. */
export const CONDITION_VALUES: readonly string[] = CONDITION_OPTIONS.map((option) => option.value);

/** The label of a product condition ('like_new' → 'Like new'), or '' for none or an unknown value. */
export function conditionLabel(condition: string | null | undefined): string {
  return CONDITION_OPTIONS.find((option) => option.value === condition)?.label ?? '';
}
