import type { Product } from '@campus/shared';
import { conditionLabel } from '../../common/utils/list-options';

/**
 * The product's condition and negotiability as one line, e.g. "Like new · Negotiable" (docs/product.md §20
 * item 4); '' when neither is stated.
 */
export function productDetailsLine(product: Product): string {
  return [productCondition(product), isNegotiable(product) ? 'Negotiable' : ''].filter(Boolean).join(' · ');
}

/** Whether the seller marked the product reserved (docs/product.md §20.5). */
export function isReserved(product: Product): boolean {
  return product.status === 'reserved';
}

/** The product's condition label ('Like new'), or '' (docs/product.md §20.4). */
export function productCondition(product: Product): string {
  return conditionLabel(product.condition);
}

/** Whether the price is negotiable (docs/product.md §20.4). */
export function isNegotiable(product: Product): boolean {
  return Boolean(product.negotiable);
}
