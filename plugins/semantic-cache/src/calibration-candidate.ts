/**
 * Observe mode: the nearest candidate of a lookup that found no hit, when a lower threshold (down to the
 * calibration floor) would have served it: below the threshold and passing the verification in force.
 * A candidate at or above the threshold found no hit because the verification refused it, and a lower
 * threshold would refuse it too.
 */
import type { VectorHit } from '@sluice/vector-store';
import { CALIBRATION_FLOOR } from './calibration.js';
import type { SemanticEntry } from './entry.js';
import type { SemanticCacheOptions } from './options.js';
import type { SemanticKey } from './scope.js';
import { questionFacts } from './verification/question-facts.js';
import { verifyFacts } from './verification/verify-pair.js';

type Rules = Pick<SemanticCacheOptions, 'threshold' | 'verify' | 'verifyRules'>;

export function calibrationCandidate(
  best: VectorHit<SemanticEntry> | undefined,
  key: SemanticKey,
  rules: Rules,
): { readonly similarity: number; readonly answer: string } | undefined {
  if (best === undefined || best.similarity < CALIBRATION_FLOOR || best.similarity >= rules.threshold) return undefined;
  if (
    rules.verify &&
    !verifyFacts(questionFacts(best.payload.question), questionFacts(key.question), new Set(rules.verifyRules)).ok
  )
    return undefined;
  return { similarity: best.similarity, answer: best.payload.answer };
}
