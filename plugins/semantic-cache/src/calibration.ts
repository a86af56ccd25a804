/**
 * Observe mode's calibration: for each lookup whose nearest candidate is at or above the calibration floor
 * (a would-be hit, or a verified candidate a lower threshold would have served), whether the answer it had
 * cached agrees with the live one, by question-similarity bucket. Summed from a bucket up, the counts give,
 * for every threshold from the floor to 1, the would-be hits and the share that agreed: a precision
 * estimate on the operator's own traffic (`sluice calibrate`).
 */

/** The lowest threshold the report can judge; nearer candidates below it are not recorded. */
export const CALIBRATION_FLOOR = 0.8;

/** Bucket width: 21 buckets from the floor to 1.00, two answer labels each, so the series stay bounded. */
export const CALIBRATION_STEP = 0.01;

/**
 * Answer similarity (local embedder, as `gw_evaluation_semantic_answer_similarity`) at or above which the
 * cached answer counts as agreeing with the live one.
 */
export const ANSWER_AGREEMENT = 0.9;

export type AnswerAgreement = 'agree' | 'differ';

/**
 * The bucket label of a question similarity: its lower bound, two decimals; undefined below the floor.
 * @example
 * calibrationBucket(0.9372); // '0.93'
 */
export function calibrationBucket(similarity: number): string | undefined {
  if (!(similarity >= CALIBRATION_FLOOR)) return undefined;
  // The epsilon keeps 0.93 in bucket 0.93 despite binary fractions (0.93 / 0.01 = 92.99999…).
  const steps = Math.floor(Math.min(similarity, 1) / CALIBRATION_STEP + 1e-9);
  return (steps * CALIBRATION_STEP).toFixed(2);
}

export function answerAgreement(answerSimilarity: number): AnswerAgreement {
  return answerSimilarity >= ANSWER_AGREEMENT ? 'agree' : 'differ';
}
