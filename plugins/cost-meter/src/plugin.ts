/** The model allowlist, and the cost and savings of every complete response in micro-USD. */
import { TenantLabels } from '@sluice/caller';
import { GatewayError, PluginOptionsError, Stage, validateOptions, type Exchange, type Kernel, type Plugin } from '@sluice/core';
import { accountFor, UNPRICED_MODEL } from './accounting.js';
import { costMetrics } from './cost-metrics.js';
import { CostMeterOptionsSchema, type CostMeterOptions, type CostMeterOptionsInput } from './options.js';
import { PriceTable, repeatedModelIndex, repeatedModelMessage } from './price-table.js';
import { COST_METER_ERRORS } from './errors.js';

const PLUGIN_NAME = 'cost-meter';
/** The client's model name is not prompt text, but it is still client input: echo a bounded prefix. */
const MAX_ECHOED_MODEL_CHARS = 100;

/**
 * Refuses models without a price entry (unless pass-through is on) before any guard spends a call,
 * and counts request cost, cache savings and tokens saved.
 * @example
 * kernel.use(new CostMeterPlugin({ prices: [{ model: 'gpt-4o-mini', inputMicroUsdPerToken: 0.15, outputMicroUsdPerToken: 0.6 }] }));
 */
export class CostMeterPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = COST_METER_ERRORS;
  readonly options: Readonly<CostMeterOptions>;
  readonly prices: PriceTable;

  constructor(options: CostMeterOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, CostMeterOptionsSchema, options);
    const repeated = repeatedModelIndex(this.options.prices);
    if (repeated !== undefined) {
      const model = this.options.prices[repeated]!.model;
      throw new PluginOptionsError(PLUGIN_NAME, [{ path: `prices.${repeated}.model`, message: repeatedModelMessage(model) }]);
    }
    this.prices = new PriceTable(this.options.prices);
  }

  apply(kernel: Kernel): void {
    // Created here, not on first use, so /metrics shows every counter at zero from the start.
    const costModels = this.options.prices.map((price) => price.model);
    const metrics = costMetrics(kernel, this.options.allowUnknownModels ? [...costModels, UNPRICED_MODEL] : costModels);
    const tenants = new TenantLabels(this.options.tenantLabels, this.options.labelledTenants);

    // Synchronous taps: neither decision waits for anything, and a promise per tap was measurable on every hit.
    kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, (exchange) => {
      this.#admit(kernel, exchange);
      return undefined;
    });

    // ADMISSION on postScan: every complete response, cached or fresh, is seen before a response scan can bail.
    kernel.hooks.postScan.tap({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, (exchange, response) => {
      accountFor(exchange, response, this.prices, metrics, tenants);
      return undefined;
    });
  }

  #admit(kernel: Kernel, exchange: Exchange): void {
    const model = exchange.request.model;
    if (this.options.allowUnknownModels || this.prices.has(model)) return;
    const shown = echoable(model);
    kernel.evidence(
      exchange,
      { source: 'gateway', category: 'policy', event_type: 'model.rejected', outcome: 'blocked' },
      { upstream: { model: shown }, decision: { action: 'reject', reason_code: 'MODEL_NOT_ALLOWED' } },
    );
    throw new GatewayError('model_not_allowed', {
      message: `model "${shown}" has no model_price entry; add one or set allow_unknown_models_pass_through on`,
    });
  }
}

/** At most MAX_ECHOED_MODEL_CHARS UTF-16 units, never ending in half a surrogate pair. */
function echoable(model: string): string {
  if (model.length <= MAX_ECHOED_MODEL_CHARS) return model;
  const cut = model.slice(0, MAX_ECHOED_MODEL_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
