/** Hit, fault and observe-mode counters of the exact cache. */
import type { Kernel, Mode } from '@sluice/core';

export function exactCacheMetrics(kernel: Kernel) {
  const hits = kernel.metrics.counter({ name: 'gw_cache_exact_hits', help: 'Requests answered from the exact cache.' });
  const errors = kernel.metrics.counter<'layer' | 'operation'>({
    name: 'gw_cache_errors_total',
    help: 'Cache store operations that failed or timed out (the request went on without the cache).',
    labelNames: ['layer', 'operation'],
  });
  const evaluation = kernel.metrics.counter<'layer' | 'outcome'>({
    name: 'gw_evaluation_cache_outcomes_total',
    help: 'Observe mode: what each cache layer would have done.',
    labelNames: ['layer', 'outcome'],
  });
  const evaluationErrors = kernel.metrics.counter<'layer'>({
    name: 'gw_evaluation_errors_total',
    help: 'Observe mode: shadow cache operations that failed.',
    labelNames: ['layer'],
  });
  return {
    outcome(mode: Mode, hit: boolean): void {
      if (mode === 'observe') evaluation.inc({ layer: 'exact', outcome: hit ? 'would_hit' : 'miss' });
      else if (hit) hits.inc();
    },
    fault(mode: Mode, operation: 'get' | 'set'): void {
      errors.inc({ layer: 'exact', operation });
      if (mode === 'observe') evaluationErrors.inc({ layer: 'exact' });
    },
  };
}

export type ExactCacheMetrics = ReturnType<typeof exactCacheMetrics>;
