import assert from 'node:assert/strict';
import { PluginOptionsError } from '@sluice/core';
import { ClientLimitsOptionsSchema, ClientLimitsPlugin } from '@sluice/plugin-client-limits';
import { optionKeywords } from '@sluice/config';

describe('client limits: options', () => {
  it('defaults: no tenant limits, counters in memory under sluice:limits:, failing open', () => {
    const { options } = new ClientLimitsPlugin();
    assert.deepEqual(options.tenantLimits, []);
    assert.equal(options.kvUrl, undefined);
    assert.equal(options.keyPrefix, 'sluice:limits:');
    assert.equal(options.failOpen, true);
    assert.equal(options.leaseSeconds, 60);
    assert.deepEqual(new ClientLimitsPlugin().health(), [], 'no store to report without Redis');
  });

  it('declares its directives, limits_kv_url inheriting kv_url as a secret', () => {
    const keywords = optionKeywords(ClientLimitsOptionsSchema.properties.kvUrl);
    assert.equal(keywords.directive, 'limits_kv_url');
    assert.equal(keywords.inherits, 'kv_url');
    assert.equal(keywords.secret, true);
    const names = Object.values(ClientLimitsOptionsSchema.properties).map((schema) => optionKeywords(schema).directive);
    assert.deepEqual(names, [
      'tenant_limits',
      'default_tenant_limits',
      'limits_kv_url',
      'limits_key_prefix',
      'limits_kv_timeout_seconds',
      'limits_fail_open',
      'limits_lease_seconds',
    ]);
    assert.equal((ClientLimitsOptionsSchema.properties.tenantLimits as { block?: string }).block, 'limits');
  });

  it('refuses a limit that is not a positive count, a budget period other than day or month, and a URL that is not Redis', () => {
    const refused = (input: object, path: RegExp) =>
      assert.throws(
        () => new ClientLimitsPlugin(input),
        (error: unknown) => error instanceof PluginOptionsError && path.test(error.message),
      );
    refused({ tenantLimits: [{ tenant: 'acme', limits: { requestsPerMinute: 0 } }] }, /requestsPerMinute/);
    refused({ tenantLimits: [{ tenant: 'acme', limits: { budget: { microUsd: 5, period: 'week' } } }] }, /period/);
    refused({ kvUrl: 'http://cache:6379' }, /kvUrl/);
    refused({ tenantLimits: [{ tenant: 'acme', limits: { requests_per_minute: 5 } }] }, /requests_per_minute/);
  });

  it('names a tenant with two blocks, in code and in the check the config file runs', () => {
    const twice = [
      { tenant: 'acme', limits: {} },
      { tenant: 'acme', limits: { requestsPerMinute: 5 } },
    ];
    assert.throws(
      () => new ClientLimitsPlugin({ tenantLimits: twice }),
      (error: unknown) =>
        error instanceof PluginOptionsError && /tenantLimits\.1\.tenant.*two tenant_limits blocks/.test(error.message),
    );
    const check = optionKeywords(ClientLimitsOptionsSchema.properties.tenantLimits).check as (
      value: unknown,
    ) => string | undefined;
    assert.equal(check([{ tenant: 'acme' }, { tenant: 'globex' }]), undefined);
    assert.match(check([{ tenant: 'acme' }, { tenant: 'acme' }]) ?? '', /tenant "acme" has two tenant_limits blocks/);
  });
});
