/**
 * The gateway's garbage-collector pauses over a stretch of a benchmark, from the `nodejs_gc_duration_seconds`
 * histogram its `/metrics` carries (prom-client's default metrics: buckets at 1 ms, 10 ms, 100 ms, 1 s …):
 * how many pauses of each kind took longer than 10 ms and than 100 ms. A p99 set by pauses shows here when
 * the gateway's own collector made them.
 */
import { metricSeries } from './gateway-metrics.js';

const HISTOGRAM = 'nodejs_gc_duration_seconds';

/** Per GC kind (minor, major, incremental, weakcb): pauses in all, over 10 ms, over 100 ms. */
export type GcPauses = Record<string, { readonly all: number; readonly over10ms: number; readonly over100ms: number }>;

export async function gcPauses(gatewayUrl: string): Promise<GcPauses> {
  const counts: Record<string, { all: number; upTo10ms: number; upTo100ms: number }> = {};
  const kindOf = (labels: string) => /kind="([^"]*)"/.exec(labels)?.[1] ?? 'unknown';
  for (const line of await metricSeries(gatewayUrl, `${HISTOGRAM}_count`)) {
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    (counts[kindOf(line)] ??= { all: 0, upTo10ms: 0, upTo100ms: 0 }).all += value;
  }
  for (const line of await metricSeries(gatewayUrl, `${HISTOGRAM}_bucket`)) {
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    const bucket = (counts[kindOf(line)] ??= { all: 0, upTo10ms: 0, upTo100ms: 0 });
    if (line.includes('le="0.01"')) bucket.upTo10ms += value;
    if (line.includes('le="0.1"')) bucket.upTo100ms += value;
  }
  return Object.fromEntries(
    Object.entries(counts).map(([kind, c]) => [
      kind,
      { all: c.all, over10ms: c.all - c.upTo10ms, over100ms: c.all - c.upTo100ms },
    ]),
  );
}

/**
 * The pauses between two readings, as one line.
 * @example
 * describeGcPauses(before, after); // 'minor 812 (3 over 10 ms, 0 over 100 ms), major 2 (2 over 10 ms, 0 over 100 ms)'
 */
export function describeGcPauses(before: GcPauses, after: GcPauses): string {
  const parts = Object.entries(after).map(([kind, now]) => {
    const then = before[kind] ?? { all: 0, over10ms: 0, over100ms: 0 };
    return `${kind} ${now.all - then.all} (${now.over10ms - then.over10ms} over 10 ms, ${now.over100ms - then.over100ms} over 100 ms)`;
  });
  return parts.length === 0 ? 'none reported' : parts.join(', ');
}
