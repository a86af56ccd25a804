/** A gateway with tracing on, in front of the fake upstream, exporting to an in-process OTLP receiver. */
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../fixtures/otlp-receiver.js';
import { baseConfig, startGateway, type GatewayUnderTest } from '../../apps/gateway/gateway-under-test.js';

export interface TracedGateway {
  upstream: FakeUpstream;
  receiver: OtlpReceiver;
  gw: GatewayUnderTest;
}

/** Mocha hooks: a fake upstream, a receiver, and a gateway with `otel_traces on` and `extra` lines. */
export function tracedGatewayForSuite(extra = ''): TracedGateway {
  const suite = {} as TracedGateway;
  before(async () => {
    suite.upstream = await startFakeUpstream();
    suite.receiver = await startOtlpReceiver();
    const tracing = `otel_traces on;\notel_exporter_otlp_endpoint ${suite.receiver.url};\n${extra}`;
    suite.gw = await startGateway(baseConfig(suite.upstream.baseUrl, tracing));
  });
  after(async () => {
    await suite.gw?.close();
    await suite.receiver?.close();
    await suite.upstream?.close();
  });
  return suite;
}

/** The spans of the request answered with `x-sluice-trace-id: traceId`: its request span and that span's trace. */
export async function spansOf(receiver: OtlpReceiver, sluiceTraceId: string, count: number): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const request = receiver.spans.find((span) => span.attributes['sluice.trace_id'] === sluiceTraceId);
    const trace = request === undefined ? [] : receiver.spans.filter((span) => span.traceId === request.traceId);
    if (trace.length >= count) return trace;
    if (Date.now() > deadline) throw new Error(`${trace.length} spans of trace ${sluiceTraceId}, ${count} expected`);
    await receiver.waitForSpans(receiver.spans.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
  }
}
