/** The counters every guard plugin shares. */
import type { Kernel } from '@sluice/core';

/**
 * What a guard did with one stage of a request, as `gw_guard_requests_total` counts it.
 * @example
 * const outcome: GuardOutcome = verdict === undefined ? 'allowed' : 'blocked';
 */
export type GuardOutcome = 'allowed' | 'blocked' | 'detected' | 'modified' | 'failed_open' | 'failed_closed' | 'skipped';

/**
 * The guard counters of a kernel, made once per kernel and shared by its guards: decisions by guard, stage and
 * outcome, scans abandoned because the client left, and scans past their budget.
 * @example
 * guardMetrics(kernel).requests('security', 'request', 'blocked');
 */
export function guardMetrics(kernel: Kernel) {
  const requests = kernel.metrics.counter<'guard' | 'stage' | 'outcome'>({
    name: 'gw_guard_requests_total',
    help: 'Guard decisions by guard (security, privacy, usage), stage (request, response, restore) and outcome.',
    labelNames: ['guard', 'stage', 'outcome'],
  });
  const abandoned = kernel.metrics.counter<'guard' | 'stage'>({
    name: 'gw_guard_scans_abandoned_total',
    help: 'Guard scans stopped, or never started, because the client had closed the connection, by guard and stage.',
    labelNames: ['guard', 'stage'],
  });
  const overBudget = kernel.metrics.counter<'guard' | 'stage' | 'outcome'>({
    name: 'gw_guard_scan_budget_exhausted_total',
    help: 'Scans whose texts were longer than the guard’s max_scan_chars, by guard, stage and outcome (failed_open: scanned in part and let through; failed_closed: refused unscanned).',
    labelNames: ['guard', 'stage', 'outcome'],
  });
  return {
    requests: (guard: string, stage: string, outcome: GuardOutcome) => requests.inc({ guard, stage, outcome }),
    abandoned: (guard: string, stage: string) => abandoned.inc({ guard, stage }),
    budgetExhausted: (guard: string, stage: string, outcome: 'failed_open' | 'failed_closed') =>
      overBudget.inc({ guard, stage, outcome }),
  };
}
