import type { Product } from '@campus/shared';
import { conditionLabel } from '../../common/utils/list-options';

/** The issue 13 fields of a product as a page holds them (condition, negotiable, reserved status). */
type ProductFacts = { condition?: string | null; negotiable?: boolean | null; status?: string | null };

/**
 * The product's condition and negotiability as one line, e.g. "Like new · Negotiable" (issue 13
 * item 4); '' when neither is stated.
 */
export function productDetailsLine(product: Product): string {
  const facts = product as ProductFacts;
  return [conditionLabel(facts.condition), facts.negotiable ? 'Negotiable' : ''].filter(Boolean).join(' · ');
}

/** Whether the seller marked the product reserved (issue 13 item 5). */
export function isReserved(product: Product): boolean {
  return (product as ProductFacts).status === 'reserved';
}

/** The product's condition label ('Like new'), or '' (issue 13 item 4). */
export function productCondition(product: Product): string {
  return conditionLabel((product as ProductFacts).condition);
}

/** Whether the price is negotiable (issue 13 item 4). */
export function isNegotiable(product: Product): boolean {
  return Boolean((product as ProductFacts).negotiable);
}
