/** The model allowlist, and the cost and savings of every response in micro-USD. */
import {
  GatewayError,
  Stage,
  validateOptions,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
  type Usage,
} from '@sluice/core';
import { costMetrics, type CostMetrics } from './cost-metrics.js';
import { CostMeterOptionsSchema, type CostMeterOptions, type CostMeterOptionsInput } from './options.js';
import { PriceTable } from './price-table.js';

const PLUGIN_NAME = 'cost-meter';
const MAX_ECHOED_MODEL = 100;

/**
 * @example
 * kernel.use(new CostMeterPlugin({ prices: [{ model: 'gpt-4o-mini', inputMicroUsdPerToken: 0.15, outputMicroUsdPerToken: 0.6 }] }));
 */
export class CostMeterPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<CostMeterOptions>;
  readonly prices: PriceTable;

  constructor(options: CostMeterOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, CostMeterOptionsSchema, options);
    try {
      this.prices = new PriceTable(this.options.prices);
    } catch (error) {
      throw new Error(`${PLUGIN_NAME}: ${(error as Error).message}`, { cause: error });
    }
  }

  apply(kernel: Kernel): void {
    const metrics = costMetrics(kernel);

    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, async (exchange) => {
      const model = exchange.request.model;
      if (this.options.allowUnknownModels || this.prices.has(model)) return undefined;
      kernel.evidence(
        exchange,
        { source: 'gateway', category: 'policy', event_type: 'model.rejected', outcome: 'blocked' },
        {
          upstream: { model: model.slice(0, MAX_ECHOED_MODEL) },
          decision: { action: 'reject', reason_code: 'MODEL_NOT_ALLOWED' },
        },
      );
      throw new GatewayError('model_not_allowed', {
        message: `model "${model.slice(0, MAX_ECHOED_MODEL)}" has no model_price entry; add one or set allow_unknown_models_pass_through on`,
      });
    });

    kernel.hooks.postScan.tapPromise({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, async (exchange, response) => {
      this.#account(exchange, response, metrics);
      return undefined;
    });
  }

  #account(exchange: Exchange, response: ModelResponse, metrics: CostMetrics): void {
    const requested = exchange.request.model;
    if (exchange.cache.status === 'hit') {
      const saved = this.#costOfCached(response, requested);
      exchange.cost.grossSavedMicroUsd = saved.cost;
      metrics.grossSaved.inc(saved.cost);
      metrics.netSaved.inc(Math.max(0, saved.cost - exchange.cost.overheadMicroUsd));
      metrics.tokensSaved.inc(saved.tokens);
      return;
    }
    const usage = exchange.usage ?? response.body.usage;
    const reported = response.body.model;
    exchange.cost.requestMicroUsd = this.prices.costOf(usage, reported, requested);
    metrics.requestCost.inc(
      { model: this.prices.priceOf(reported, requested)?.model ?? 'unknown' },
      exchange.cost.requestMicroUsd,
    );
    if (exchange.cache.wouldHit === true && exchange.cached !== undefined) {
      const saved = this.#costOfCached(exchange.cached, requested);
      metrics.evaluationGrossSaved.inc(saved.cost);
      metrics.evaluationNetSaved.inc(Math.max(0, saved.cost - exchange.cost.overheadMicroUsd));
      metrics.evaluationAvoided.inc();
    }
  }

  #costOfCached(cached: ModelResponse, requested: string): { cost: number; tokens: number } {
    const usage: Usage | undefined = cached.body.usage;
    const tokens = usage === undefined ? 0 : (usage.prompt_tokens || 0) + (usage.completion_tokens || 0);
    return { cost: this.prices.costOf(usage, cached.body.model, requested), tokens };
  }
}
