/**
 * The `gw_*` and `svc_*` metrics the sources register, found where they are declared: a metric
 * spec's `name: '…'` after `counter`, `gauge` or `histogram`, the vector cache's `counter('svc_…')` and the
 * counter names handed to `httpHygieneMetrics` (`refused: '…'`, `timedOut: '…'`);
 * plus Node's process metrics, which both services expose from `processMetrics()`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processMetrics } from '@sluice/core';

export type MetricType = 'counter' | 'gauge' | 'histogram';

const SOURCE_ROOTS = ['core/src', 'packages', 'plugins', 'presets', 'apps'];
const SPEC_NAME = /\bname: '((?:gw|svc)_[a-z0-9_]+)'/g;
const SVC_COUNTER = /\bcounter\('(svc_[a-z0-9_]+)'/g;
const HYGIENE_COUNTER = /\b(?:refused|timedOut): '((?:gw|svc)_[a-z0-9_]+)'/g;
const TYPE_WORD = /(counter|gauge|histogram)\b/gi;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(root, path);
    return /\/src\/.+\.ts$/.test(path) ? [path] : [];
  });
}

/** Each registered name with its type, the type read from the nearest constructor before the name. */
export function registeredMetrics(root: string): Map<string, MetricType> {
  const metrics = new Map<string, MetricType>();
  for (const file of SOURCE_ROOTS.flatMap((dir) => sourceFiles(root, dir))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(SPEC_NAME)) {
      const before = text.slice(Math.max(0, match.index - 200), match.index);
      const type = [...before.matchAll(TYPE_WORD)].at(-1)?.[1]?.toLowerCase() as MetricType | undefined;
      if (type !== undefined) metrics.set(match[1]!, type);
    }
    for (const match of text.matchAll(SVC_COUNTER)) metrics.set(match[1]!, 'counter');
    for (const match of text.matchAll(HYGIENE_COUNTER)) metrics.set(match[1]!, 'counter');
  }
  for (const metric of processMetrics().getMetricsAsArray()) metrics.set(metric.name, String(metric.type) as MetricType);
  return metrics;
}

/** The metric a series name belongs to: a histogram's `_bucket`, `_sum` and `_count` are its own. */
export function metricOfSeries(series: string, metrics: ReadonlyMap<string, MetricType>): string | undefined {
  if (metrics.has(series)) return series;
  const base = /^(.+)_(bucket|sum|count)$/.exec(series)?.[1];
  return base !== undefined && metrics.get(base) === 'histogram' ? base : undefined;
}
