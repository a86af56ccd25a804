import assert from 'node:assert/strict';
import { requestCost } from '@sluice/plugin-cost-meter';
import { meterKernel, PRICES, completion } from './meter-under-test.js';

describe('cost-meter: cost of an upstream call', () => {
  it('counts round(prompt × input) + round(completion × output) micro-USD by priced model', async () => {
    const meter = meterKernel({ prices: [...PRICES] });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(requestCost(exchange).requestMicroUsd, 3085 + 5670);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total', { model: 'gpt-4o' }), 8755);
    await meter.ask('gpt-4o');
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total'), 2 * 8755);
  });

  it('prices by the model the upstream reports before the requested one', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { upstream: completion('gpt-4o-2024-08-06', 1234, 567) });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(requestCost(exchange).requestMicroUsd, 2468 + 4536);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total', { model: 'gpt-4o-2024-08-06' }), 7004);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total', { model: 'gpt-4o' }), 0);
  });

  it('falls back to the requested model when the reported one has no price', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { upstream: completion('gpt-4o-2099-01-01', 1234, 567) });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(requestCost(exchange).requestMicroUsd, 8755);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total', { model: 'gpt-4o' }), 8755);
  });

  it('reads zero when the upstream returns no usage', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { upstream: completion('gpt-4o') });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(exchange.response?.status, 200);
    assert.equal(requestCost(exchange).requestMicroUsd, 0);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total'), 0);
  });
});
