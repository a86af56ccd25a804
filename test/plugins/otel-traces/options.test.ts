import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { printConfig } from '@sluice/config';
import { GATEWAY_DIRECTIVE_SETS, gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { OtelTracesPlugin } from '@sluice/plugin-otel-traces';

const parse = (text: string) => parseGatewayConfig(`upstream_base_url http://127.0.0.1:9;\n${text}`, 'test.conf', { env: {} });

describe('otel-traces: options and directives', () => {
  it('is off unless otel_traces on, with its defaults when on', async () => {
    assert.equal(gatewayOptionsFromConfig(await parse('')).otelTraces, false);
    const on = gatewayOptionsFromConfig(await parse('otel_traces on;')).otelTraces;
    assert.deepEqual(on, { serviceName: 'sluice-gateway', sampleRatio: 1, timeoutSeconds: 5, maxQueuedSpans: 2048 });
  });

  it('reads every directive', async () => {
    const options = gatewayOptionsFromConfig(
      await parse(`otel_traces on;
otel_exporter_otlp_endpoint http://127.0.0.1:4318/v1/traces;
otel_exporter_otlp_headers "authorization=Bearer%20t0ken,x-team=llm";
otel_service_name gateway-eu;
otel_traces_sample_ratio 0.25;
otel_exporter_otlp_timeout_seconds 2s;
otel_traces_max_queued_spans 100;`),
    ).otelTraces;
    assert.deepEqual(options, {
      endpoint: 'http://127.0.0.1:4318/v1/traces',
      headers: 'authorization=Bearer%20t0ken,x-team=llm',
      serviceName: 'gateway-eu',
      sampleRatio: 0.25,
      timeoutSeconds: 2,
      maxQueuedSpans: 100,
    });
  });

  it('resolves the example of docs/tracing.md', async () => {
    const text = await readFile(new URL('../../docs/snippet-sources/tracing.conf', import.meta.url), 'utf8');
    const options = gatewayOptionsFromConfig(await parse(text)).otelTraces;
    assert.equal(options && options.serviceName, 'gateway-eu');
  });

  it('masks the exporter headers and endpoint in --print-config', async () => {
    const printed = printConfig(
      await parse(
        'otel_traces on; otel_exporter_otlp_endpoint http://collector:4318/v1/traces; otel_exporter_otlp_headers "authorization=t0ken";',
      ),
      GATEWAY_DIRECTIVE_SETS,
    );
    assert.doesNotMatch(printed, /t0ken|collector:4318/);
    assert.match(printed, /^otel_exporter_otlp_headers \*{8};$/m);
    assert.match(printed, /^otel_traces on;$/m);
  });

  it('refuses exporter headers that are not key=value pairs without echoing them', async () => {
    await assert.rejects(parse('otel_traces on; otel_exporter_otlp_headers "s3cret-token";'), (error: Error) => {
      assert.match(error.message, /otel_exporter_otlp_headers/);
      assert.doesNotMatch(error.message, /s3cret/);
      return true;
    });
  });

  it('refuses a sample ratio outside 0..1 and an endpoint that is not http(s)', () => {
    assert.throws(() => new OtelTracesPlugin({ sampleRatio: 1.5 }), /sampleRatio/);
    assert.throws(() => new OtelTracesPlugin({ endpoint: 'grpc://127.0.0.1:4317' }), /endpoint/);
  });
});
