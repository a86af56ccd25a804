/** The usage guard's options, declared once: the directives derived from them and the options a config file sets. */
import assert from 'node:assert/strict';
import { directivesOf, enabledInConfig, optionsFromConfig, parseConfig, printConfig, resolveConfig } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import { UsageGuardOptionsSchema, UsageGuardPlugin } from '@sluice/plugin-usage-guard';
import { GatewaySettingsSchema } from '@sluice/preset-gateway';

const SETS = [directivesOf(GatewaySettingsSchema), directivesOf(UsageGuardOptionsSchema)];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'gateway.conf', env: {} }), SETS);
const optionsOf = (text: string) => optionsFromConfig(UsageGuardOptionsSchema, resolve(text));

describe('usage guard options', () => {
  it('declares its directives in the order the reference lists them; the Redis key prefix is set in code only', () => {
    assert.deepEqual(Object.keys(directivesOf(UsageGuardOptionsSchema)), [
      'usage_guard_enabled',
      'usage_guard_url',
      'usage_guard_api_key',
      'usage_guard_mode',
      'usage_guard_tenant_id',
      'usage_guard_policy_id',
      'usage_guard_timeout_seconds',
      'usage_guard_block_response',
      'usage_guard_policy_file',
      'usage_guard_kv_url',
      'usage_guard_max_scan_chars',
    ]);
  });

  it('is off unless usage_guard_enabled is on', () => {
    assert.equal(enabledInConfig(UsageGuardOptionsSchema, resolve('')), false);
    assert.equal(enabledInConfig(UsageGuardOptionsSchema, resolve('usage_guard_enabled off;\nusage_guard_mode warn;\n')), false);
    assert.equal(enabledInConfig(UsageGuardOptionsSchema, resolve('usage_guard_enabled on;\n')), true);
  });

  it('defaults to the local engine, enforce, 10 s, error_json, fail-closed', () => {
    const options = optionsOf('usage_guard_enabled on;\n');
    assert.deepEqual(options, {
      url: 'local',
      apiKey: '',
      mode: 'enforce',
      timeoutSeconds: 10,
      blockResponse: 'error_json',
      failOpen: false,
      kvKeyPrefix: 'sluice:usage:',
      maxScanChars: DEFAULT_MAX_SCAN_CHARS,
    });
    assert.doesNotThrow(() => new UsageGuardPlugin(options));
  });

  it('maps every directive, and guard_fail_open, to options', () => {
    const options = optionsOf(
      [
        'usage_guard_enabled on;',
        'usage_guard_url http://127.0.0.1:8103;',
        'usage_guard_api_key s3cret;',
        'usage_guard_mode escalate;',
        'usage_guard_tenant_id acme;',
        'usage_guard_policy_id strict;',
        'usage_guard_timeout_seconds 500ms;',
        'usage_guard_block_response completion;',
        'usage_guard_max_scan_chars 5000;',
        'guard_fail_open on;',
        '',
      ].join('\n'),
    );
    assert.deepEqual(options, {
      url: 'http://127.0.0.1:8103',
      apiKey: 's3cret',
      mode: 'escalate',
      timeoutSeconds: 0.5,
      blockResponse: 'completion',
      failOpen: true,
      kvKeyPrefix: 'sluice:usage:',
      maxScanChars: 5000,
      tenantId: 'acme',
      policyId: 'strict',
    });
  });

  it('reads the local engine’s policy file and Redis URL, which a remote module refuses', () => {
    const options = optionsOf(
      'usage_guard_enabled on;\nusage_guard_policy_file /etc/sluice/usage.json;\nusage_guard_kv_url redis://10.0.0.5:6379;\n',
    );
    assert.equal(options.policyFile, '/etc/sluice/usage.json');
    assert.equal(options.kvUrl, 'redis://10.0.0.5:6379');
    const remote = optionsOf('usage_guard_url http://127.0.0.1:8103;\nusage_guard_kv_url redis://10.0.0.5:6379;\n');
    assert.throws(() => new UsageGuardPlugin(remote), /apply to the local engine only/);
  });

  it('refuses bad values in the file, an empty key included, and masks the secrets when printed', () => {
    assert.throws(() => resolve('usage_guard_mode block;\n'), /usage_guard_mode/);
    assert.throws(() => resolve('usage_guard_url ftp://x;\n'), /usage_guard_url/);
    assert.throws(() => resolve('usage_guard_block_response html;\n'), /usage_guard_block_response/);
    assert.throws(() => resolve('usage_guard_api_key "";\n'), /gateway\.conf:1:1: usage_guard_api_key: <key> must not be empty/);
    const printed = printConfig(resolve('usage_guard_api_key s3cret;\nusage_guard_kv_url redis://:pw@h:6379;\n'), SETS);
    assert.ok(!printed.includes('s3cret') && !printed.includes(':pw@'), printed);
  });
});
