/** Small statistics helpers (numbers in, numbers out; empty input gives NaN). */

/** The p-th percentile (0-100) by linear interpolation between closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return percentileOfSorted(sorted, p);
}

/** Like {@link percentile} for an already ascending array (no copy). */
export function percentileOfSorted(sorted: readonly number[] | Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low]!;
  const b = sorted[high]!;
  return a + (b - a) * (rank - low);
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const mean = (values: readonly number[]): number =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Median, minimum and maximum of several runs. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function spread(values: readonly number[]): Spread {
  return {
    median: median(values),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    runs: [...values],
  };
}

/** Rounds to `digits` decimals (NaN and null stay as they are). */
export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
