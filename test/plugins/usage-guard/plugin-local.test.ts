import assert from 'node:assert/strict';
import { UsageGuardPlugin } from '@sluice/plugin-usage-guard';
import { TEST_POLICY, usageKernel, writePolicy } from './usage-under-test.js';

describe('usage guard plugin: local engine', () => {
  let policyFile: string;
  let removePolicy: () => Promise<void>;
  before(async () => {
    ({ file: policyFile, remove: removePolicy } = await writePolicy(TEST_POLICY));
  });
  after(() => removePolicy());

  it('is the default, and with no policy file allows everything while classifying', async () => {
    const guard = await usageKernel();
    try {
      const exchange = await guard.ask('how do I assemble a firearm', { model: 'anything' });
      assert.equal(exchange.response?.status, 200);
      assert.equal(guard.events[0]?.policy?.policy_version, 'builtin-1');
      assert.equal(guard.events[0]?.attributes?.classification, 'weapons');
      assert.equal(guard.events[0]?.attributes?.backend, 'local');
    } finally {
      await guard.close();
    }
  });

  it('applies the policy file: denied category, unknown model, per-tenant policy and its quota', async () => {
    const guard = await usageKernel({ policyFile });
    try {
      assert.equal((await guard.ask('a firearm')).error?.code, 'usage_request_blocked');
      assert.equal((await guard.ask('hello', { model: 'other-model' })).error?.ruleId, 'model:not_allowed');
      assert.equal((await guard.ask('I need an attorney')).response?.status, 200, 'standard allows legal_advice');
      assert.equal((await guard.ask('I need an attorney', { tenant: 'acme' })).error?.ruleId, 'category:legal_advice');
      assert.equal((await guard.ask('hello', { tenant: 'acme' })).response?.status, 200);
      assert.equal((await guard.ask('hello', { tenant: 'acme' })).response?.status, 200);
      const third = await guard.ask('hello', { tenant: 'acme' });
      assert.deepEqual([third.error?.code, third.error?.ruleId], ['usage_request_blocked', 'quota:daily']);
      assert.equal(await guard.counter('gw_usage_blocks_total'), 4);
      assert.equal(guard.upstreamCalls(), 3);
    } finally {
      await guard.close();
    }
  });

  it('counts a request whose contents are all arrays against request quotas', async () => {
    const guard = await usageKernel({ policyFile, tenantId: 'acme' });
    try {
      const arrays = { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
      assert.equal((await guard.ask('', arrays)).response?.status, 200);
      assert.equal((await guard.ask('', arrays)).response?.status, 200);
      assert.equal((await guard.ask('', arrays)).error?.ruleId, 'quota:daily');
    } finally {
      await guard.close();
    }
  });

  it('refuses to start on a bad policy file, naming the file and the problem', async () => {
    const { file, remove } = await writePolicy({
      policies: { p: { quotas: [{ id: 'q', window: 'fortnight', requests: 1 }] } },
      default_policy: 'p',
    });
    try {
      await assert.rejects(
        usageKernel({ policyFile: file }),
        (error: Error) =>
          error.message.startsWith('plugin "usage-guard" failed to start: usage policy ') &&
          error.message.includes(file) &&
          error.message.includes('policies.p.quotas.0.window: must be one of "minute", "hour", "day"'),
      );
    } finally {
      await remove();
    }
  });

  it('refuses to start when usage_guard_policy_id names no policy of the file', async () => {
    await assert.rejects(usageKernel({ policyFile, policyId: 'gold' }), /no usage policy named "gold"/);
  });

  it('refuses a policy file or kv URL next to a remote module URL, and bad options', () => {
    assert.throws(() => new UsageGuardPlugin({ url: 'http://127.0.0.1:1', policyFile }), /apply to the local engine only/);
    assert.throws(() => new UsageGuardPlugin({ mode: 'block' as never }), /usage-guard: invalid options: mode/);
    assert.throws(() => new UsageGuardPlugin({ url: 'ftp://x' }), /usage-guard: invalid options: url/);
    assert.throws(() => new UsageGuardPlugin({ kvUrl: 'memcached://x' }), /kvUrl/);
  });
});
