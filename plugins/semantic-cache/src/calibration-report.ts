/**
 * The calibration report of observe mode, from the counts of `gw_evaluation_semantic_calibration_total`
 * (calibration.ts): the would-be hits and their agreement at every threshold from the floor up, and the
 * lowest threshold whose estimate reaches a chosen precision. `sluice calibrate` prints it; the gateway's
 * `/dashboard` shows its answer for precision 0.98.
 */

/** One bucket: its lower bound, and the candidates whose cached answer agreed or differed. */
export interface CalibrationBucket {
  readonly similarity: number;
  readonly agree: number;
  readonly differ: number;
}

/** One row of the report: what a threshold would have served on the traffic observed. */
export interface ThresholdRow {
  readonly threshold: number;
  readonly wouldHits: number;
  readonly agreed: number;
  /** agreed / wouldHits; undefined with no would-be hit. */
  readonly precision: number | undefined;
}

export interface CalibrationReport {
  readonly rows: readonly ThresholdRow[];
  /** The lowest threshold whose would-be hits reach the target precision; undefined when none does. */
  readonly lowest: ThresholdRow | undefined;
  /**
   * The lowest threshold from which every higher threshold with would-be hits also reaches the target: the
   * safer choice when `lowest` reaches it only by mixing in a better bucket below a worse one.
   */
  readonly heldFrom: ThresholdRow | undefined;
}

/**
 * Every bucket's lower bound as a threshold: the candidates at or above it are what it would have served.
 * @example
 * calibrationReport([{ similarity: 0.9, agree: 9, differ: 1 }, { similarity: 0.95, agree: 10, differ: 0 }], 0.98).lowest;
 * // { threshold: 0.95, wouldHits: 10, agreed: 10, precision: 1 }
 */
export function calibrationReport(buckets: readonly CalibrationBucket[], precision: number): CalibrationReport {
  const sorted = [...buckets].sort((a, b) => a.similarity - b.similarity);
  const rows: ThresholdRow[] = [];
  let wouldHits = 0;
  let agreed = 0;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const bucket = sorted[i]!;
    wouldHits += bucket.agree + bucket.differ;
    agreed += bucket.agree;
    rows.unshift({ threshold: bucket.similarity, wouldHits, agreed, precision: wouldHits > 0 ? agreed / wouldHits : undefined });
  }
  const reaches = (row: ThresholdRow) => row.precision !== undefined && row.precision >= precision;
  const lowest = rows.find(reaches);
  // From the top down, while every threshold reaches the target.
  let heldFrom: ThresholdRow | undefined;
  for (let i = rows.length - 1; i >= 0 && reaches(rows[i]!); i--) heldFrom = rows[i];
  return { rows, lowest, heldFrom };
}
