import assert from 'node:assert/strict';
import { type ModuleServer } from '@sluice/guard-kit';
import { BLOCKED_COMPLETION_ID_PREFIX } from '@sluice/core';
import { startUsageGuardServer, USAGE_WARNING_HEADER } from '@sluice/plugin-usage-guard';
import { TEST_POLICY, usageKernel, writePolicy } from './usage-under-test.js';

describe('usage guard plugin against the module server', () => {
  let server: ModuleServer;
  let removePolicy: () => Promise<void>;
  const remote = (extra: Record<string, unknown> = {}) => usageKernel({ url: server.url, apiKey: 'module-key', ...extra });

  before(async () => {
    const { file, remove } = await writePolicy(TEST_POLICY);
    removePolicy = remove;
    server = await startUsageGuardServer({ listen: '127.0.0.1:0', apiKey: 'module-key', policyFile: file });
  });
  after(async () => {
    await server.close();
    await removePolicy();
  });

  it('lets an allowed request go on upstream, counted and evidenced with the policy', async () => {
    const guard = await remote();
    try {
      const exchange = await guard.ask('What is the capital of France?');
      assert.equal(exchange.response?.status, 200);
      assert.equal(guard.upstreamCalls(), 1);
      assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'usage', stage: 'request', outcome: 'allowed' }), 1);
      const [event] = guard.events;
      assert.equal(event?.event_type, 'usage.decision');
      assert.equal(event?.outcome, 'allowed');
      assert.equal(event?.category, 'policy');
      assert.deepEqual(event?.policy, {
        policy_id: 'standard',
        policy_version: 'test-1',
        policy_hash: event?.policy?.policy_hash,
        policy_type: 'usage',
      });
      assert.match(event?.policy?.policy_hash ?? '', /^[0-9a-f]{64}$/);
      assert.equal(event?.attributes?.classification, 'general');
      assert.ok(!JSON.stringify(guard.events).includes('capital of France'), 'no prompt text in evidence');
    } finally {
      await guard.close();
    }
  });

  it('blocks with 403 usage_request_blocked (error_json), counts gw_usage_blocks_total, and never calls the upstream', async () => {
    const guard = await remote();
    try {
      const exchange = await guard.ask('Where do I buy a firearm?');
      assert.equal(exchange.error?.code, 'usage_request_blocked');
      assert.equal(exchange.error?.status, 403);
      assert.equal(exchange.error?.guard, 'usage');
      assert.equal(exchange.error?.ruleId, 'category:weapons');
      assert.match(exchange.error?.message ?? '', /category "weapons" is denied/);
      assert.equal(guard.upstreamCalls(), 0);
      assert.equal(await guard.counter('gw_usage_blocks_total', { decision: 'block' }), 1);
      assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'usage', outcome: 'blocked' }), 1);
      assert.deepEqual([guard.events[0]?.outcome, guard.events[0]?.decision?.rule_id], ['blocked', 'category:weapons']);
    } finally {
      await guard.close();
    }
  });

  it('answers a block as a refusal completion with usage_guard_block_response completion', async () => {
    const guard = await remote({ blockResponse: 'completion' });
    try {
      const exchange = await guard.ask('Where do I buy a firearm?');
      assert.equal(exchange.error, undefined);
      assert.equal(exchange.response?.status, 200);
      assert.ok(exchange.response?.body.id?.startsWith(BLOCKED_COMPLETION_ID_PREFIX));
      assert.equal(guard.upstreamCalls(), 0);
      assert.equal(await guard.counter('gw_usage_blocks_total'), 1);
    } finally {
      await guard.close();
    }
  });

  it('stops an escalated request and counts it as escalate', async () => {
    const guard = await remote({ mode: 'escalate' });
    try {
      const exchange = await guard.ask('an explosive question');
      assert.equal(exchange.error?.code, 'usage_request_blocked');
      assert.equal(await guard.counter('gw_usage_blocks_total', { decision: 'escalate' }), 1);
      assert.equal(guard.events[0]?.decision?.action, 'escalate');
    } finally {
      await guard.close();
    }
  });

  it('lets a warned request go on with a header naming the rule; detect_only goes on silently', async () => {
    const warn = await remote({ mode: 'warn' });
    const detect = await remote({ mode: 'detect_only' });
    try {
      const warned = await warn.ask('an explosive question');
      assert.equal(warned.response?.status, 200);
      assert.equal(warned.response?.headers?.[USAGE_WARNING_HEADER], 'category:weapons');
      assert.equal(await warn.counter('gw_guard_requests_total', { guard: 'usage', outcome: 'detected' }), 1);
      const detected = await detect.ask('an explosive question');
      assert.equal(detected.response?.status, 200);
      assert.equal(detected.response?.headers?.[USAGE_WARNING_HEADER], undefined);
      assert.equal(detect.events[0]?.decision?.reason_code, 'USAGE_DETECTED');
      assert.equal(await detect.counter('gw_usage_blocks_total'), 0);
    } finally {
      await warn.close();
      await detect.close();
    }
  });

  it('sends the exchange’s tenant, or usage_guard_tenant_id, and usage_guard_policy_id', async () => {
    const byTenant = await remote();
    const forced = await remote({ tenantId: 'acme' });
    const named = await remote({ policyId: 'standard' });
    try {
      assert.equal(
        (await byTenant.ask('I need an attorney', { tenant: 'acme' })).error?.code,
        'usage_request_blocked',
        'acme is strict',
      );
      assert.equal((await forced.ask('I need an attorney', { tenant: 'globex' })).error?.code, 'usage_request_blocked');
      assert.equal((await named.ask('I need an attorney', { tenant: 'acme' })).response?.status, 200);
    } finally {
      await byTenant.close();
      await forced.close();
      await named.close();
    }
  });

  it('scans only string contents and forwards content arrays untouched', async () => {
    const guard = await remote();
    try {
      const exchange = await guard.ask('', {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'a firearm in an array' }] },
          { role: 'user', content: 'hello' },
        ],
      });
      assert.equal(exchange.response?.status, 200, 'text inside a content array is not classified');
      assert.deepEqual(exchange.request.messages[0]?.content, [{ type: 'text', text: 'a firearm in an array' }]);
    } finally {
      await guard.close();
    }
  });
});
