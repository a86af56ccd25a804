import assert from 'node:assert/strict';
import { configOptionsProblem, directivesOf, optionsFromConfig, parseConfig, resolveConfig } from '@sluice/config';
import { ExactCacheOptionsSchema } from '@sluice/plugin-exact-cache';
import { ClientKeysOptionsSchema, ClientKeysPlugin, KeySettingsSchema, keyHash } from '@sluice/plugin-client-keys';

describe('client-keys: options', () => {
  it('declares its directives once, the key block’s limits included', () => {
    assert.deepEqual(Object.keys(directivesOf(ClientKeysOptionsSchema)), [
      'client_auth',
      'client_key',
      'client_keys_file',
      'client_keys_redis',
      'client_keys_prefix',
      'client_keys_cache_seconds',
      'client_keys_timeout_seconds',
      'client_keys_fail_open',
    ]);
    assert.deepEqual(Object.keys(directivesOf(KeySettingsSchema)), [
      'tenant',
      'models',
      'cache_share',
      'cache_controls',
      'requests_per_minute',
      'tokens_per_minute',
      'concurrent_requests',
      'budget',
    ]);
  });

  it('defaults to off, tenant default, cache_controls on, cache_share off', () => {
    const plugin = new ClientKeysPlugin({ keys: [{ id: 'a', hash: keyHash('a') }] });
    assert.equal(plugin.options.clientAuth, 'off');
    assert.deepEqual(plugin.options.keys[0]!.settings, { tenant: 'default', cacheShare: false, cacheControls: true });
    assert.equal(plugin.options.cacheSeconds, 10);
    assert.equal(plugin.options.failOpen, false);
    assert.equal(plugin.options.redisPrefix, 'sluice:keys:');
  });

  it('refuses a key in clear, a bad tenant, duplicate ids, and Redis without a URL', () => {
    assert.throws(() => new ClientKeysPlugin({ keys: [{ id: 'a', hash: 'sk-sluice-secret' }] }), /keys\.0\.hash/);
    assert.throws(() => new ClientKeysPlugin({ keys: [{ id: 'a', hash: keyHash('a'), settings: { tenant: 'a b' } }] }), /tenant/);
    assert.throws(
      () =>
        new ClientKeysPlugin({
          keys: [
            { id: 'a', hash: keyHash('a') },
            { id: 'a', hash: keyHash('b') },
          ],
        }),
      /id "a" is defined twice/,
    );
    assert.throws(
      () => new ClientKeysPlugin({ clientAuth: 'required', redis: true }),
      /client_keys_redis is on but kv_url is not set/,
    );
  });

  it('reads from a gateway config: client_key blocks, and the Redis URL inherited from kv_url', () => {
    const text = `
client_auth required;
client_keys_redis on;
kv_url redis://127.0.0.1:6379;
client_keys_cache_seconds 2s;
client_key billing-app ${keyHash('k')} {
  tenant acme;
  budget 5000000 month;
}
client_key plain ${keyHash('p')};
`;
    const sets = [directivesOf(ClientKeysOptionsSchema), directivesOf(ExactCacheOptionsSchema)];
    const config = resolveConfig(parseConfig(text, { file: 'gateway.conf', env: {} }), sets);
    const plugin = new ClientKeysPlugin(optionsFromConfig(ClientKeysOptionsSchema, config));
    assert.equal(plugin.options.clientAuth, 'required');
    assert.equal(plugin.options.redisUrl, 'redis://127.0.0.1:6379');
    assert.equal(plugin.options.cacheSeconds, 2);
    assert.deepEqual(
      plugin.options.keys.map((key) => [key.id, key.settings.tenant, key.settings.budget]),
      [
        ['billing-app', 'acme', { microUsd: 5000000, period: 'month' }],
        ['plain', 'default', undefined],
      ],
    );
    const withoutUrl = resolveConfig(parseConfig('client_keys_redis on;', { file: 'gateway.conf', env: {} }), sets);
    assert.equal(configOptionsProblem(ClientKeysOptionsSchema, withoutUrl), 'client_keys_redis is on but kv_url is not set');
  });
});
