import assert from 'node:assert/strict';
import { Exchange, Stage, type Verdict } from '@sluice/core';
import { BLOCKED_COMPLETION_ID_PREFIX } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from './kernel-under-test.js';

const block = (respond: Verdict['respond'], code: Verdict['code'] = 'plugin_request_blocked'): Verdict => ({
  action: 'block',
  code,
  guard: 'security',
  respond,
  reason: 'prompt injection detected',
  ruleId: 'inj-001',
});

function counting() {
  const { kernel, events } = kernelUnderTest();
  const calls = { lookup: 0, upstream: 0, store: 0 };
  kernel.hooks.cacheLookup.tapPromise('lookup', async () => {
    calls.lookup += 1;
    return undefined;
  });
  kernel.hooks.upstream.tapPromise('upstream', async () => {
    calls.upstream += 1;
    return completion();
  });
  kernel.hooks.cacheStore.tapPromise('store', async () => {
    calls.store += 1;
  });
  return { kernel, events, calls };
}

describe('kernel bail semantics', () => {
  it('a pre-guard block with error_json ends the request with a 403 and nothing downstream runs', async () => {
    const { kernel, calls } = counting();
    kernel.hooks.preGuard.tapPromise({ name: 'security', stage: Stage.SECURITY }, async () => block('error_json'));
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.deepEqual(calls, { lookup: 0, upstream: 0, store: 0 });
    assert.equal(exchange.error?.status, 403);
    assert.deepEqual(exchange.error?.reply().body, {
      error: {
        message: 'prompt injection detected',
        type: 'policy_error',
        code: 'plugin_request_blocked',
        param: null,
        guard: 'security',
        rule_id: 'inj-001',
      },
    });
  });

  it('a pre-guard block with completion answers 200 with a refusal', async () => {
    const { kernel, calls, events } = counting();
    kernel.hooks.preGuard.tapPromise('usage', async () => block('completion', 'plugin_request_blocked'));
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(calls.upstream, 0);
    assert.equal(exchange.response?.status, 200);
    assert.ok(String(exchange.response?.body.id).startsWith(BLOCKED_COMPLETION_ID_PREFIX));
    assert.equal(events.at(-1)?.attributes?.delivery_path, 'blocked_completion');
  });

  it('a block with completion answers an endpoint without text answers (vectors) with its error instead', async () => {
    const { kernel, calls } = counting();
    kernel.hooks.preGuard.tapPromise('usage', async () => block('completion', 'plugin_request_blocked'));
    const exchange = new Exchange({ request: chatRequest(), endpoint: 'vectors', textAnswer: false });
    await kernel.run(exchange);
    assert.equal(calls.upstream, 0);
    assert.equal(exchange.response, undefined);
    assert.equal(exchange.error?.status, 403);
    assert.equal(exchange.error?.code, 'plugin_request_blocked');
  });

  it('the first cache hit wins and the upstream is not called', async () => {
    const { kernel, calls } = counting();
    let later = 0;
    kernel.hooks.cacheLookup.tapPromise({ name: 'first', stage: Stage.EXACT }, async () => ({
      ...completion('cached'),
      layer: 'exact',
    }));
    kernel.hooks.cacheLookup.tapPromise({ name: 'second', stage: Stage.SIMILAR }, async () => {
      later += 1;
      return undefined;
    });
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(calls.upstream, 0);
    assert.equal(later, 0);
    assert.equal(calls.store, 0);
    assert.deepEqual(exchange.cache, { status: 'hit', layer: 'exact' });
  });

  it('a post-scan block replaces the response and nothing is stored', async () => {
    const { kernel, calls } = counting();
    kernel.hooks.postScan.tapPromise('security', async () => block('error_json', 'plugin_response_blocked'));
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(calls.upstream, 1);
    assert.equal(calls.store, 0);
    assert.equal(exchange.error?.code, 'plugin_response_blocked');
  });

  it('a bypassed exchange skips lookup and store', async () => {
    const { kernel, calls } = counting();
    const exchange = new Exchange({ request: chatRequest() });
    exchange.bypassCache = true;
    await kernel.run(exchange);
    assert.deepEqual(calls, { lookup: 0, upstream: 1, store: 0 });
    assert.equal(exchange.cache.status, 'bypass');
  });

  it('observe mode goes upstream even on a hit and records the would-be hit', async () => {
    const { kernel, calls, events } = counting();
    kernel.hooks.cacheLookup.tapPromise({ name: 'exact', stage: Stage.EXACT - 1 }, async () => ({
      ...completion('cached'),
      layer: 'exact',
    }));
    const exchange = new Exchange({ request: chatRequest(), mode: 'observe' });
    await kernel.run(exchange);
    assert.equal(calls.upstream, 1);
    assert.equal(calls.store, 1);
    assert.deepEqual(exchange.cache, { status: 'miss', layer: 'exact', wouldHit: true });
    assert.equal(exchange.response?.body.choices?.length, 1);
    assert.ok(events.every((e) => e.attributes?.enforcement_mode === 'observe'));
  });

  it('does not store a non-200 response', async () => {
    const { kernel } = kernelUnderTest();
    let stored = 0;
    kernel.hooks.upstream.tapPromise('u', async () => ({ status: 206, body: completion().body }));
    kernel.hooks.cacheStore.tapPromise('s', async () => {
      stored += 1;
    });
    await kernel.run(new Exchange({ request: chatRequest() }));
    assert.equal(stored, 0);
  });
});
