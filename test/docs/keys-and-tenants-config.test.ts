/** The config shown in docs/keys-and-tenants.md and config-language.md resolves as the gateway reads it. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { regionOf } from './snippet-regions.js';

const SOURCE = readFileSync(join(import.meta.dirname, 'snippet-sources/keys-and-tenants.conf'), 'utf8');

async function optionsOf(region: string) {
  const text = regionOf(SOURCE, region);
  assert.ok(text !== undefined, `region ${region}`);
  return gatewayOptionsFromConfig(await parseGatewayConfig(`model_price gpt-4o 2.5 10;\n${text}`, 'docs.conf', { env: {} }));
}

describe('docs: the keys and tenants config examples', () => {
  it('modes: client_auth required', async () => {
    const { clientKeys } = await optionsOf('modes');
    assert.equal(clientKeys && clientKeys.clientAuth, 'required');
  });

  it('client-key: every setting of a key’s block is read as written', async () => {
    const { clientKeys } = await optionsOf('client-key');
    const [key] = (clientKeys === false ? undefined : clientKeys?.keys) ?? [];
    assert.equal(key?.id, 'billing-app');
    assert.deepEqual(key?.settings, {
      tenant: 'acme',
      models: ['gpt-4o-mini', 'gpt-4o'],
      requestsPerMinute: 60,
      tokensPerMinute: 200000,
      concurrentRequests: 4,
      budget: { microUsd: 5_000_000, period: 'day' },
      cacheShare: false,
      cacheControls: true,
    });
  });

  it('tenant-limits: a tenant’s block and the default for the others', async () => {
    const { clientLimits } = await optionsOf('tenant-limits');
    assert.deepEqual(clientLimits && clientLimits.tenantLimits, [
      { tenant: 'acme', limits: { requestsPerMinute: 600, budget: { microUsd: 50_000_000, period: 'month' } } },
    ]);
    assert.deepEqual(clientLimits && clientLimits.defaultTenantLimits, { limits: { requestsPerMinute: 120 } });
  });

  it('admin-key and block-directives resolve', async () => {
    assert.match((await optionsOf('admin-key')).gateway?.adminKeyHash ?? '', /^sha256:/);
    const { clientKeys } = await optionsOf('block-directives');
    assert.equal(clientKeys && clientKeys.keys?.length, 2);
  });
});
