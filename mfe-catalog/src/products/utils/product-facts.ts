import type { Product } from '@campus/shared';
import { formatCourseCode } from '@campus/shared/course-codes';
import { conditionLabel } from '../../common/utils/list-options';

/**
 * The product's course codes, condition and negotiability as one line, e.g. "SCH 2101, SMA 2230 ·
 * Like new · Negotiable" (docs/product.md §20 item 4, §31); '' when none is stated.
 */
export function productDetailsLine(product: Product): string {
  return [productCourseCodes(product), productCondition(product), isNegotiable(product) ? 'Negotiable' : '']
    .filter(Boolean)
    .join(' · ');
}

/** A textbook's course codes as people write them, "SCH 2101, SMA 2230"; '' without any (docs/product.md §31). */
export function productCourseCodes(product: Product): string {
  return (product.courseCodes ?? []).map(formatCourseCode).join(', ');
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
