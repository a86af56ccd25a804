/** The counters every guard plugin shares. */
import type { Kernel } from '../kernel.js';

export type GuardOutcome = 'allowed' | 'blocked' | 'detected' | 'modified' | 'failed_open' | 'failed_closed' | 'skipped';

/**
 * @example
 * guardMetrics(kernel).requests('security', 'request', 'blocked');
 */
export function guardMetrics(kernel: Kernel) {
  const requests = kernel.metrics.counter<'guard' | 'stage' | 'outcome'>({
    name: 'gw_guard_requests_total',
    help: 'Guard decisions by guard (security, privacy, usage), stage (request, response, restore) and outcome.',
    labelNames: ['guard', 'stage', 'outcome'],
  });
  return {
    requests: (guard: string, stage: string, outcome: GuardOutcome) => requests.inc({ guard, stage, outcome }),
  };
}
