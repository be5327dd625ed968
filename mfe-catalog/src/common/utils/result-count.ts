/** Significant digits an estimated total is shown with ("about 20,000 products"). */
const ESTIMATE_DIGITS = 2;

/**
 * The result count of a list page (ADR 0037): "1 product", "742 products", or, when the API
 * flagged the total as an estimate (more than 1 000 matches), "about 95,000 products", rounded
 * to two significant digits.
 * @param total the list answer's total (a whole number ≥ 0)
 * @param estimate the answer's `totalIsEstimate`
 * @param what the plural noun, lower case ('products'); the singular drops its final "s"
 */
export function resultCountText(total: number, estimate: boolean, what: string): string {
  if (estimate) {
    const rounded = new Intl.NumberFormat('en-KE', { maximumSignificantDigits: ESTIMATE_DIGITS }).format(
      total,
    );
    return `about ${rounded} ${what}`;
  }
  const noun = total === 1 ? what.replace(/s$/, '') : what;
  return `${new Intl.NumberFormat('en-KE').format(total)} ${noun}`;
}
