import assert from 'node:assert/strict';
import { requestCost } from '@sluice/plugin-cost-meter';
import { meterKernel, PRICES, completion } from './meter-under-test.js';

describe('cost-meter: unknown models', () => {
  it('rejects a model without a price with 400 model_not_allowed, before the upstream', async () => {
    const meter = meterKernel({ prices: [...PRICES] });
    const exchange = await meter.ask('gpt-unknown');
    assert.equal(exchange.error?.code, 'model_not_allowed');
    assert.equal(exchange.error?.status, 400);
    assert.equal(
      exchange.error?.message,
      'model "gpt-unknown" has no model_price entry; add one or set allow_unknown_models_pass_through on',
    );
    assert.equal(meter.upstreamCalls(), 0);
    const rejected = meter.events.find((e) => e.event_type === 'model.rejected');
    assert.ok(rejected, 'a model.rejected event');
    assert.equal(rejected.source, 'gateway');
    assert.equal(rejected.category, 'policy');
    assert.equal(rejected.outcome, 'blocked');
    assert.equal(rejected.upstream?.model, 'gpt-unknown');
  });

  it('echoes at most 100 characters of the model name', async () => {
    const meter = meterKernel({ prices: [...PRICES] });
    const exchange = await meter.ask('m'.repeat(5000));
    assert.equal(exchange.error?.code, 'model_not_allowed');
    assert.ok(exchange.error?.message.includes(`model "${'m'.repeat(100)}" has`));
    assert.equal(meter.events.find((e) => e.event_type === 'model.rejected')?.upstream?.model, 'm'.repeat(100));
  });

  it('lets an unknown model through with pass-through on, at zero cost under the unknown label', async () => {
    const meter = meterKernel(
      { prices: [...PRICES], allowUnknownModels: true },
      { upstream: completion('gpt-unknown', 100, 100) },
    );
    const exchange = await meter.ask('gpt-unknown');
    assert.equal(exchange.response?.status, 200);
    assert.equal(meter.upstreamCalls(), 1);
    assert.equal(requestCost(exchange).requestMicroUsd, 0);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total'), 0);
    const series = (await meter.kernel.metrics.registry.getSingleMetric('gw_request_cost_micro_usd_total')!.get()).values;
    assert.ok(series.some((v) => v.labels['model'] === 'unknown'));
  });
});
