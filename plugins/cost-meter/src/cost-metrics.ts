/** The cost and savings counters, production and observe-mode (evaluation) ones, all in micro-USD but tokens. */
import type { Kernel } from '@sluice/core';

/**
 * Gets or creates every counter, so `/metrics` shows them at zero before the first request.
 * `costModels` are the values the `model` label can take (priced models, and `unknown` with
 * pass-through on); each series starts at zero too.
 */
export function costMetrics(kernel: Kernel, costModels: readonly string[]) {
  const m = kernel.metrics;
  const metrics = {
    requestCost: m.counter<'model'>({
      name: 'gw_request_cost_micro_usd_total',
      help: 'Estimated upstream chat cost in micro-USD, by priced model (unknown when unpriced).',
      labelNames: ['model'],
    }),
    grossSaved: m.counter({
      name: 'gw_gross_saved_micro_usd_total',
      help: 'Estimated upstream chat cost avoided by cache hits, micro-USD.',
    }),
    netSaved: m.counter({
      name: 'gw_net_saved_micro_usd_total',
      help: 'Gross savings minus cache lookup overhead (embeddings), floored at zero per request, micro-USD.',
    }),
    tokensSaved: m.counter({ name: 'gw_tokens_saved', help: 'Prompt plus completion tokens of responses served from cache.' }),
    tenantCost: m.counter<'tenant'>({
      name: 'gw_tenant_cost_micro_usd_total',
      help: 'Estimated upstream chat cost in micro-USD by tenant (the first tenants seen, the rest `other`).',
      labelNames: ['tenant'],
    }),
    tenantSaved: m.counter<'tenant'>({
      name: 'gw_tenant_gross_saved_micro_usd_total',
      help: 'Upstream chat cost avoided by cache hits in micro-USD by tenant (the first tenants seen, the rest `other`).',
      labelNames: ['tenant'],
    }),
    evaluationGrossSaved: m.counter({
      name: 'gw_evaluation_gross_saved_micro_usd_total',
      help: 'Observe mode: upstream cost cache hits would have avoided, micro-USD.',
    }),
    evaluationNetSaved: m.counter({
      name: 'gw_evaluation_net_saved_micro_usd_total',
      help: 'Observe mode: net savings cache hits would have made, micro-USD.',
    }),
    evaluationAvoided: m.counter({
      name: 'gw_evaluation_upstream_calls_avoided_total',
      help: 'Observe mode: upstream calls a cache hit would have avoided.',
    }),
  };
  for (const model of costModels) metrics.requestCost.inc({ model }, 0);
  return metrics;
}

export type CostMetrics = ReturnType<typeof costMetrics>;
