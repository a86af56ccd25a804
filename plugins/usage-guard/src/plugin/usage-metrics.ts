/** The usage guard's counters: its blocks, and its decisions in the guards' shared counter. */
import { type Kernel } from '@sluice/core';
import { guardMetrics, type GuardOutcome } from '@sluice/guard-kit';

/**
 * @example
 * const metrics = usageMetrics(kernel);
 * metrics.blocked('escalate');
 */
export function usageMetrics(kernel: Kernel) {
  const guards = guardMetrics(kernel);
  const blocks = kernel.metrics.counter<'decision'>({
    name: 'gw_usage_blocks_total',
    help: 'Requests the usage guard stopped, by decision (block, escalate).',
    labelNames: ['decision'],
  });
  return {
    outcome: (outcome: GuardOutcome) => guards.requests('usage', 'request', outcome),
    abandoned: () => guards.abandoned('usage', 'request'),
    budgetExhausted: (outcome: 'failed_open' | 'failed_closed') => guards.budgetExhausted('usage', 'request', outcome),
    blocked(decision: 'block' | 'escalate'): void {
      blocks.inc({ decision });
      guards.requests('usage', 'request', 'blocked');
    },
  };
}

export type UsageMetrics = ReturnType<typeof usageMetrics>;
