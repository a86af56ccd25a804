/** The security guard directives and their mapping to plugin options. */
import assert from 'node:assert/strict';
import { coreDirectives, parseConfig, printConfig, resolveConfig } from '@sluice/config';
import { securityGuardDirectives, securityGuardOptionsFromConfig } from '@sluice/plugin-security-guard';

const sets = [coreDirectives, securityGuardDirectives];
const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'gateway.conf', env: {} }), sets);

describe('security guard directives', () => {
  it('the guard is off unless enabled', () => {
    assert.equal(securityGuardOptionsFromConfig(resolve('')), undefined);
    assert.equal(securityGuardOptionsFromConfig(resolve('security_guard_enabled off;')), undefined);
  });

  it('enabled alone: the local engine in enforce mode, error_json blocks, 10 s, fail closed', () => {
    assert.deepEqual(securityGuardOptionsFromConfig(resolve('security_guard_enabled on;')), {
      url: 'local',
      apiKey: '',
      timeoutSeconds: 10,
      blockResponse: 'error_json',
      mode: 'enforce',
      failOpen: false,
      scanResponses: true,
    });
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
      guard_fail_open on;
    `);
    assert.deepEqual(securityGuardOptionsFromConfig(config), {
      url: 'http://127.0.0.1:8101',
      apiKey: 's3cret-key',
      timeoutSeconds: 1.5,
      blockResponse: 'completion',
      mode: 'detect_only',
      failOpen: true,
      scanResponses: false,
    });
    assert.doesNotMatch(printConfig(config, sets), /s3cret-key/);
  });

  it('passes the policy file', () => {
    const options = securityGuardOptionsFromConfig(
      resolve('security_guard_enabled on; security_guard_policy_file ./rules.json;'),
    );
    assert.equal(options?.policyFile, './rules.json');
  });

  it('rejects a URL that is neither local nor http(s), and an unknown block response', () => {
    assert.throws(() => resolve('security_guard_url guard.internal:8101;'), /security_guard_url/);
    assert.throws(() => resolve('security_guard_block_response html;'), /security_guard_block_response/);
    assert.throws(() => resolve('security_guard_mode strict;'), /security_guard_mode/);
  });
});
