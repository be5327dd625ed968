/**
 * A product's condition (issue 13 item 4): optional, one of `new | like_new | good | fair`, with
 * the words the forms and lists show.
 */

/** The conditions a seller can pick, best first. */
export const PRODUCT_CONDITIONS = ['new', 'like_new', 'good', 'fair'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/** What each condition is called on screen. */
export const PRODUCT_CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
};
