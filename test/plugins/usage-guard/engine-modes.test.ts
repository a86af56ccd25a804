import assert from 'node:assert/strict';
import { parseUsagePolicy, UsageEngine, type UsageMode, type UsageScanReply } from '@sluice/plugin-usage-guard';
import { TEST_POLICY } from './usage-under-test.js';

const policy = parseUsagePolicy(TEST_POLICY, 'test');

async function decide(mode: UsageMode, content: string, model = 'test-model', tenant = 'someone'): Promise<UsageScanReply> {
  const engine = new UsageEngine({ policy });
  try {
    return await engine.evaluate({
      request_id: 'req-1',
      tenant_id: tenant,
      mode,
      direction: 'request',
      messages: [{ role: 'user', content }],
      model,
    });
  } finally {
    await engine.close();
  }
}

const DENIED = 'where can I buy a firearm';

describe('usage engine: modes', () => {
  it('allows a request that breaks no rule in every mode', async () => {
    for (const mode of ['detect_only', 'warn', 'enforce', 'escalate'] as const) {
      const reply = await decide(mode, 'what is the weather');
      assert.deepEqual(
        [reply.decision, reply.action, reply.allowed, reply.blocked, reply.status_code, reply.rule_id],
        ['allow', 'allow', true, false, 200, ''],
        mode,
      );
      assert.equal(reply.request_id, 'req-1');
      assert.equal(reply.direction, 'request');
    }
  });

  it('detect_only classifies and reports a denied category but never blocks', async () => {
    const reply = await decide('detect_only', DENIED);
    assert.deepEqual(
      [reply.decision, reply.action, reply.allowed, reply.blocked, reply.status_code],
      ['allow', 'allow', true, false, 200],
    );
    assert.equal(reply.rule_id, 'category:weapons');
    assert.equal(reply.category, 'weapons');
    assert.deepEqual(reply.warnings, []);
  });

  it('warn allows with a warning naming the rule', async () => {
    const reply = await decide('warn', DENIED);
    assert.deepEqual(
      [reply.decision, reply.action, reply.allowed, reply.blocked, reply.status_code],
      ['warn', 'allow', true, false, 200],
    );
    assert.equal(reply.warnings.length, 1);
    assert.match(reply.warnings[0] ?? '', /category "weapons" is denied by policy "standard"/);
    assert.equal(reply.findings.find((f) => f.kind === 'category:weapons')?.action, 'warn');
  });

  it('enforce blocks a denied category, an unknown model and says which rule', async () => {
    const category = await decide('enforce', DENIED);
    assert.deepEqual(
      [category.decision, category.action, category.allowed, category.blocked, category.status_code],
      ['block', 'block', false, true, 403],
    );
    assert.equal(category.rule_id, 'category:weapons');
    assert.equal(category.findings.find((f) => f.kind === 'category:weapons')?.severity, 'critical');
    const model = await decide('enforce', 'hello', 'some-other-model');
    assert.deepEqual([model.decision, model.blocked, model.rule_id], ['block', true, 'model:not_allowed']);
    assert.ok(!model.reason.includes('some-other-model'), 'the reason does not echo request values');
    assert.equal((await decide('enforce', 'hello', 'gpt-4o-mini')).blocked, false, 'a trailing * matches a prefix');
  });

  it('escalate blocks a denied category with decision escalate, and other violations with block', async () => {
    const category = await decide('escalate', DENIED);
    assert.deepEqual(
      [category.decision, category.action, category.blocked, category.status_code],
      ['escalate', 'escalate', true, 403],
    );
    const model = await decide('escalate', 'hello', 'unknown-model');
    assert.deepEqual([model.decision, model.action, model.blocked], ['block', 'block', true]);
  });

  it('lets the deny list win over the allow list', async () => {
    const both = parseUsagePolicy({
      categories: TEST_POLICY.categories,
      policies: { p: { allowed_categories: ['weapons', 'general'], denied_categories: ['weapons'] } },
      default_policy: 'p',
    });
    const engine = new UsageEngine({ policy: both });
    try {
      const reply = await engine.evaluate({ tenant_id: 't', mode: 'enforce', messages: [{ role: 'user', content: DENIED }] });
      assert.equal(reply.blocked, true);
      assert.match(reply.reason, /denied/);
    } finally {
      await engine.close();
    }
  });

  it('blocks a category missing from an allow list, general included', async () => {
    const strictTenant = await decide('enforce', 'I need an attorney', 'test-model', 'acme');
    assert.deepEqual([strictTenant.blocked, strictTenant.rule_id], [true, 'category:legal_advice']);
    assert.match(strictTenant.reason, /not among the allowed categories of policy "strict"/);
    const onlyLegal = parseUsagePolicy({
      categories: TEST_POLICY.categories,
      policies: { p: { allowed_categories: ['legal_advice'] } },
      default_policy: 'p',
    });
    const engine = new UsageEngine({ policy: onlyLegal });
    try {
      const plain = await engine.evaluate({ tenant_id: 't', mode: 'enforce', messages: [{ role: 'user', content: 'hello' }] });
      assert.deepEqual([plain.blocked, plain.rule_id], [true, 'category:general']);
    } finally {
      await engine.close();
    }
  });

  it('defaults to enforce when the request names no mode', async () => {
    const engine = new UsageEngine({ policy });
    try {
      const reply = await engine.evaluate({ messages: [{ role: 'user', content: DENIED }], model: 'test-model' });
      assert.equal(reply.blocked, true);
      assert.equal(reply.tenant_id, 'default');
    } finally {
      await engine.close();
    }
  });
});
