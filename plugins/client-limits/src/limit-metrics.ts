/** Rejections, store faults and spend of the client limits. No key id or tenant is a label: they are unbounded. */
import type { Kernel } from '@sluice/core';
import type { LimitScope } from './limit-keys.js';

/** The kinds of limit, as metrics, evidence and messages name them. */
export type LimitKind = 'requests' | 'tokens' | 'concurrency' | 'budget';

/** Store operations, as `gw_limit_store_errors_total` labels them. */
export type StoreOperation = 'check' | 'record' | 'release' | 'renew';

export function limitMetrics(kernel: Kernel) {
  const rejections = kernel.metrics.counter<'scope' | 'limit'>({
    name: 'gw_limit_rejections_total',
    help: 'Requests refused with 429 because a client key (scope key) or its tenant (scope tenant) reached a limit.',
    labelNames: ['scope', 'limit'],
  });
  const storeErrors = kernel.metrics.counter<'operation'>({
    name: 'gw_limit_store_errors_total',
    help: 'Limit counter operations that failed or timed out (with limits_fail_open on, the request went through unlimited).',
    labelNames: ['operation'],
  });
  const spend = kernel.metrics.counter<'scope'>({
    name: 'gw_limit_spend_micro_usd_total',
    help: 'Upstream spend in micro-USD added to budgets, by scope (key or tenant).',
    labelNames: ['scope'],
  });
  // Every series from the start, so a dashboard sees zeros rather than gaps.
  for (const scope of ['key', 'tenant'] as const) {
    spend.inc({ scope }, 0);
    for (const limit of ['requests', 'tokens', 'concurrency', 'budget'] as const) rejections.inc({ scope, limit }, 0);
  }
  for (const operation of ['check', 'record', 'release', 'renew'] as const) storeErrors.inc({ operation }, 0);
  return {
    rejected: (scope: LimitScope, limit: LimitKind) => rejections.inc({ scope, limit }),
    storeError: (operation: StoreOperation) => storeErrors.inc({ operation }),
    spent: (scope: LimitScope, microUsd: number) => spend.inc({ scope }, microUsd),
  };
}

export type LimitMetrics = ReturnType<typeof limitMetrics>;
