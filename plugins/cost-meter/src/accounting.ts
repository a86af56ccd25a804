/** What one complete response cost, or saved, in micro-USD, and the counters it adds to. */
import type { Exchange, ModelResponse, Usage } from '@sluice/core';
import type { TenantLabels } from '@sluice/caller';
import type { CostMetrics } from './cost-metrics.js';
import { usageTokens, type PriceTable } from './price-table.js';
import { meteredCost, type RequestCost } from './request-cost.js';

/** Label for responses whose model has no price entry (pass-through on); keeps `model` bounded by the config. */
export const UNPRICED_MODEL = 'unknown';

interface Priced {
  /** The price-table model that matched, or `unknown`. */
  readonly model: string;
  readonly costMicroUsd: number;
  readonly tokens: number;
}

/**
 * Accounts for the response the client is about to get: a served hit adds savings, a fresh call adds
 * its cost (and, when a cache answered part of the request, that part's savings: `exchange.cached` on a
 * miss), and in observe mode a would-be hit adds to the evaluation counters only.
 */
export function accountFor(
  exchange: Exchange,
  response: ModelResponse,
  prices: PriceTable,
  metrics: CostMetrics,
  tenants: TenantLabels,
): void {
  const cost = meteredCost(exchange);
  const tenant = { tenant: tenants.of(exchange.tenant) };
  if (exchange.cache.status === 'hit') {
    countSaved(priced(response, response.body.usage, exchange, prices), cost, metrics, tenant);
    return;
  }

  // The upstream plugin records the usage it validated; a stub or third-party upstream may not.
  const spent = priced(response, exchange.usage ?? response.body.usage, exchange, prices);
  cost.requestMicroUsd = spent.costMicroUsd;
  metrics.requestCost.inc({ model: spent.model }, spent.costMicroUsd);
  metrics.tenantCost.inc(tenant, spent.costMicroUsd);

  if (exchange.cache.wouldHit === true && exchange.cached !== undefined) {
    const wouldSave = priced(exchange.cached, exchange.cached.body.usage, exchange, prices);
    metrics.evaluationGrossSaved.inc(wouldSave.costMicroUsd);
    metrics.evaluationNetSaved.inc(netSaved(wouldSave.costMicroUsd, cost.overheadMicroUsd));
    metrics.evaluationAvoided.inc();
  } else if (exchange.cached !== undefined && exchange.mode === 'enforce') {
    // A cache answered part of the request (embedding inputs) and the upstream the rest: that part is saved.
    countSaved(priced(exchange.cached, exchange.cached.body.usage, exchange, prices), cost, metrics, tenant);
  }
}

function countSaved(saved: Priced, cost: RequestCost, metrics: CostMetrics, tenant: { tenant: string }): void {
  const net = netSaved(saved.costMicroUsd, cost.overheadMicroUsd);
  cost.grossSavedMicroUsd = saved.costMicroUsd;
  metrics.grossSaved.inc(saved.costMicroUsd);
  metrics.tenantSaved.inc(tenant, saved.costMicroUsd);
  metrics.netSaved.inc(net);
  metrics.tokensSaved.inc(saved.tokens);
}

/** Prices usage by the model the upstream reported in the body, then by the one the client requested. */
function priced(response: ModelResponse, usage: Usage | undefined, exchange: Exchange, prices: PriceTable): Priced {
  const model = prices.pricedModel(response.body.model, exchange.request.model);
  if (model === undefined) return { model: UNPRICED_MODEL, costMicroUsd: 0, tokens: usageTokens(usage) };
  return { model, costMicroUsd: prices.costOf(model, usage), tokens: usageTokens(usage) };
}

/** A counter cannot go down: when lookup overhead outweighs the savings, the request adds zero. */
function netSaved(grossMicroUsd: number, overheadMicroUsd: number): number {
  return Math.max(0, grossMicroUsd - overheadMicroUsd);
}
