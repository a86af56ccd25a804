/** Options of the otel-traces plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { directive, optionSet } from '@sluice/config';
import { exporterHeadersProblem } from './exporter-headers.js';

/**
 * The plugin's options, each with its directive; `otel_traces` (default off) decides whether a preset adds it.
 * @example
 * const options = validateOptions('otel-traces', OtelTracesOptionsSchema, { endpoint: 'http://127.0.0.1:4318/v1/traces' });
 */
export const OtelTracesOptionsSchema = Type.Object(
  {
    /** Absent: the exporter's own default, which reads the standard OTEL_EXPORTER_OTLP_* variables. */
    endpoint: Type.Optional(
      Type.String({
        pattern: '^https?://',
        ...directive('otel_exporter_otlp_endpoint', {
          word: 'url',
          secret: true,
          summary:
            'The OTLP/HTTP traces endpoint spans are posted to (JSON), e.g. `http://127.0.0.1:4318/v1/traces`. Absent: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`, else `http://localhost:4318/v1/traces`.',
        }),
      }),
    ),
    /** `key=value` pairs, comma-separated, as OTEL_EXPORTER_OTLP_HEADERS writes them. */
    headers: Type.Optional(
      Type.String({
        ...directive('otel_exporter_otlp_headers', {
          word: 'headers',
          secret: true,
          summary:
            'Headers sent with every export, `key=value` pairs separated by commas (e.g. an `authorization` for the collector). Absent: `OTEL_EXPORTER_OTLP_HEADERS`.',
          check: (value: string) => exporterHeadersProblem(value),
        }),
      }),
    ),
    serviceName: Type.String({
      minLength: 1,
      maxLength: 256,
      default: 'sluice-gateway',
      ...directive('otel_service_name', { word: 'name', summary: 'The `service.name` resource attribute of every span.' }),
    }),
    sampleRatio: Type.Number({
      minimum: 0,
      maximum: 1,
      default: 1,
      ...directive('otel_traces_sample_ratio', {
        word: 'ratio',
        summary:
          "Share of requests without an incoming `traceparent` that are recorded (0 to 1); a request with one follows its caller's sampled flag.",
      }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      maximum: 60,
      default: 5,
      ...directive('otel_exporter_otlp_timeout_seconds', {
        unit: 'duration',
        summary: 'Longest one export may take; also bounds the flush at shutdown.',
      }),
    }),
    maxQueuedSpans: Type.Integer({
      minimum: 1,
      default: 2048,
      ...directive('otel_traces_max_queued_spans', {
        word: 'count',
        summary:
          'Spans kept waiting for export; when the collector is slow or down, further spans are dropped, never waited for.',
      }),
    }),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'otel_traces',
        default: false,
        summary:
          'Export an OpenTelemetry trace of each request (a span per hook that ran) over OTLP/HTTP. Off: no tracer is made.',
      },
    }),
  },
);

/**
 * Validated options, defaults applied.
 * @example
 * const options: OtelTracesOptions = { serviceName: 'sluice-gateway', sampleRatio: 1, timeoutSeconds: 5, maxQueuedSpans: 2048 };
 */
export type OtelTracesOptions = Type.Static<typeof OtelTracesOptionsSchema>;

/** What the constructor takes: every field may be left to its default. */
export type OtelTracesOptionsInput = Partial<OtelTracesOptions>;
