/** Counters of the semantic cache, production and observe mode. */
import type { Kernel, Mode } from '@sluice/core';
import type { AnswerAgreement } from './calibration.js';
import type { SkipReason } from './eligibility.js';
import type { EvictionReason } from './store-bound.js';
import type { VerificationReason } from './verification/verify-pair.js';

/** Similarity buckets for the observe-mode comparison of cached and live answers. */
const SIMILARITY_BUCKETS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.92, 0.94, 0.96, 0.98, 0.99, 1];

export function semanticMetrics(kernel: Kernel) {
  const m = kernel.metrics;
  const hits = m.counter({ name: 'gw_cache_semantic_hits', help: 'Requests answered from the semantic cache.' });
  const threshold = m.counter<'result'>({
    name: 'gw_semantic_threshold_results_total',
    help: 'Nearest semantic candidates at or above the similarity threshold (pass), below it (fail), or below it and answering because the question is the cached one written another way (same_wording; semantic_same_wording_threshold).',
    labelNames: ['result'],
  });
  const verification = m.counter<'result'>({
    name: 'gw_semantic_verification_results_total',
    help: 'Candidates above the threshold that the verification step accepted (pass) or rejected, by the rule that refused it (numbers, negation, names, people, form, ...; semantic_verify_rules).',
    labelNames: ['result'],
  });
  const skipped = m.counter<'reason'>({
    name: 'gw_semantic_skipped_total',
    help: 'Requests the semantic cache did not look up, by reason.',
    labelNames: ['reason'],
  });
  const errors = m.counter<'layer' | 'operation'>({
    name: 'gw_cache_errors_total',
    help: 'Cache store operations that failed or timed out (the request went on without the cache).',
    labelNames: ['layer', 'operation'],
  });
  const overhead = m.counter({
    name: 'gw_embedding_overhead_micro_usd_total',
    help: 'Estimated cost of the embedding calls of semantic lookups, micro-USD.',
  });
  const evaluation = m.counter<'layer' | 'outcome'>({
    name: 'gw_evaluation_cache_outcomes_total',
    help: 'Observe mode: what each cache layer would have done.',
    labelNames: ['layer', 'outcome'],
  });
  const evaluationErrors = m.counter<'layer'>({
    name: 'gw_evaluation_errors_total',
    help: 'Observe mode: shadow cache operations that failed.',
    labelNames: ['layer'],
  });
  const answerSimilarity = m.histogram({
    name: 'gw_evaluation_semantic_answer_similarity',
    help: 'Observe mode: similarity (local embedder) between the cached answer a semantic hit would have served and the live answer.',
    buckets: SIMILARITY_BUCKETS,
  });
  const calibration = m.counter<'similarity' | 'answer'>({
    name: 'gw_evaluation_semantic_calibration_total',
    help: 'Observe mode: would-be semantic hits, and verified nearest candidates down to the calibration floor (0.80), by question similarity (bucket lower bound, steps of 0.01) and whether the cached answer agreed with the live one (answer similarity at or above 0.90); `sluice calibrate` reads it.',
    labelNames: ['similarity', 'answer'],
  });
  const evictions = m.counter<'reason'>({
    name: 'gw_semantic_evictions_total',
    help: 'Entries the in-process semantic store deleted to stay within its bound: expired ones first, then the least recently hit (capacity).',
    labelNames: ['reason'],
  });
  const entries = m.gauge({
    name: 'gw_semantic_store_entries',
    help: 'Entries in the in-process semantic store (the evaluation store in observe mode).',
  });
  const bytes = m.gauge({
    name: 'gw_semantic_store_bytes',
    help: 'Bytes the in-process semantic store counts toward semantic_cache_max_bytes: payload text plus vectors.',
  });
  return {
    evicted: (reason: EvictionReason, count: number) => evictions.inc({ reason }, count),
    held(count: number, total: number): void {
      entries.set(count);
      bytes.set(total);
    },
    skipped: (reason: SkipReason) => skipped.inc({ reason }),
    threshold: (result: 'pass' | 'fail' | 'same_wording') => threshold.inc({ result }),
    verification: (result: 'pass' | VerificationReason) => verification.inc({ result }),
    overhead: (microUsd: number) => microUsd > 0 && overhead.inc(microUsd),
    outcome(mode: Mode, hit: boolean): void {
      if (mode === 'observe') evaluation.inc({ layer: 'semantic', outcome: hit ? 'would_hit' : 'miss' });
      else if (hit) hits.inc();
    },
    fault(mode: Mode, operation: 'embed' | 'search' | 'store'): void {
      errors.inc({ layer: 'semantic', operation });
      if (mode === 'observe') evaluationErrors.inc({ layer: 'semantic' });
    },
    answerSimilarity: (similarity: number) => answerSimilarity.observe(similarity),
    /** `bucket` from `calibrationBucket`: bounded labels only. */
    calibration: (bucket: string, answer: AnswerAgreement) => calibration.inc({ similarity: bucket, answer }),
  };
}

export type SemanticMetrics = ReturnType<typeof semanticMetrics>;
