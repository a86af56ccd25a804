import assert from 'node:assert/strict';
import { coreDirectives, parseConfig, printConfig, resolveConfig } from '@sluice/config';
import { UsageGuardPlugin, usageGuardDirectives, usageGuardOptionsFromConfig } from '@sluice/plugin-usage-guard';

function resolve(text: string) {
  return resolveConfig(parseConfig(text, { file: 'gateway.conf', env: {} }), [coreDirectives, usageGuardDirectives]);
}

describe('usage guard: directives', () => {
  it('is off unless usage_guard_enabled is on', () => {
    assert.equal(usageGuardOptionsFromConfig(resolve('')), undefined);
    assert.equal(usageGuardOptionsFromConfig(resolve('usage_guard_enabled off;\nusage_guard_mode warn;\n')), undefined);
  });

  it('defaults to the local engine, enforce, 10 s, error_json, fail-closed', () => {
    const options = usageGuardOptionsFromConfig(resolve('usage_guard_enabled on;\n'));
    assert.deepEqual(options, {
      url: 'local',
      apiKey: '',
      mode: 'enforce',
      timeoutSeconds: 10,
      blockResponse: 'error_json',
      failOpen: false,
    });
    assert.doesNotThrow(() => new UsageGuardPlugin(options));
  });

  it('maps every directive, and guard_fail_open, to options', () => {
    const options = usageGuardOptionsFromConfig(
      resolve(
        [
          'usage_guard_enabled on;',
          'usage_guard_url http://127.0.0.1:8103;',
          'usage_guard_api_key s3cret;',
          'usage_guard_mode escalate;',
          'usage_guard_tenant_id acme;',
          'usage_guard_policy_id strict;',
          'usage_guard_timeout_seconds 500ms;',
          'usage_guard_block_response completion;',
          'guard_fail_open on;',
          '',
        ].join('\n'),
      ),
    );
    assert.deepEqual(options, {
      url: 'http://127.0.0.1:8103',
      apiKey: 's3cret',
      mode: 'escalate',
      timeoutSeconds: 0.5,
      blockResponse: 'completion',
      failOpen: true,
      tenantId: 'acme',
      policyId: 'strict',
    });
  });

  it('reads the local engine’s policy file and Redis URL', () => {
    const options = usageGuardOptionsFromConfig(
      resolve(
        'usage_guard_enabled on;\nusage_guard_policy_file /etc/sluice/usage.json;\nusage_guard_kv_url redis://10.0.0.5:6379;\n',
      ),
    );
    assert.equal(options?.policyFile, '/etc/sluice/usage.json');
    assert.equal(options?.kvUrl, 'redis://10.0.0.5:6379');
  });

  it('refuses bad values in the file and masks the secrets when printed', () => {
    assert.throws(() => resolve('usage_guard_mode block;\n'), /usage_guard_mode/);
    assert.throws(() => resolve('usage_guard_url ftp://x;\n'), /usage_guard_url/);
    assert.throws(() => resolve('usage_guard_block_response html;\n'), /usage_guard_block_response/);
    const printed = printConfig(resolve('usage_guard_api_key s3cret;\nusage_guard_kv_url redis://:pw@h:6379;\n'), [
      coreDirectives,
      usageGuardDirectives,
    ]);
    assert.ok(!printed.includes('s3cret') && !printed.includes(':pw@'), printed);
  });
});
