import { PAGINATION_WINDOW } from '@campus/shared';

/**
 * The page numbers a pagination bar shows (docs/product.md §9): up to `size` (default 5) consecutive pages
 * centred on `current`, shifted to stay inside 1..`totalPages`. E.g. 7 of 20 → [5..9], 1 of 20 →
 * [1..5], 20 of 20 → [16..20], 2 of 3 → [1, 2, 3]. `current` is clamped; no pages → [].
 */
export function paginationWindow(current: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0 || size <= 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  const count = Math.min(size, total);
  const start = Math.max(1, Math.min(page - Math.floor((count - 1) / 2), total - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}
