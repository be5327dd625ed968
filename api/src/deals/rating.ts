/**
 * The rating rule (ADR 0033, docs/product.md §28): a user's `{average, count}` from the stored
 * count and sum of the visible reviews they received.
 */
import { RATING_MIN_REVIEWS, type RatingJson } from '@campus/shared/contract';

/**
 * `{average, count}`: `count` always; `average` the mean stars rounded to one decimal, or null
 * while fewer than RATING_MIN_REVIEWS (3) reviews count, so one early review cannot make or
 * break a seller.
 * @param count visible reviews received (users.rating_count)
 * @param sum their stars (users.rating_sum)
 */
export function ratingOf(count: number, sum: number): RatingJson {
  const n = Number(count);
  if (n < RATING_MIN_REVIEWS) return { average: null, count: n };
  return { average: Math.round((Number(sum) / n) * 10) / 10, count: n };
}
