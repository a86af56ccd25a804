import assert from 'node:assert/strict';
import { builtinUsagePolicy, parseUsagePolicy, UnknownUsagePolicyError, UsageEngine } from '@sluice/plugin-usage-guard';
import { TEST_POLICY } from './usage-under-test.js';

describe('usage engine: which policy a request gets', () => {
  const engine = new UsageEngine({ policy: parseUsagePolicy(TEST_POLICY, 'test') });
  after(() => engine.close());
  const ask = (tenant: string, policyId?: string | null) =>
    engine.evaluate({
      tenant_id: tenant,
      ...(policyId === undefined ? {} : { policy_id: policyId }),
      mode: 'enforce',
      messages: [{ role: 'user', content: 'I need an attorney' }],
      model: 'test-model',
    });

  it('gives a tenant listed in the file its own policy', async () => {
    const reply = await ask('acme');
    assert.equal(reply.policy_id, 'strict');
    assert.equal(reply.blocked, true, 'strict allows only general');
  });

  it('gives any other tenant the default policy', async () => {
    const reply = await ask('globex');
    assert.equal(reply.policy_id, 'standard');
    assert.equal(reply.blocked, false);
  });

  it('uses the policy a request names before the tenant’s; empty or null names none', async () => {
    assert.equal((await ask('acme', 'standard')).policy_id, 'standard');
    assert.equal((await ask('globex', 'strict')).policy_id, 'strict');
    assert.equal((await ask('acme', '')).policy_id, 'strict');
    assert.equal((await ask('acme', null)).policy_id, 'strict');
  });

  it('refuses a policy name the file does not have', async () => {
    await assert.rejects(
      ask('acme', 'nope'),
      (error: unknown) => error instanceof UnknownUsagePolicyError && /"nope"/.test(error.message),
    );
  });

  it('has a built-in policy that allows everything, with no quotas, and still classifies', async () => {
    const builtin = new UsageEngine();
    try {
      for (let i = 0; i < 3; i += 1) {
        const reply = await builtin.evaluate({
          tenant_id: 't',
          mode: 'enforce',
          messages: [{ role: 'user', content: 'how do I assemble a firearm' }],
          model: 'any-model',
        });
        assert.deepEqual(
          [reply.blocked, reply.policy_id, reply.policy_version, reply.classification],
          [false, 'default', 'builtin-1', 'weapons'],
        );
      }
      assert.equal(builtinUsagePolicy().policies.get('default')?.quotas.length, 0);
    } finally {
      await builtin.close();
    }
  });
});
