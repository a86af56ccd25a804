/** Quantiles estimated from cumulative histogram buckets, the way PromQL's `histogram_quantile` does. */

/** One cumulative bucket: observations at or below `le` (Infinity for `+Inf`). */
export interface Bucket {
  readonly le: number;
  readonly count: number;
}

/**
 * The q-quantile (0..1), interpolated linearly inside the bucket that holds it; `null` with no
 * observations. A quantile in the `+Inf` bucket answers the largest finite bound, as PromQL does.
 * @example
 * histogramQuantile(0.5, [{ le: 0.1, count: 2 }, { le: 1, count: 4 }, { le: Infinity, count: 4 }]); // 0.1
 */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      if (bucket.le === Infinity) return lowerBound;
      const inBucket = bucket.count - lowerCount;
      if (inBucket === 0) return bucket.le;
      return lowerBound + (bucket.le - lowerBound) * ((rank - lowerCount) / inBucket);
    }
    lowerBound = bucket.le;
    lowerCount = bucket.count;
  }
  return lowerBound;
}

/** Sums the `_bucket` samples of every label set by bound, so one quantile covers all series. */
export function mergeBuckets(samples: readonly { readonly le: number; readonly count: number }[]): Bucket[] {
  const byBound = new Map<number, number>();
  for (const { le, count } of samples) byBound.set(le, (byBound.get(le) ?? 0) + count);
  return [...byBound].map(([le, count]) => ({ le, count }));
}
