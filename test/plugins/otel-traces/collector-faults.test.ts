import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { freePort } from '../../fixtures/free-port.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../fixtures/otlp-receiver.js';
import { baseConfig, startGateway } from '../../apps/gateway/gateway-under-test.js';

/** Bounds, not timings under test: a request never waits on the collector, so each is far below these. */
const REQUEST_BOUND_MS = 2000;
const REQUESTS = 5;

describe('otel-traces: off by default, and a collector that is down or hangs never fails or slows a request', () => {
  let upstream: FakeUpstream;
  let receiver: OtlpReceiver;
  beforeEach(async () => {
    upstream = await startFakeUpstream();
    receiver = await startOtlpReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await upstream.close();
  });

  const ask = async (url: string, n: number) => {
    const started = performance.now();
    const reply = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: `question ${n}` }] }),
    });
    return { status: reply.status, ms: performance.now() - started };
  };

  it('sends nothing and adds no traceparent upstream unless otel_traces is on', async () => {
    const gw = await startGateway(baseConfig(upstream.baseUrl, `otel_exporter_otlp_endpoint ${receiver.url};`));
    try {
      assert.equal(
        gw.gateway.runtime.kernel.plugins.some((plugin) => plugin.name === 'otel-traces'),
        false,
      );
      for (let n = 0; n < REQUESTS; n++) assert.equal((await ask(gw.url, n)).status, 200);
    } finally {
      await gw.close();
    }
    assert.equal(receiver.bodies.length, 0);
    for (const call of upstream.calls) assert.equal(call.headers.traceparent, undefined);
  });

  /** Every request answered in time with the collector at `endpoint` failing, and a shutdown within the export bound. */
  async function servesDespiteCollector(endpoint: string): Promise<void> {
    const gw = await startGateway(
      baseConfig(
        upstream.baseUrl,
        `otel_traces on; otel_exporter_otlp_endpoint ${endpoint}; otel_exporter_otlp_timeout_seconds 1;`,
      ),
    );
    for (let n = 0; n < REQUESTS; n++) {
      const { status, ms } = await ask(gw.url, n);
      assert.equal(status, 200);
      assert.ok(ms < REQUEST_BOUND_MS, `request ${n} took ${Math.round(ms)} ms`);
    }
    const closing = performance.now();
    await gw.close();
    assert.ok(performance.now() - closing < 5000, 'shutdown waited past the export bound');
  }

  it('answers every request while the collector refuses connections, and shuts down within the export bound', async () => {
    await servesDespiteCollector(`http://127.0.0.1:${await freePort()}/v1/traces`);
  });

  it('answers every request while the collector hangs, and shuts down within the export bound', async () => {
    receiver.hang();
    await servesDespiteCollector(receiver.url);
  });

  it('loses no span on a clean shutdown: queued spans are flushed before stop returns', async () => {
    const gw = await startGateway(baseConfig(upstream.baseUrl, `otel_traces on; otel_exporter_otlp_endpoint ${receiver.url};`));
    const reply = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'flushed at stop' }] }),
    });
    const traceId = reply.headers.get('x-sluice-trace-id');
    await gw.close();
    // No wait: the batch delay has not passed, so only the flush at stop can have sent them.
    assert.ok(receiver.spans.some((span) => span.attributes['sluice.trace_id'] === traceId));
    assert.equal(receiver.spans.length, 7);
  });
});
