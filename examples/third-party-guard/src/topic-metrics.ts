/** The topic guard's counter. Its labels are outcomes only: no topic, tenant or text. */
import type { Kernel } from '@sluice/core';
import type { TopicDecision } from './topic-evidence.js';

const OUTCOMES: readonly TopicDecision[] = ['allowed', 'blocked', 'would_block'];

// #region metrics
/**
 * Gets or creates the counter on the kernel's registry (the gateway keeps one registry across
 * reloads, so a second runtime gets the same counter) and shows every outcome from the start.
 * @example
 * topicGuardMetrics(kernel).count('blocked');
 */
export function topicGuardMetrics(kernel: Kernel) {
  const decisions = kernel.metrics.counter<'outcome'>({
    name: 'plugin_topic_guard_decisions_total',
    help: 'Topic guard decisions by outcome (allowed, blocked, would_block in observe mode).',
    labelNames: ['outcome'],
  });
  for (const outcome of OUTCOMES) decisions.inc({ outcome }, 0);
  return { count: (outcome: TopicDecision) => decisions.inc({ outcome }) };
}
// #endregion metrics

export type TopicGuardMetrics = ReturnType<typeof topicGuardMetrics>;
