/**
 * The calibration report of observe mode as `sluice calibrate` prints it: the buckets read from a gateway's
 * `gw_evaluation_semantic_calibration_total` in its Prometheus text, and the report (computed by the
 * semantic-cache plugin's `calibrationReport`) as lines of text.
 */

import type { CalibrationBucket, CalibrationReport } from '@sluice/plugin-semantic-cache';

export const CALIBRATION_METRIC = 'gw_evaluation_semantic_calibration_total';

/** Fewer would-be hits than this make a precision estimate too rough to set a threshold by alone. */
const FEW_SAMPLES = 30;

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * The calibration buckets in a Prometheus text exposition, lowest similarity first.
 * @example
 * calibrationBuckets('gw_evaluation_semantic_calibration_total{similarity="0.93",answer="agree"} 4');
 * // [{ similarity: 0.93, agree: 4, differ: 0 }]
 */
export function calibrationBuckets(metricsText: string): CalibrationBucket[] {
  const buckets = new Map<string, { agree: number; differ: number }>();
  for (const line of metricsText.split('\n')) {
    const sample = SAMPLE.exec(line);
    if (sample === null || sample[1] !== CALIBRATION_METRIC) continue;
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
    const value = Number(sample[3]);
    const similarity = labels.similarity;
    if (similarity === undefined || !Number.isFinite(value)) continue;
    const bucket = buckets.get(similarity) ?? { agree: 0, differ: 0 };
    if (labels.answer === 'agree') bucket.agree += value;
    else if (labels.answer === 'differ') bucket.differ += value;
    buckets.set(similarity, bucket);
  }
  return [...buckets]
    .map(([similarity, counts]) => ({ similarity: Number(similarity), ...counts }))
    .filter((bucket) => Number.isFinite(bucket.similarity))
    .sort((a, b) => a.similarity - b.similarity);
}

/** The report as lines of text. */
export function renderCalibrationReport(report: CalibrationReport, precision: number): string[] {
  if (report.rows.length === 0) {
    return [
      `no calibration samples yet (${CALIBRATION_METRIC} is empty): run the gateway with gw_enforcement_mode observe and semantic_cache_enabled on, on real traffic, then ask again`,
    ];
  }
  const lines = ['threshold  would-hits  agreed  precision'];
  for (const row of report.rows) {
    const estimate = row.precision === undefined ? '–' : row.precision.toFixed(3);
    lines.push(
      `${row.threshold.toFixed(2).padEnd(9)}  ${String(row.wouldHits).padStart(10)}  ${String(row.agreed).padStart(6)}  ${estimate.padStart(9)}`,
    );
  }
  const target = precision.toFixed(3);
  const { lowest } = report;
  lines.push(
    lowest === undefined
      ? `no threshold from ${report.rows[0]!.threshold.toFixed(2)} up reaches precision ${target} on this traffic`
      : `lowest threshold reaching precision ${target}: ${lowest.threshold.toFixed(2)} (${lowest.wouldHits} would-hits, precision ${lowest.precision!.toFixed(3)}); set semantic_similarity_threshold ${lowest.threshold.toFixed(2)};`,
  );
  const { heldFrom } = report;
  if (lowest !== undefined && heldFrom !== lowest) {
    lines.push(
      heldFrom === undefined
        ? `but the highest thresholds fall below it: the estimate is uneven, observe more traffic`
        : `but some higher threshold falls below it; every threshold from ${heldFrom.threshold.toFixed(2)} up reaches it (${heldFrom.wouldHits} would-hits)`,
    );
  }
  if (lowest !== undefined && lowest.wouldHits < FEW_SAMPLES)
    lines.push(`only ${lowest.wouldHits} would-hits at or above it: an estimate to confirm on more traffic`);
  return lines;
}
