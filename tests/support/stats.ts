// Order statistics for benchmark tables: nearest-rank quantiles, so a reported p95 is a time that
// was actually measured.

/** The nearest-rank `q`-quantile (0 < q ≤ 1) of `values` (any order); NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

/** Median and 95th percentile. */
export function medianAndP95(values: readonly number[]): { median: number; p95: number } {
  return { median: quantile(values, 0.5), p95: quantile(values, 0.95) };
}
