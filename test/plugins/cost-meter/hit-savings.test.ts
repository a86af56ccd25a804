import assert from 'node:assert/strict';
import type { CachedResponse } from '@sluice/core';
import { requestCost } from '@sluice/plugin-cost-meter';
import { meterKernel, PRICES, completion } from './meter-under-test.js';

const hit: CachedResponse = { ...completion('gpt-4o', 100, 50), layer: 'exact' };

describe('cost-meter: savings of a served hit', () => {
  it('counts the cached answer’s cost as gross savings and its tokens as tokens saved', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { cached: hit });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(meter.upstreamCalls(), 0);
    assert.equal(exchange.cache.status, 'hit');
    assert.equal(requestCost(exchange).grossSavedMicroUsd, 250 + 500);
    assert.equal(requestCost(exchange).requestMicroUsd, 0);
    assert.equal(await meter.counter('gw_gross_saved_micro_usd_total'), 750);
    assert.equal(await meter.counter('gw_net_saved_micro_usd_total'), 750);
    assert.equal(await meter.counter('gw_tokens_saved'), 150);
    assert.equal(await meter.counter('gw_request_cost_micro_usd_total'), 0);
  });

  it('counts net savings as gross minus overhead, adding zero when overhead outweighs them', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { cached: hit });
    await meter.ask('gpt-4o', 300);
    assert.equal(await meter.counter('gw_net_saved_micro_usd_total'), 450);
    await meter.ask('gpt-4o', 10_000);
    assert.equal(await meter.counter('gw_net_saved_micro_usd_total'), 450);
    assert.equal(await meter.counter('gw_gross_saved_micro_usd_total'), 1500);
  });

  it('saves nothing in money when the cached answer carries no usage', async () => {
    const meter = meterKernel({ prices: [...PRICES] }, { cached: { ...completion('gpt-4o'), layer: 'exact' } });
    const exchange = await meter.ask('gpt-4o');
    assert.equal(requestCost(exchange).grossSavedMicroUsd, 0);
    assert.equal(await meter.counter('gw_gross_saved_micro_usd_total'), 0);
    assert.equal(await meter.counter('gw_tokens_saved'), 0);
  });
});
