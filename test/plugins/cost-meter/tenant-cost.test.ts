import assert from 'node:assert/strict';
import type { CachedResponse } from '@sluice/core';
import { meterKernel, PRICES, completion } from './meter-under-test.js';

const COST = 1234 * 2.5 + 567 * 10;

describe('cost-meter: cost and savings by tenant, with a bounded label', () => {
  it('counts each tenant’s upstream cost under its own label', async () => {
    const meter = meterKernel({ prices: [...PRICES] });
    await meter.ask('gpt-4o', 0, 'acme');
    await meter.ask('gpt-4o', 0, 'acme');
    await meter.ask('gpt-4o', 0, 'globex');
    assert.equal(await meter.counter('gw_tenant_cost_micro_usd_total', { tenant: 'acme' }), 2 * COST);
    assert.equal(await meter.counter('gw_tenant_cost_micro_usd_total', { tenant: 'globex' }), COST);
  });

  it('counts a hit’s savings under its tenant and spends nothing for it', async () => {
    const hit: CachedResponse = { ...completion('gpt-4o', 100, 50), layer: 'exact' };
    const meter = meterKernel({ prices: [...PRICES] }, { cached: hit });
    await meter.ask('gpt-4o', 0, 'acme');
    assert.equal(await meter.counter('gw_tenant_gross_saved_micro_usd_total', { tenant: 'acme' }), 750);
    assert.equal(await meter.counter('gw_tenant_cost_micro_usd_total', { tenant: 'acme' }), 0);
  });

  it('labels the named tenants and the first ones seen up to metrics_tenant_labels, the rest as other', async () => {
    const meter = meterKernel({ prices: [...PRICES], tenantLabels: 2, labelledTenants: ['named'] });
    for (const tenant of ['first', 'second', 'third', 'named']) await meter.ask('gpt-4o', 0, tenant);
    const values = (await meter.kernel.metrics.registry.getSingleMetric('gw_tenant_cost_micro_usd_total')!.get()).values;
    assert.deepEqual(values.map((v) => v.labels.tenant).sort(), ['first', 'named', 'other']);
    assert.equal(await meter.counter('gw_tenant_cost_micro_usd_total', { tenant: 'other' }), 2 * COST);
  });
});
