import assert from 'node:assert/strict';
import { PluginOptionsError } from '@sluice/core';
import { ClientLimitsOptionsSchema, ClientLimitsPlugin } from '@sluice/plugin-client-limits';
import { ConfigErrors, optionKeywords, optionsFromText } from '@sluice/config';

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

describe('client limits: options from a config file', () => {
  const read = (text: string) => optionsFromText(ClientLimitsOptionsSchema, text, { file: 'limits.conf' });

  it('reads tenant_limits blocks, default_tenant_limits, and the store directives', () => {
    const options = read(`
tenant_limits acme { requests_per_minute 600; tokens_per_minute 200000; budget 50000000 month; }
tenant_limits globex { concurrent_requests 4; }
default_tenant_limits { requests_per_minute 60; budget 1000000 day; }
limits_kv_url redis://cache:6379;
limits_key_prefix gw1:limits:;
limits_fail_open off;
`);
    assert.deepEqual(options.tenantLimits, [
      {
        tenant: 'acme',
        limits: { requestsPerMinute: 600, tokensPerMinute: 200000, budget: { microUsd: 50000000, period: 'month' } },
      },
      { tenant: 'globex', limits: { concurrentRequests: 4 } },
    ]);
    assert.deepEqual(options.defaultTenantLimits, {
      limits: { requestsPerMinute: 60, budget: { microUsd: 1000000, period: 'day' } },
    });
    assert.equal(options.kvUrl, 'redis://cache:6379');
    assert.equal(options.keyPrefix, 'gw1:limits:');
    assert.equal(options.failOpen, false);
    assert.deepEqual(new ClientLimitsPlugin(options).options, options);
  });

  it('names a tenant written twice and a limit misspelt inside a block, with their lines', () => {
    assert.throws(
      () => read('tenant_limits acme { requests_per_minute 5; }\ntenant_limits acme { budget 5 day; }\n'),
      (error: unknown) => error instanceof ConfigErrors && /tenant "acme" has two tenant_limits blocks/.test(error.message),
    );
    assert.throws(
      () => read('tenant_limits acme {\n  request_per_minute 5;\n}\n'),
      (error: unknown) => error instanceof ConfigErrors && /limits\.conf:2:3: .*"request_per_minute"/.test(error.message),
    );
  });
});
