import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import { APIUserAbortError } from 'openai';
import type { RecordedCall } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { gatewayForSuite } from './gateway-under-test.js';

/** Polls until `found` returns a value; fails after `ms`. */
async function eventually<T>(what: string, found: () => T | undefined, ms = 5000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((r) => setTimeout(r, 10))) {
    const value = found();
    if (value !== undefined) return value;
  }
  throw new Error(`still waiting for ${what} after ${ms} ms`);
}

describe('gateway: a client that leaves during stream assembly', () => {
  const suite = gatewayForSuite('streaming_enabled on;\nstreaming_mode controlled;');
  const events: EvidenceEvent[] = [];
  before(() => suite.gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event)));

  it('cancels the provider stream, counts client_closed_request and ends the trace once', async () => {
    const { gw, upstream } = suite;
    const metric = async (name: string, labels: Record<string, string> = {}) =>
      sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0;
    const closed = { class: 'client_closed_request' };
    const before = {
      stream: await metric('gw_stream_errors_total', closed),
      upstream: await metric('gw_stream_upstream_errors_total', closed),
      errors: await metric('gw_errors_total', closed),
    };
    const firstEvent = events.length;

    let called!: (call: RecordedCall) => void;
    const provider = new Promise<RecordedCall>((resolve) => (called = resolve));
    upstream.behave((call) => {
      called(call);
      return { kind: 'stream', gapMs: 100 };
    });
    const request = {
      model: 'test-model',
      messages: [{ role: 'user' as const, content: 'a question long enough for an answer in many slow pieces' }],
      stream: true as const,
    };
    const controller = new AbortController();
    const pending = gw.client.chat.completions.create(request, { signal: controller.signal }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const call = await provider;
    await call.wrote(3);
    controller.abort();
    assert.ok((await pending) instanceof APIUserAbortError);

    await eventually('the provider connection to close', () => (call.closedEarly ? true : undefined));
    assert.ok(call.events.length < 12, `the provider stopped streaming after ${call.events.length} events`);

    const trace = await eventually('the end of the trace', () => {
      const mine = events.slice(firstEvent);
      return mine.some((e) => e.event_type === 'request.failed' || e.event_type === 'request.completed') ? mine : undefined;
    });
    assert.equal(new Set(trace.map((e) => e.trace_id)).size, 1, 'one trace');
    const terminal = trace.filter((e) => e.event_type === 'request.failed' || e.event_type === 'request.completed');
    assert.equal(terminal.length, 1);
    assert.equal(terminal[0]?.event_type, 'request.failed');
    assert.equal(terminal[0]?.attributes?.error_class, 'client_closed_request');
    const failed = trace.find((e) => e.event_type === 'upstream.stream.failed');
    assert.equal(failed?.attributes?.error_class, 'client_closed_request');
    assert.equal(failed?.committed_to_client, false);

    assert.deepEqual(
      {
        stream: await metric('gw_stream_errors_total', closed),
        upstream: await metric('gw_stream_upstream_errors_total', closed),
        errors: await metric('gw_errors_total', closed),
      },
      { stream: before.stream + 1, upstream: before.upstream, errors: before.errors + 1 },
      'a client abort is a stream error, not a provider one',
    );

    // Nothing of the abandoned answer was stored: the same question goes upstream again.
    upstream.behave({ kind: 'ok' });
    const again = await gw.client.chat.completions.create(request).withResponse();
    assert.equal(again.response.headers.get('x-sluice-cache'), 'miss');
    for await (const chunk of again.data) void chunk;
    assert.equal(upstream.calls.length, 2);
  });
});
