/** The privacy guard's options, declared once: the directives derived from them and the options a config file sets. */
import assert from 'node:assert/strict';
import { directivesOf, enabledInConfig, optionsFromConfig, parseConfig, printConfig, resolveConfig } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import { PrivacyGuardOptionsSchema, PrivacyGuardPlugin } from '@sluice/plugin-privacy-guard';
import { GatewaySettingsSchema } from '@sluice/preset-gateway';

const SETS = [directivesOf(GatewaySettingsSchema), directivesOf(PrivacyGuardOptionsSchema)];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'privacy.conf', env: {} }), SETS);
const optionsOf = (text: string) => optionsFromConfig(PrivacyGuardOptionsSchema, resolve(text));

describe('privacy guard options', () => {
  it('declares its directives in the order the reference lists them; guard_fail_open stays the gateway’s', () => {
    assert.deepEqual(Object.keys(directivesOf(PrivacyGuardOptionsSchema)), [
      'privacy_guard_enabled',
      'privacy_guard_url',
      'privacy_guard_api_key',
      'privacy_guard_timeout_seconds',
      'privacy_guard_mode',
      'privacy_guard_tenant_id',
      'privacy_guard_policy_id',
      'privacy_guard_restore',
      'privacy_guard_mapping_ttl_seconds',
      'privacy_guard_kv_url',
      'privacy_guard_kv_key_prefix',
      'privacy_guard_policy_file',
      'privacy_guard_max_scan_chars',
    ]);
  });

  it('is off unless privacy_guard_enabled is on', () => {
    assert.equal(enabledInConfig(PrivacyGuardOptionsSchema, resolve('')), false);
    assert.equal(enabledInConfig(PrivacyGuardOptionsSchema, resolve('privacy_guard_enabled off;')), false);
    assert.equal(enabledInConfig(PrivacyGuardOptionsSchema, resolve('privacy_guard_enabled on;')), true);
  });

  it('defaults to the local engine in anonymize mode, restore on, fail-closed', () => {
    const options = optionsOf('privacy_guard_enabled on;');
    assert.deepEqual(options, {
      url: 'local',
      apiKey: '',
      timeoutSeconds: 10,
      mode: 'anonymize',
      policyId: 'default',
      restore: true,
      failOpen: false,
      mappingTtlSeconds: 3600,
      kvKeyPrefix: 'sluice:privacy:',
      maxScanChars: DEFAULT_MAX_SCAN_CHARS,
    });
    assert.doesNotThrow(() => new PrivacyGuardPlugin(options));
    assert.equal(new PrivacyGuardPlugin().options.mode, 'anonymize');
  });

  it('reads every directive, and guard_fail_open', () => {
    const options = optionsOf(`
        privacy_guard_enabled on;
        privacy_guard_url http://127.0.0.1:8102;
        privacy_guard_api_key s3cret;
        privacy_guard_timeout_seconds 2s;
        privacy_guard_mode redact;
        privacy_guard_tenant_id acme;
        privacy_guard_policy_id hr;
        privacy_guard_restore off;
        privacy_guard_mapping_ttl_seconds 10m;
        privacy_guard_kv_url redis://127.0.0.1:6379/2;
        privacy_guard_kv_key_prefix acme:privacy:;
        privacy_guard_policy_file /etc/sluice/privacy.json;
        privacy_guard_max_scan_chars 5000;
        guard_fail_open on;
      `);
    assert.deepEqual(options, {
      url: 'http://127.0.0.1:8102',
      apiKey: 's3cret',
      timeoutSeconds: 2,
      mode: 'redact',
      policyId: 'hr',
      restore: false,
      failOpen: true,
      mappingTtlSeconds: 600,
      kvKeyPrefix: 'acme:privacy:',
      tenantId: 'acme',
      kvUrl: 'redis://127.0.0.1:6379/2',
      policyFile: '/etc/sluice/privacy.json',
      maxScanChars: 5000,
    });
    assert.doesNotThrow(() => new PrivacyGuardPlugin(options));
  });

  it('masks the key and the Redis URL when the configuration is printed', () => {
    const printed = printConfig(
      resolve('privacy_guard_enabled on; privacy_guard_api_key s3cret; privacy_guard_kv_url redis://:pw@10.0.0.9:6379;'),
      SETS,
    );
    assert.ok(!printed.includes('s3cret') && !printed.includes(':pw@'));
  });

  it('refuses a bad mode or URL with the file position', () => {
    assert.throws(() => resolve('privacy_guard_mode shred;'), /privacy\.conf:1/);
    assert.throws(() => resolve('privacy_guard_url ftp://x;'), /privacy\.conf:1/);
  });

  it('the plugin refuses bad options naming the field', () => {
    assert.throws(() => new PrivacyGuardPlugin({ url: 'ftp://x' }), /privacy-guard: invalid options: url/);
    assert.throws(() => new PrivacyGuardPlugin({ timeoutSeconds: 0 }), /timeoutSeconds/);
    assert.throws(() => new PrivacyGuardPlugin({ nope: 1 } as never), /nope/);
  });
});
