import assert from 'node:assert/strict';
import { defineErrors, Exchange, Kernel, Stage, type Mode } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from '../../../test/core/kernel-under-test.js';
import { TOPIC_GUARD_ERRORS, TopicGuardPlugin, type TopicGuardOptionsInput } from '../src/index.js';

const OFF_TOPIC = 'Recommend a hiking trail near Sintra for Saturday';

/** A kernel with the topic guard and an upstream that answers everything; the order of taps is recorded. */
function guardedKernel(options: Partial<TopicGuardOptionsInput> = {}, mode: Mode = 'enforce') {
  const { kernel, events } = kernelUnderTest({ mode });
  const order: string[] = [];
  kernel.use(new TopicGuardPlugin({ allowedTopics: ['billing', 'refund'], ...options }));
  // Stand-ins for the preset's taps at the stages around the guard's.
  for (const [name, stage] of [
    ['usage', Stage.USAGE],
    ['admission', Stage.ADMISSION],
  ] as const)
    kernel.hooks.preGuard.tap({ name, stage }, () => void order.push(name));
  kernel.hooks.cacheLookup.tap({ name: 'cache', stage: Stage.EXACT }, () => void order.push('cache'));
  kernel.hooks.upstream.tapPromise('upstream', async () => {
    order.push('upstream');
    return completion();
  });
  const run = async (content: string) => {
    const exchange = new Exchange({ request: chatRequest(content), mode, tenant: 'acme' });
    order.length = 0;
    await kernel.run(exchange);
    return exchange;
  };
  const decisions = async () =>
    Object.fromEntries(
      (await kernel.metrics.registry.getSingleMetric('plugin_topic_guard_decisions_total')!.get()).values.map((v) => [
        v.labels.outcome,
        v.value,
      ]),
    );
  return { kernel, events, order, run, decisions };
}

describe('topic guard on a bare kernel', () => {
  it('needs nothing but a kernel and a stand-in provider', async () => {
    // #region bare-kernel
    const kernel = new Kernel({ logEvidence: false });
    kernel.use(new TopicGuardPlugin({ allowedTopics: ['billing'] }));
    kernel.hooks.upstream.tapPromise('stand-in-provider', async () => ({ status: 200, body: { choices: [] } }));
    const exchange = new Exchange({ request: { model: 'any', messages: [{ role: 'user', content: 'Is it hot today?' }] } });
    await kernel.run(exchange);
    assert.equal(exchange.error?.code, 'topic_not_allowed');
    // #endregion bare-kernel
  });

  it('lets an on-topic request through, after the usage stage and before the caches', async () => {
    const { run, order } = guardedKernel();
    const exchange = await run('Why was I billed twice this month?');
    assert.equal(exchange.error, undefined);
    assert.equal(exchange.response?.status, 200);
    assert.deepEqual(order, ['admission', 'usage', 'cache', 'upstream']);
  });

  it('blocks an off-topic request with a 403 topic_not_allowed carrying its reason, before any cache or upstream', async () => {
    const { run, order } = guardedKernel({ blockReason: 'Billing questions only.' });
    const exchange = await run(OFF_TOPIC);
    assert.equal(exchange.error?.code, 'topic_not_allowed');
    assert.equal(exchange.error?.status, 403);
    assert.deepEqual(exchange.error?.reply().body, {
      error: {
        message: 'Billing questions only.',
        type: 'policy_error',
        code: 'topic_not_allowed',
        param: null,
        guard: 'topic-guard',
        rule_id: 'off_topic',
      },
    });
    assert.deepEqual(order, ['admission', 'usage']);
  });

  it('answers a block with a refusal completion when block_response is completion', async () => {
    const { run, order } = guardedKernel({ blockResponse: 'completion' });
    const exchange = await run(OFF_TOPIC);
    assert.equal(exchange.error, undefined);
    assert.equal(exchange.response?.status, 200);
    assert.match(String(exchange.response?.body.id), /^chatcmpl-sluice-blocked-/);
    assert.equal(exchange.verdict?.guard, 'topic-guard');
    assert.deepEqual(order, ['admission', 'usage']);
  });

  it('in observe mode records the would-be block and lets the request go on', async () => {
    const { run, events, order, decisions } = guardedKernel({}, 'observe');
    const exchange = await run(OFF_TOPIC);
    assert.equal(exchange.error, undefined);
    assert.equal(exchange.response?.status, 200);
    assert.deepEqual(order, ['admission', 'usage', 'cache', 'upstream']);
    const decision = events.find((e) => e.event_type === 'topic_guard.decision');
    assert.equal(decision?.outcome, 'allowed');
    assert.equal(decision?.decision?.action, 'would_block');
    assert.equal(decision?.attributes?.would_action, 'block');
    assert.equal(decision?.attributes?.enforcement_mode, 'observe');
    assert.deepEqual(await decisions(), { allowed: 0, blocked: 0, would_block: 1 });
  });

  it('records one decision per request with counts and ids, never the text, and counts it', async () => {
    const { run, events, decisions } = guardedKernel();
    const allowed = await run('Can I get a refund for the annual plan?');
    const blocked = await run(OFF_TOPIC);
    const decisionOf = (exchange: Exchange) =>
      events.filter((e) => e.trace_id === exchange.traceId && e.event_type === 'topic_guard.decision');
    const [yes] = decisionOf(allowed);
    const [no] = decisionOf(blocked);
    assert.equal(decisionOf(allowed).length, 1);
    assert.deepEqual(
      {
        source: yes?.source,
        category: yes?.category,
        outcome: yes?.outcome,
        decision: yes?.decision,
        tenant: yes?.actor?.tenant_id,
      },
      {
        source: 'gateway',
        category: 'policy',
        outcome: 'allowed',
        decision: { action: 'allow', reason_code: 'TOPIC_ALLOWED' },
        tenant: 'acme',
      },
    );
    assert.deepEqual(yes?.attributes, { plugin: 'topic-guard', match_mode: 'stem', user_messages: 1, topics_matched: 1 });
    assert.equal(no?.outcome, 'blocked');
    assert.deepEqual(no?.decision, { action: 'block', reason_code: 'TOPIC_NOT_ALLOWED', rule_id: 'off_topic' });
    assert.match(no?.policy?.policy_hash ?? '', /^[0-9a-f]{16}$/);
    const failed = events.find((e) => e.trace_id === blocked.traceId && e.event_type === 'request.failed');
    assert.equal(failed?.decision?.reason_code, 'TOPIC_NOT_ALLOWED');
    const text = JSON.stringify(events).toLowerCase();
    for (const word of ['hiking', 'sintra', 'saturday', 'annual plan']) assert.ok(!text.includes(word), `"${word}" in evidence`);
    assert.deepEqual(await decisions(), { allowed: 1, blocked: 1, would_block: 0 });
  });
});

describe('topic guard: its own error code', () => {
  it('is registered under the package name and declared on the plugin, so the kernel lists it', () => {
    const { kernel } = kernelUnderTest();
    kernel.use(new TopicGuardPlugin({ allowedTopics: ['billing'] }));
    const listed = kernel.errors.find((error) => error.code === 'topic_not_allowed');
    assert.deepEqual(listed, { ...TOPIC_GUARD_ERRORS.topic_not_allowed, owner: '@acme/sluice-topic-guard', status: 403 });
  });

  it('cannot be taken by another package: the second definition is refused, naming both', () => {
    const again = { status: 400, type: 'invalid_request_error', message: 'Off topic.', description: 'Another meaning.' };
    assert.throws(
      () => defineErrors('@acme/another-guard', { topic_not_allowed: again }),
      /error code "topic_not_allowed" is defined by both @acme\/sluice-topic-guard and @acme\/another-guard/,
    );
  });
});
