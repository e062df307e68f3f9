// Small statistics for the bench: medians and percentiles over raw samples (no histograms, so
// sub-millisecond latencies keep their precision).

/** The p-th percentile (0..100) by linear interpolation between closest ranks; NaN when empty. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** Milliseconds on the wall clock with sub-millisecond precision, comparable across processes. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
