import assert from 'node:assert/strict';
import { Exchange, GatewayError, type EvidenceEvent, type Kernel } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest, SUITE_ERRORS } from './kernel-under-test.js';

type Fault = 'none' | 'gateway-error' | 'plain-error' | 'block' | 'undefined';
const HOOKS = ['preGuard', 'cacheLookup', 'upstream', 'postScan', 'cacheStore', 'restore'] as const;
const FAULTS: Fault[] = ['none', 'gateway-error', 'plain-error', 'block', 'undefined'];

/** A small seeded generator, so a failure names a case that can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function terminalCounts(events: EvidenceEvent[]): Map<string, { received: number; terminal: number }> {
  const traces = new Map<string, { received: number; terminal: number }>();
  for (const event of events) {
    const trace = traces.get(event.trace_id) ?? { received: 0, terminal: 0 };
    if (event.event_type === 'request.received') trace.received += 1;
    if (event.event_type === 'request.completed' || event.event_type === 'request.failed') trace.terminal += 1;
    traces.set(event.trace_id, trace);
  }
  return traces;
}

function wire(kernel: Kernel, faults: Record<(typeof HOOKS)[number], Fault>, sinkThrows: boolean): void {
  const act = (fault: Fault, ok: () => unknown) => {
    if (fault === 'gateway-error') throw new GatewayError('upstream_unavailable');
    if (fault === 'plain-error') throw new Error('secret detail that must not leak');
    if (fault === 'block')
      return { action: 'block', code: 'plugin_request_blocked', guard: 'g', respond: 'error_json', reason: 'no' };
    if (fault === 'undefined') return undefined;
    return ok();
  };
  kernel.hooks.preGuard.tapPromise('g', async () => act(faults.preGuard, () => undefined) as never);
  kernel.hooks.cacheLookup.tapPromise(
    'c',
    async () => act(faults.cacheLookup === 'block' ? 'none' : faults.cacheLookup, () => undefined) as never,
  );
  kernel.hooks.upstream.tapPromise(
    'u',
    async () => act(faults.upstream === 'block' ? 'none' : faults.upstream, () => completion()) as never,
  );
  kernel.hooks.postScan.tapPromise('s', async () => act(faults.postScan, () => undefined) as never);
  kernel.hooks.cacheStore.tapPromise('st', async () => {
    act(faults.cacheStore === 'block' ? 'none' : faults.cacheStore, () => undefined);
  });
  kernel.hooks.restore.tapPromise(
    'r',
    async (response) =>
      (faults.restore === 'gateway-error' || faults.restore === 'plain-error'
        ? act(faults.restore, () => response)
        : response) as never,
  );
  if (sinkThrows) {
    kernel.hooks.evidence.tap('broken-sink', () => {
      throw new Error('sink down');
    });
  }
}

describe('kernel terminal-event guarantee', () => {
  it('emits exactly one request.completed or request.failed per request.received, whatever throws', async () => {
    const random = prng(20261122);
    for (let round = 0; round < 300; round += 1) {
      const faults = Object.fromEntries(HOOKS.map((h) => [h, FAULTS[Math.floor(random() * FAULTS.length)]!])) as Record<
        (typeof HOOKS)[number],
        Fault
      >;
      const sinkThrows = random() < 0.2;
      const abort = random() < 0.1;
      const { kernel, events } = kernelUnderTest();
      wire(kernel, faults, sinkThrows);
      const controller = new AbortController();
      if (abort) controller.abort();
      const exchange = new Exchange({ request: chatRequest(`round ${round}`), signal: controller.signal });
      await kernel.run(exchange);
      const traces = terminalCounts(events);
      assert.equal(traces.size, 1, `round ${round}: ${JSON.stringify(faults)}`);
      assert.deepEqual([...traces.values()][0], { received: 1, terminal: 1 }, `round ${round}: ${JSON.stringify(faults)}`);
      assert.ok((exchange.response === undefined) !== (exchange.error === undefined), `round ${round}: exactly one outcome`);
      if (exchange.error?.code === 'internal_error')
        assert.doesNotMatch(JSON.stringify(exchange.error.reply().body), /secret detail/);
      const errors = (await kernel.metrics.registry.getSingleMetric('gw_errors_total')!.get()).values;
      const counted = errors.reduce((sum, v) => sum + v.value, 0);
      assert.equal(counted, exchange.error === undefined ? 0 : 1, `round ${round}: one error counted per failure`);
    }
  });

  it('maps a plain throw to internal_error 500 and an upstream returning nothing to upstream_unavailable', async () => {
    const { kernel } = kernelUnderTest();
    kernel.hooks.upstream.tapPromise('u', async () => undefined);
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(exchange.error?.code, 'upstream_unavailable');

    const second = kernelUnderTest();
    second.kernel.hooks.preGuard.tapPromise('g', async () => {
      throw new TypeError('boom');
    });
    const failed = new Exchange({ request: chatRequest() });
    await second.kernel.run(failed);
    assert.equal(failed.error?.status, 500);
    assert.equal(failed.error?.code, 'internal_error');
    assert.equal(second.events.at(-1)?.event_type, 'request.failed');
    assert.equal(second.events.at(-1)?.decision?.reason_code, 'INTERNAL_ERROR');
  });

  it('a client that left turns a finished run into client_closed_request', async () => {
    const { kernel, events } = kernelUnderTest();
    const controller = new AbortController();
    kernel.hooks.upstream.tapPromise('u', async () => {
      controller.abort();
      return completion();
    });
    const exchange = new Exchange({ request: chatRequest(), signal: controller.signal });
    await kernel.run(exchange);
    assert.equal(exchange.error?.code, 'client_closed_request');
    assert.equal(events.filter((e) => e.event_type === 'request.failed').length, 1);
  });

  it('kernel.reject emits the received/failed pair for requests refused at the door', async () => {
    const { kernel, events } = kernelUnderTest();
    const exchange = new Exchange({ request: { model: '', messages: [] } });
    kernel.reject(exchange, new GatewayError(SUITE_ERRORS.malformed_body.code));
    assert.deepEqual(
      events.map((e) => e.event_type),
      ['request.received', 'request.failed'],
    );
    assert.equal(exchange.error?.status, 400);
  });
});
