/** The per-upstream counters and the breaker gauge; the `upstream` label is a configured name, so it stays bounded. */
import type { Kernel } from '@sluice/core';
import { BREAKER_GAUGE, type BreakerState } from './circuit-breaker.js';

/**
 * @example
 * const metrics = upstreamMetrics(kernel);
 * metrics.attempt('primary', 'ok');
 */
export interface UpstreamMetrics {
  /** One call to an upstream, by its outcome: `ok` or the failure class. */
  attempt(upstream: string, outcome: string): void;
  /** A call made again to the same upstream, by the failure that caused it. */
  retry(upstream: string, reason: string): void;
  /** A request that left this upstream for the next one, by the failure (or `circuit_open`: skipped). */
  fallback(upstream: string, reason: string): void;
  breaker(upstream: string, state: BreakerState): void;
}

export function upstreamMetrics(kernel: Kernel): UpstreamMetrics {
  const attempts = kernel.metrics.counter<'upstream' | 'outcome'>({
    name: 'gw_upstream_attempts_total',
    help: 'Calls to each upstream, retries included, by outcome (ok or the failure class).',
    labelNames: ['upstream', 'outcome'],
  });
  const retries = kernel.metrics.counter<'upstream' | 'reason'>({
    name: 'gw_upstream_retries_total',
    help: 'Calls made again to the same upstream, by the failure class that caused them.',
    labelNames: ['upstream', 'reason'],
  });
  const fallbacks = kernel.metrics.counter<'upstream' | 'reason'>({
    name: 'gw_upstream_fallbacks_total',
    help: 'Requests that left an upstream for the next one, by the failure class, or circuit_open when it was skipped.',
    labelNames: ['upstream', 'reason'],
  });
  const breaker = kernel.metrics.gauge<'upstream'>({
    name: 'gw_upstream_breaker_state',
    help: "Each upstream's circuit breaker: 0 closed, 1 open, 2 half-open (a probe may go through).",
    labelNames: ['upstream'],
  });
  return {
    attempt: (upstream, outcome) => attempts.inc({ upstream, outcome }),
    retry: (upstream, reason) => retries.inc({ upstream, reason }),
    fallback: (upstream, reason) => fallbacks.inc({ upstream, reason }),
    breaker: (upstream, state) => breaker.set({ upstream }, BREAKER_GAUGE[state]),
  };
}
