import assert from 'node:assert/strict';
import type { CachedResponse } from '@sluice/core';
import { requestCost } from '@sluice/plugin-cost-meter';
import { meterKernel, PRICES, completion } from './meter-under-test.js';

const hit: CachedResponse = { ...completion('gpt-4o', 100, 50), layer: 'exact' };

describe('cost-meter: observe mode', () => {
  it('counts would-be savings in the evaluation counters and leaves production savings at zero', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { mode: 'observe', cached: hit });
    const exchange = await meter.ask('gpt-4o', 300);
    assert.equal(meter.upstreamCalls(), 1);
    assert.equal(exchange.cache.wouldHit, true);
    assert.equal(requestCost(exchange).grossSavedMicroUsd, 0);
    assert.equal(await meter.counter('gw_evaluation_gross_saved_micro_usd_total'), 750);
    assert.equal(await meter.counter('gw_evaluation_net_saved_micro_usd_total'), 450);
    assert.equal(await meter.counter('gw_evaluation_upstream_calls_avoided_total'), 1);
    assert.equal(await meter.counter('gw_gross_saved_micro_usd_total'), 0);
    assert.equal(await meter.counter('gw_net_saved_micro_usd_total'), 0);
    assert.equal(await meter.counter('gw_tokens_saved'), 0);
  });

  it('still counts the live call’s cost', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { mode: 'observe', cached: hit });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(requestCost(exchange).requestMicroUsd, 8755);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total', { model: 'gpt-4o' }), 8755);
  });

  it('counts nothing in evaluation when no layer would have hit', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { mode: 'observe' });
    await meter.ask('gpt-4o');
    assert.equal(await meter.counter('gw_evaluation_gross_saved_micro_usd_total'), 0);
    assert.equal(await meter.counter('gw_evaluation_upstream_calls_avoided_total'), 0);
  });
});
