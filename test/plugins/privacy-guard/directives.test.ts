import assert from 'node:assert/strict';
import { coreDirectives, parseConfig, printConfig, resolveConfig } from '@sluice/config';
import { PrivacyGuardPlugin, privacyGuardDirectives, privacyGuardOptionsFromConfig } from '@sluice/plugin-privacy-guard';

const SETS = [coreDirectives, privacyGuardDirectives];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'privacy.conf', env: {} }), SETS);

describe('privacy guard directives', () => {
  it('is off unless privacy_guard_enabled is on', () => {
    assert.equal(privacyGuardOptionsFromConfig(resolve('')), undefined);
    assert.equal(privacyGuardOptionsFromConfig(resolve('privacy_guard_enabled off;')), undefined);
  });

  it('defaults to the local engine in anonymize mode, restore on, fail-closed', () => {
    const options = privacyGuardOptionsFromConfig(resolve('privacy_guard_enabled on;'));
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
    });
    assert.doesNotThrow(() => new PrivacyGuardPlugin(options));
  });

  it('reads every directive, and guard_fail_open', () => {
    const options = privacyGuardOptionsFromConfig(
      resolve(`
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
        guard_fail_open on;
      `),
    );
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
