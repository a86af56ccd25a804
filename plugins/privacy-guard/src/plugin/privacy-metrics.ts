/** The privacy guard's counters: core's guard counter, and restores skipped. */
import { type Kernel } from '@sluice/core';
import { guardMetrics, type GuardOutcome } from '@sluice/guard-kit';

/** Why no restore ran: nothing was anonymised, the answer held no placeholder, or restore is off. */
export type RestoreSkipReason = 'not_anonymised' | 'no_placeholders' | 'disabled';

export function privacyMetrics(kernel: Kernel) {
  const guard = guardMetrics(kernel);
  const skipped = kernel.metrics.counter<'reason'>({
    name: 'gw_privacy_restore_skipped_total',
    help: 'Answers returned without a privacy restore, by reason (not_anonymised, no_placeholders, disabled).',
    labelNames: ['reason'],
  });
  return {
    scan: (outcome: GuardOutcome) => guard.requests('privacy', 'request', outcome),
    restore: (outcome: GuardOutcome) => guard.requests('privacy', 'restore', outcome),
    restoreSkipped: (reason: RestoreSkipReason) => skipped.inc({ reason }),
    abandoned: (stage: 'request' | 'restore') => guard.abandoned('privacy', stage),
    budgetExhausted: (outcome: 'failed_open' | 'failed_closed') => guard.budgetExhausted('privacy', 'request', outcome),
  };
}

export type PrivacyMetrics = ReturnType<typeof privacyMetrics>;
