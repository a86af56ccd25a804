/** Least-squares line through (minutes, value) points: the growth per minute the soak judges memory by. */

export interface Trend {
  /** Units per minute. */
  readonly slopePerMinute: number;
  /** The line's value at the first point, units. */
  readonly start: number;
  /** Share of the variance the line explains, 0..1: a slope with a low r² is noise around a level. */
  readonly r2: number;
  readonly points: number;
}

/**
 * @example
 * linearTrend([{ minutes: 0, value: 100 }, { minutes: 1, value: 101 }]); // { slopePerMinute: 1, start: 100, r2: 1, points: 2 }
 */
export function linearTrend(points: readonly { minutes: number; value: number }[]): Trend {
  const n = points.length;
  if (n < 2) return { slopePerMinute: 0, start: points[0]?.value ?? 0, r2: 0, points: n };
  const meanX = points.reduce((s, p) => s + p.minutes, 0) / n;
  const meanY = points.reduce((s, p) => s + p.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.minutes - meanX) * (p.value - meanY);
    sxx += (p.minutes - meanX) ** 2;
    syy += (p.value - meanY) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const r2 = sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  return { slopePerMinute: slope, start: meanY + slope * (points[0]!.minutes - meanX), r2, points: n };
}
