import assert from 'node:assert/strict';
import { meterKernel, PRICES } from './meter-under-test.js';

const COUNTERS = [
  'gw_request_cost_micro_usd_total',
  'gw_gross_saved_micro_usd_total',
  'gw_net_saved_micro_usd_total',
  'gw_tokens_saved',
  'gw_evaluation_gross_saved_micro_usd_total',
  'gw_evaluation_net_saved_micro_usd_total',
  'gw_evaluation_upstream_calls_avoided_total',
];

describe('cost-meter: counters before the first request', () => {
  it('exposes every counter at zero, with one cost series per priced model', async () => {
    const meter = meterKernel({ prices: [...PRICES] });
    const body = (await meter.kernel.metrics.exposition()).body;
    for (const name of COUNTERS) {
      assert.match(body, new RegExp(`^# TYPE ${name} counter$`, 'm'));
      assert.equal(await meter.counter(name), 0, name);
    }
    assert.match(body, /^gw_tokens_saved 0$/m);
    assert.match(body, /^gw_request_cost_micro_usd_total\{model="gpt-4o"\} 0$/m);
    assert.match(body, /^gw_request_cost_micro_usd_total\{model="gpt-4o-2024-08-06"\} 0$/m);
    assert.doesNotMatch(body, /model="unknown"/, 'no unknown series while unknown models are refused');
  });
});
