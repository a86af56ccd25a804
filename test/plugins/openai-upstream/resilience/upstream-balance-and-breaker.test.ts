import assert from 'node:assert/strict';
import type { Kernel } from '@sluice/core';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';
import type { FakeUpstream } from '../../../fixtures/fake-upstream.js';
import { ask, send } from '../upstream-under-test.js';
import { chatCalls, fakeUpstreams, kernelWithUpstreams, upstreamMetric } from './upstreams-under-test.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('openai-upstream: weights and circuit breakers', function () {
  this.timeout(20_000);
  let upstreams: FakeUpstream[];
  let kernel: Kernel | undefined;
  before(async () => {
    upstreams = await fakeUpstreams(3);
  });
  after(() => Promise.all(upstreams.map((u) => u.close())));
  beforeEach(() => upstreams.forEach((u) => u.reset()));
  afterEach(async () => {
    await kernel?.stop();
    kernel = undefined;
  });
  const block = (name: string, index: number, settings: Record<string, unknown> = {}) => ({
    name,
    settings: { baseUrl: upstreams[index]!.baseUrl, ...settings },
  });

  it('spreads load by weight among upstreams of one priority, and leaves the next priority idle', async () => {
    kernel = await kernelWithUpstreams({
      upstreams: [
        block('heavy', 0, { weight: 3, priority: 1 }),
        block('light', 1, { weight: 1, priority: 1 }),
        block('spare', 2, { priority: 2 }),
      ],
    });
    const requests = 80;
    for (let i = 0; i < requests; i += 1) assert.equal((await send(kernel, ask(`q${i}`))).response?.status, 200);
    const [heavy, light, spare] = upstreams.map(chatCalls) as [number, number, number];
    assert.equal(heavy + light, requests);
    // Smooth weighted round robin gives exactly 3 in 4; the tolerance allows another fair balancer.
    assert.ok(Math.abs(heavy - 60) <= 4, `heavy ${heavy}`);
    assert.ok(Math.abs(light - 20) <= 4, `light ${light}`);
    assert.equal(spare, 0);
  });

  it('opens after N failed requests, skips the upstream, then lets one half-open probe through', async () => {
    kernel = await kernelWithUpstreams({
      retries: 0,
      breakerFailures: 2,
      breakerOpenSeconds: 0.3,
      upstreams: [block('flaky', 0), block('steady', 1)],
    });
    const [flaky, steady] = upstreams as [FakeUpstream, FakeUpstream];
    flaky.behave({ kind: 'status', status: 503, body: 'down' });
    const gauge = () => upstreamMetric(kernel!, 'gw_upstream_breaker_state', { upstream: 'flaky' });
    for (let i = 0; i < 2; i += 1) assert.equal((await send(kernel, ask(`fail ${i}`))).response?.status, 200);
    assert.equal(chatCalls(flaky), 2);
    assert.equal(await gauge(), 1, 'open');

    for (let i = 0; i < 3; i += 1) assert.equal((await send(kernel, ask(`skip ${i}`))).response?.status, 200);
    assert.equal(chatCalls(flaky), 2, 'skipped while open');
    assert.equal(chatCalls(steady), 5);
    assert.equal(await upstreamMetric(kernel, 'gw_upstream_fallbacks_total', { upstream: 'flaky', reason: 'circuit_open' }), 3);

    await pause(350);
    const plugin = kernel.plugins.find((p): p is OpenAIUpstreamPlugin => p instanceof OpenAIUpstreamPlugin)!;
    assert.equal(plugin.upstreams()[0]?.breaker, 'half_open');
    assert.equal(await gauge(), 2, 'half-open once looked at');
    flaky.behave({ kind: 'ok' });
    const probes = [send(kernel, ask('probe')), send(kernel, ask('beside the probe'))];
    for (const exchange of await Promise.all(probes)) assert.equal(exchange.response?.status, 200);
    assert.equal(chatCalls(flaky), 3, 'one probe, the other request went on to the next upstream');
    assert.equal(await gauge(), 0, 'closed again');
    await send(kernel, ask('after'));
    assert.equal(chatCalls(flaky), 4);
  });

  it('answers 503 upstream_circuit_open with Retry-After when every upstream for the model is open', async () => {
    kernel = await kernelWithUpstreams({ retries: 0, breakerFailures: 1, breakerOpenSeconds: 30, upstreams: [block('only', 0)] });
    upstreams[0]!.behave({ kind: 'status', status: 500, body: 'boom' });
    assert.equal((await send(kernel, ask('a'))).error?.code, 'upstream_server_error');
    const refused = (await send(kernel, ask('b'))).error;
    assert.equal(refused?.code, 'upstream_circuit_open');
    assert.equal(refused?.status, 503);
    assert.equal(refused?.headers?.['retry-after'], '30');
    assert.equal(chatCalls(upstreams[0]!), 1);
  });

  it('never waits past the request deadline: a Retry-After beyond it is not waited for', async () => {
    kernel = await kernelWithUpstreams({ timeoutSeconds: 0.5, retries: 5, upstreams: [block('slow-to-forgive', 0)] });
    upstreams[0]!.behave({
      kind: 'status',
      status: 429,
      body: { error: { message: 'later', type: 'x', code: 'rate' } },
      headers: { 'retry-after': '1' },
    });
    const exchange = await send(kernel, ask());
    assert.equal(exchange.error?.code, 'upstream_rate_limited');
    assert.equal(exchange.error?.reply().status, 429, 'passed through');
    assert.equal(chatCalls(upstreams[0]!), 1);
  });

  it('a first upstream that uses up the deadline leaves no time for the next', async () => {
    kernel = await kernelWithUpstreams({ timeoutSeconds: 0.4, upstreams: [block('hangs', 0), block('next', 1)] });
    upstreams[0]!.behave({ kind: 'hang' });
    const exchange = await send(kernel, ask());
    assert.equal(exchange.error?.code, 'upstream_timeout');
    assert.equal(chatCalls(upstreams[0]!), 1);
    assert.equal(chatCalls(upstreams[1]!), 0);
  });

  it('keeps retrying within the deadline and stops at it', async () => {
    kernel = await kernelWithUpstreams({
      timeoutSeconds: 1,
      retries: 10,
      retryBaseMs: 100,
      retryMaxMs: 100,
      upstreams: [block('busy', 0)],
    });
    upstreams[0]!.behave({ kind: 'delay', ms: 150, then: { kind: 'status', status: 503, body: 'busy' } });
    const exchange = await send(kernel, ask());
    assert.ok(exchange.error !== undefined);
    const calls = chatCalls(upstreams[0]!);
    // Each try takes 150 ms and waits 50 to 100 ms: a 1 s budget holds four to six (fewer on a slow machine), never the eleven allowed.
    assert.ok(calls >= 2 && calls <= 6, `calls ${calls}`);
  });
});
