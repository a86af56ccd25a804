/** Per-input counters of the exact cache on embeddings: a batch can be part hit, part miss. */
import type { Kernel, Mode } from '@sluice/core';

export function embeddingsCacheMetrics(kernel: Kernel) {
  const inputs = kernel.metrics.counter<'mode' | 'outcome'>({
    name: 'gw_cache_exact_embedding_inputs_total',
    help: 'Embedding inputs looked up in the exact cache, by mode and outcome (hit, miss; in observe mode a hit is a would-hit).',
    labelNames: ['mode', 'outcome'],
  });
  return {
    looked(mode: Mode, hits: number, misses: number): void {
      if (hits > 0) inputs.inc({ mode, outcome: 'hit' }, hits);
      if (misses > 0) inputs.inc({ mode, outcome: 'miss' }, misses);
    },
  };
}

export type EmbeddingsCacheMetrics = ReturnType<typeof embeddingsCacheMetrics>;
