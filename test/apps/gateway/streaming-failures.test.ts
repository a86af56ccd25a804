import assert from 'node:assert/strict';
import type { EvidenceEvent } from '@sluice/core';
import { startFakeUpstream, type Behaviour, type FakeUpstream, type RecordedCall } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

interface Failure {
  readonly name: string;
  readonly behaviour: Behaviour;
  readonly status: number;
  readonly code: string;
  /** The fault is the gateway's own limit: it must cancel the provider's stream. */
  readonly cancels?: boolean;
}

/** A gateway and its fake provider; every evidence event the gateway emits is kept. */
interface Rig {
  upstream: FakeUpstream;
  gw: GatewayUnderTest;
  events: EvidenceEvent[];
}

async function rig(extra: string, timeoutSeconds = 2): Promise<Rig> {
  const upstream = await startFakeUpstream();
  const config = baseConfig(upstream.baseUrl, extra).replace(
    'upstream_timeout_seconds 2;',
    `upstream_timeout_seconds ${timeoutSeconds};`,
  );
  const gw = await startGateway(config);
  const events: EvidenceEvent[] = [];
  gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  return { upstream, gw, events };
}

const post = (gw: GatewayUnderTest, content: string, stream = true) =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }], stream }),
    // Bounds a request the gateway never answers; every expected answer comes well within it.
    signal: AbortSignal.timeout(5000),
  });

/** Resolves when the provider saw its connection closed by the gateway; fails after `ms`. */
async function closedWithin(call: RecordedCall | undefined, ms: number): Promise<void> {
  assert.ok(call !== undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the provider stream was still open after ${ms} ms`)), ms);
  });
  await Promise.race([call.aborted, late]).finally(() => clearTimeout(timer));
}

describe('gateway: a failed provider stream is a clean error before any byte of stream', () => {
  // A short idle limit for the stall; a small byte limit and a short ceiling, under a longer idle limit.
  const rigs: { tight?: Rig; limits?: Rig } = {};
  before(async () => {
    rigs.tight = await rig('streaming_enabled on;\nstreaming_mode controlled;', 0.3);
    rigs.limits = await rig(
      'streaming_enabled on;\nstreaming_mode controlled;\nmax_stream_upstream_bytes 2k;\nstream_max_duration_seconds 0.5;',
    );
  });
  after(async () => {
    for (const r of [rigs.tight, rigs.limits]) {
      await r?.gw.close();
      await r?.upstream.close();
    }
  });

  const cases: (Failure & { rig: 'tight' | 'limits' })[] = [
    {
      name: 'an idle stall longer than upstream_timeout_seconds',
      rig: 'tight',
      behaviour: { kind: 'stream', fault: { kind: 'stall', after: 2 } },
      status: 504,
      code: 'upstream_timeout',
      cancels: true,
    },
    {
      name: 'headers, then an error body that stalls',
      rig: 'tight',
      behaviour: { kind: 'status', status: 500, stall: true },
      status: 504,
      code: 'upstream_timeout',
      cancels: true,
    },
    {
      name: 'a stream that ends without a finish reason',
      rig: 'tight',
      behaviour: { kind: 'stream', fault: { kind: 'cut', after: 2 } },
      status: 502,
      code: 'upstream_stream_incomplete',
    },
    {
      name: 'a line that is not JSON',
      rig: 'tight',
      behaviour: { kind: 'stream', fault: { kind: 'malformed', after: 2 } },
      status: 502,
      code: 'upstream_stream_malformed',
    },
    {
      name: 'a provider error event',
      rig: 'tight',
      behaviour: { kind: 'stream', fault: { kind: 'error', after: 2 } },
      status: 502,
      code: 'upstream_stream_error',
    },
    {
      name: 'more than max_stream_upstream_bytes',
      rig: 'limits',
      behaviour: { kind: 'stream', content: { huge: 1024 * 1024 } },
      status: 502,
      code: 'upstream_stream_too_large',
      cancels: true,
    },
    {
      name: 'a slow stream past stream_max_duration_seconds',
      rig: 'limits',
      behaviour: { kind: 'stream', gapMs: 300 },
      status: 504,
      code: 'upstream_stream_too_long',
      cancels: true,
    },
  ];

  for (const [i, c] of cases.entries()) {
    it(`${c.name}: ${c.status} ${c.code}, counted, evidenced, never cached`, async () => {
      const { upstream, gw, events } = rigs[c.rig]!;
      // Short: the answer of the retry must stay under the 2k byte limit.
      const question = `fault ${i}`;
      const metric = (name: string, labels: Record<string, string> = {}) =>
        gw.metricsText().then((text) => sampleValue(parsePrometheusText(text), name, labels) ?? 0);
      const count = async () => ({
        stream: await metric('gw_stream_errors_total', { class: c.code }),
        upstream: await metric('gw_stream_upstream_errors_total', { class: c.code }),
        timeouts: await metric('gw_upstream_timeouts_total'),
      });
      const before = await count();
      upstream.behave(c.behaviour);

      const response = await post(gw, question);
      const text = await response.text();
      assert.equal(response.status, c.status);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal((JSON.parse(text) as { error: { code: string } }).error.code, c.code);
      assert.doesNotMatch(text, /echo|data:|x{8}/, 'nothing of the partial answer');
      const call = upstream.calls.at(-1);
      if (c.behaviour.kind === 'stream') assert.ok((call?.events.length ?? 0) >= 2, 'the provider had started streaming');
      if (c.cancels === true) await closedWithin(call, 5000);

      assert.deepEqual(await count(), {
        stream: before.stream + 1,
        upstream: before.upstream + 1,
        timeouts: before.timeouts + (c.code === 'upstream_timeout' ? 1 : 0),
      });

      const trace = events.filter((e) => e.trace_id === response.headers.get('x-sluice-trace-id'));
      const failed = trace.filter((e) => e.event_type === 'upstream.stream.failed');
      assert.equal(failed.length, 1);
      assert.equal(failed[0]?.committed_to_client, false);
      assert.equal(failed[0]?.attributes?.error_class, c.code);
      const terminal = trace.filter((e) => e.event_type === 'request.completed' || e.event_type === 'request.failed');
      assert.deepEqual(
        terminal.map((e) => e.event_type),
        ['request.failed'],
      );
      assert.equal(trace.at(-1)?.event_type, 'request.failed');
      assert.equal(trace.at(-1)?.attributes?.error_class, c.code);

      upstream.behave({ kind: 'ok' });
      const calls = upstream.calls.length;
      const retry = await post(gw, question);
      assert.equal(retry.status, 200);
      assert.equal(retry.headers.get('x-sluice-cache'), 'miss', 'the failed stream was not stored');
      assert.match(await retry.text(), /data: \[DONE\]\n\n$/);
      assert.equal(upstream.calls.length, calls + 1, 'the retry went upstream again');
    });
  }

  it('refuses a stream with 422 streaming_disabled when streaming_enabled is off, before any upstream call', async () => {
    const off = await rig('streaming_enabled off;');
    try {
      const response = await post(off.gw, 'stream please');
      assert.equal(response.status, 422);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'streaming_disabled');
      assert.equal(off.upstream.calls.length, 0);
      assert.equal((await post(off.gw, 'whole please', false)).status, 200);
    } finally {
      await off.gw.close();
      await off.upstream.close();
    }
  });
});
