/** The security guard's options, declared once: the directives derived from them and the options a config file sets. */
import assert from 'node:assert/strict';
import { directivesOf, enabledInConfig, optionsFromConfig, parseConfig, printConfig, resolveConfig } from '@sluice/config';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/guard-kit';
import { SecurityGuardOptionsSchema, SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import { GatewaySettingsSchema } from '@sluice/preset-gateway';

const sets = [directivesOf(GatewaySettingsSchema), directivesOf(SecurityGuardOptionsSchema)];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'gateway.conf', env: {} }), sets);
const optionsOf = (text: string) => optionsFromConfig(SecurityGuardOptionsSchema, resolve(text));

describe('security guard options', () => {
  it('declares its directives in the order the reference lists them; guard_fail_open stays the gateway’s', () => {
    assert.deepEqual(Object.keys(directivesOf(SecurityGuardOptionsSchema)), [
      'security_guard_enabled',
      'security_guard_url',
      'security_guard_api_key',
      'security_guard_timeout_seconds',
      'security_guard_block_response',
      'security_guard_mode',
      'security_guard_policy_file',
      'security_guard_scan_responses',
      'security_guard_max_scan_chars',
    ]);
  });

  it('the guard is off unless enabled', () => {
    assert.equal(enabledInConfig(SecurityGuardOptionsSchema, resolve('')), false);
    assert.equal(enabledInConfig(SecurityGuardOptionsSchema, resolve('security_guard_enabled off;')), false);
    assert.equal(enabledInConfig(SecurityGuardOptionsSchema, resolve('security_guard_enabled on;')), true);
  });

  it('enabled alone: the local engine in enforce mode, error_json blocks, 10 s, fail closed', () => {
    const options = optionsOf('security_guard_enabled on;');
    assert.deepEqual(options, {
      url: 'local',
      apiKey: '',
      timeoutSeconds: 10,
      blockResponse: 'error_json',
      mode: 'enforce',
      failOpen: false,
      scanResponses: true,
      maxScanChars: DEFAULT_MAX_SCAN_CHARS,
    });
    assert.doesNotThrow(() => new SecurityGuardPlugin(options));
  });

  it('maps every directive, guard_fail_open included', () => {
    const config = resolve(`
      security_guard_enabled on;
      security_guard_url http://127.0.0.1:8101;
      security_guard_api_key s3cret-key;
      security_guard_timeout_seconds 1500ms;
      security_guard_block_response completion;
      security_guard_mode detect_only;
      security_guard_scan_responses off;
      security_guard_max_scan_chars 5000;
      guard_fail_open on;
    `);
    assert.deepEqual(optionsFromConfig(SecurityGuardOptionsSchema, config), {
      url: 'http://127.0.0.1:8101',
      apiKey: 's3cret-key',
      timeoutSeconds: 1.5,
      blockResponse: 'completion',
      mode: 'detect_only',
      failOpen: true,
      scanResponses: false,
      maxScanChars: 5000,
    });
    assert.doesNotMatch(printConfig(config, sets), /s3cret-key/);
  });

  it('passes the policy file, which a remote module refuses', () => {
    assert.equal(optionsOf('security_guard_enabled on; security_guard_policy_file ./rules.json;').policyFile, './rules.json');
    const remote = optionsOf('security_guard_url http://127.0.0.1:8101; security_guard_policy_file ./rules.json;');
    assert.throws(() => new SecurityGuardPlugin(remote), /policyFile applies to the local engine only/);
  });

  it('rejects a URL that is neither local nor http(s), and an unknown block response or mode', () => {
    assert.throws(() => resolve('security_guard_url guard.internal:8101;'), /security_guard_url/);
    assert.throws(() => resolve('security_guard_block_response html;'), /security_guard_block_response/);
    assert.throws(() => resolve('security_guard_mode strict;'), /security_guard_mode/);
  });
});
