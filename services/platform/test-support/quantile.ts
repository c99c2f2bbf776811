/** The q-quantile (0 to 1) of samples sorted ascending, the benchmarks' way: the sample at ⌊q·n⌋; NaN for none. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
