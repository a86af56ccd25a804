/**
 * The dashboard's figures, read from the gateway's own registry. Only counter values and bounded
 * labels (layers, error classes, guard names) leave here: never prompt text, keys or tenant strings.
 */
import type { Metrics } from '@sluice/core';
import { calibrationReport, type CalibrationBucket } from '@sluice/plugin-semantic-cache';
import { histogramQuantile, mergeBuckets } from './histogram-quantile.js';

/** The precision the dashboard's calibration figure is for; `sluice calibrate --precision` asks for any other. */
export const DASHBOARD_CALIBRATION_PRECISION = 0.98;

/** Everything the `/dashboard` page shows; amounts are since the gateway started. */
export interface DashboardFigures {
  /** When the figures were read, in milliseconds since the epoch. */
  readonly at: number;
  readonly requests: number;
  readonly inFlight: number;
  readonly cache: {
    readonly exactHits: number;
    readonly semanticHits: number;
    readonly hits: number;
    readonly misses: number;
    /** Hits plus misses: the requests a cache layer looked up in enforce mode. */
    readonly lookups: number;
    /** Hits per lookup, `null` before the first lookup. */
    readonly hitRatio: number | null;
    readonly exactHitRatio: number | null;
    readonly semanticHitRatio: number | null;
  };
  readonly cost: {
    readonly upstreamMicroUsd: number;
    readonly grossSavedMicroUsd: number;
    readonly netSavedMicroUsd: number;
    readonly embeddingOverheadMicroUsd: number;
    readonly tokensSaved: number;
  };
  readonly latency: {
    readonly completed: number;
    readonly p50Seconds: number | null;
    readonly p99Seconds: number | null;
  };
  readonly errors: { readonly total: number; readonly byClass: Readonly<Record<string, number>> };
  readonly guardBlocks: { readonly total: number; readonly byGuard: Readonly<Record<string, number>> };
  readonly semantic: {
    readonly thresholdPass: number;
    readonly thresholdFail: number;
    /** Hits below the threshold: the question written the same way (`semantic_same_wording_threshold`). */
    readonly thresholdSameWording: number;
    readonly verificationPass: number;
    readonly verificationRejected: number;
  };
  /** Per upstream (by its configured name): calls made, retries included; the failed ones; breakers not closed (1 open, 2 half-open). */
  readonly upstreams: {
    readonly calls: Readonly<Record<string, number>>;
    readonly failures: Readonly<Record<string, number>>;
    readonly breakers: Readonly<Record<string, number>>;
  };
  /** Observe mode: what caching would have done. */
  readonly evaluation: {
    readonly exactWouldHit: number;
    readonly semanticWouldHit: number;
    readonly misses: number;
    readonly grossSavedMicroUsd: number;
    readonly netSavedMicroUsd: number;
    readonly upstreamCallsAvoided: number;
    /**
     * The calibration report's answer for precision 0.98 on the traffic observed: the lowest threshold that
     * reaches it and the would-be hits at or above it; `null` until one does.
     */
    readonly calibration: {
      readonly precision: number;
      readonly threshold: number | null;
      readonly wouldHits: number | null;
    };
  };
}

interface Sample {
  readonly value: number;
  readonly labels: Readonly<Record<string, string | number | undefined>>;
  readonly metricName?: string;
}

/**
 * @example
 * const figures = await readDashboardFigures(gateway.metrics);
 * figures.cache.hitRatio; // 0.5 after one miss and one hit
 */
export async function readDashboardFigures(metrics: Metrics): Promise<DashboardFigures> {
  const read = async (name: string): Promise<readonly Sample[]> =>
    ((await metrics.registry.getSingleMetric(name)?.get())?.values ?? []) as readonly Sample[];
  const total = async (name: string, where: (sample: Sample) => boolean = () => true) => sum((await read(name)).filter(where));
  const by = async (name: string, label: string, where: (sample: Sample) => boolean = () => true) =>
    groupBy((await read(name)).filter(where), label);

  const exactHits = await total('gw_cache_exact_hits');
  const semanticHits = await total('gw_cache_semantic_hits');
  const misses = await total('gw_cache_misses');
  const hits = exactHits + semanticHits;
  const lookups = hits + misses;
  const ratio = (part: number) => (lookups === 0 ? null : part / lookups);
  const durations = (await read('gw_request_duration_seconds')).filter((s) => s.metricName?.endsWith('_bucket'));
  const buckets = mergeBuckets(durations.map((s) => ({ le: bound(s.labels['le']), count: s.value })));
  const errorsByClass = await by('gw_errors_total', 'class');
  const blocked = (s: Sample) => s.labels['outcome'] === 'blocked';
  const guardBlocksByGuard = await by('gw_guard_requests_total', 'guard', blocked);
  const outcome = (layer: string, value: string) => (s: Sample) => s.labels['layer'] === layer && s.labels['outcome'] === value;
  const result = (value: string, equal: boolean) => (s: Sample) => (s.labels['result'] === value) === equal;

  return {
    at: Date.now(),
    requests: await total('gw_requests_total'),
    inFlight: await total('gw_in_flight_requests'),
    cache: {
      exactHits,
      semanticHits,
      hits,
      misses,
      lookups,
      hitRatio: ratio(hits),
      exactHitRatio: ratio(exactHits),
      semanticHitRatio: ratio(semanticHits),
    },
    cost: {
      upstreamMicroUsd: await total('gw_request_cost_micro_usd_total'),
      grossSavedMicroUsd: await total('gw_gross_saved_micro_usd_total'),
      netSavedMicroUsd: await total('gw_net_saved_micro_usd_total'),
      embeddingOverheadMicroUsd: await total('gw_embedding_overhead_micro_usd_total'),
      tokensSaved: await total('gw_tokens_saved'),
    },
    latency: {
      completed: buckets.find((b) => b.le === Infinity)?.count ?? 0,
      p50Seconds: histogramQuantile(0.5, buckets),
      p99Seconds: histogramQuantile(0.99, buckets),
    },
    errors: { total: sumValues(errorsByClass), byClass: errorsByClass },
    guardBlocks: { total: sumValues(guardBlocksByGuard), byGuard: guardBlocksByGuard },
    semantic: {
      thresholdPass: await total('gw_semantic_threshold_results_total', result('pass', true)),
      thresholdFail: await total('gw_semantic_threshold_results_total', result('fail', true)),
      thresholdSameWording: await total('gw_semantic_threshold_results_total', result('same_wording', true)),
      verificationPass: await total('gw_semantic_verification_results_total', result('pass', true)),
      verificationRejected: await total('gw_semantic_verification_results_total', result('pass', false)),
    },
    upstreams: {
      calls: await by('gw_upstream_attempts_total', 'upstream'),
      failures: await by('gw_upstream_attempts_total', 'upstream', (s) => s.labels['outcome'] !== 'ok'),
      breakers: await by('gw_upstream_breaker_state', 'upstream'),
    },
    evaluation: {
      exactWouldHit: await total('gw_evaluation_cache_outcomes_total', outcome('exact', 'would_hit')),
      semanticWouldHit: await total('gw_evaluation_cache_outcomes_total', outcome('semantic', 'would_hit')),
      misses: await total('gw_evaluation_cache_outcomes_total', (s) => s.labels['outcome'] === 'miss'),
      grossSavedMicroUsd: await total('gw_evaluation_gross_saved_micro_usd_total'),
      netSavedMicroUsd: await total('gw_evaluation_net_saved_micro_usd_total'),
      upstreamCallsAvoided: await total('gw_evaluation_upstream_calls_avoided_total'),
      calibration: calibrationFigure(await read('gw_evaluation_semantic_calibration_total')),
    },
  };
}

function calibrationFigure(samples: readonly Sample[]): DashboardFigures['evaluation']['calibration'] {
  const buckets = new Map<number, { agree: number; differ: number }>();
  for (const s of samples) {
    const similarity = Number(s.labels['similarity']);
    if (!Number.isFinite(similarity)) continue;
    const bucket = buckets.get(similarity) ?? { agree: 0, differ: 0 };
    if (s.labels['answer'] === 'agree') bucket.agree += s.value;
    else bucket.differ += s.value;
    buckets.set(similarity, bucket);
  }
  const report = calibrationReport(
    [...buckets].map(([similarity, counts]): CalibrationBucket => ({ similarity, ...counts })),
    DASHBOARD_CALIBRATION_PRECISION,
  );
  return {
    precision: DASHBOARD_CALIBRATION_PRECISION,
    threshold: report.lowest?.threshold ?? null,
    wouldHits: report.lowest?.wouldHits ?? null,
  };
}

function sum(samples: readonly Sample[]): number {
  return samples.reduce((acc, s) => acc + s.value, 0);
}

function sumValues(record: Readonly<Record<string, number>>): number {
  return Object.values(record).reduce((acc, v) => acc + v, 0);
}

/** Values summed by one label; series without a value yet (zero) are left out. */
function groupBy(samples: readonly Sample[], label: string): Record<string, number> {
  // No prototype: keys are label values.
  const groups = Object.create(null) as Record<string, number>;
  for (const s of samples) {
    if (s.value === 0) continue;
    const key = String(s.labels[label] ?? 'unknown');
    groups[key] = (groups[key] ?? 0) + s.value;
  }
  return groups;
}

function bound(le: string | number | undefined): number {
  return le === '+Inf' || le === undefined ? Infinity : Number(le);
}
