/** The tracer behind the plugin: the SDK's provider, a batched OTLP/HTTP (JSON) exporter, a parent-based sampler. */
import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { exporterHeaders } from './exporter-headers.js';
import type { OtelTracesOptions } from './options.js';

/** Most spans in one export request: the SDK's default, or the queue when that is smaller. */
const MAX_EXPORT_BATCH = 512;
/** How long a span waits for its batch to fill before it is sent anyway. */
const SCHEDULED_DELAY_MS = 1000;
/** What shutdown waits beyond one export's timeout before it gives up on the flush. */
const SHUTDOWN_GRACE_MS = 1000;

/**
 * A running tracer and the way to flush and close it.
 * @example
 * const exporting = startTraceExport({ serviceName: 'sluice-gateway', sampleRatio: 1, timeoutSeconds: 5, maxQueuedSpans: 2048 }, '0.1.0');
 * exporting.tracer.startSpan('POST /v1/chat/completions').end();
 * await exporting.shutdown();
 */
export interface TraceExport {
  readonly tracer: Tracer;
  /** Exports what is queued (bounded by the export timeout) and closes the exporter. */
  shutdown(): Promise<void>;
}

/**
 * Makes the provider and its exporter; no connection is opened until the first batch is sent. Spans go
 * out in the background: a collector that is slow or down costs dropped spans, never a request's time.
 * @example
 * const { tracer } = startTraceExport(options, RELEASE_VERSION);
 */
export function startTraceExport(options: OtelTracesOptions, serviceVersion: string | undefined): TraceExport {
  const timeoutMillis = Math.round(options.timeoutSeconds * 1000);
  const headers = options.headers === undefined ? undefined : exporterHeaders(options.headers);
  if (typeof headers === 'string') throw new Error(`otel_exporter_otlp_headers: ${headers}`);
  const exporter = new OTLPTraceExporter({
    ...(options.endpoint === undefined ? {} : { url: options.endpoint }),
    ...(headers === undefined ? {} : { headers }),
    timeoutMillis,
  });
  const processor = new BatchSpanProcessor(exporter, {
    maxQueueSize: options.maxQueuedSpans,
    maxExportBatchSize: Math.min(MAX_EXPORT_BATCH, options.maxQueuedSpans),
    scheduledDelayMillis: SCHEDULED_DELAY_MS,
    exportTimeoutMillis: timeoutMillis,
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      ...(serviceVersion === undefined ? {} : { 'service.version': serviceVersion }),
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio) }),
    spanProcessors: [processor],
  });
  return {
    tracer: provider.getTracer('@sluice/plugin-otel-traces'),
    shutdown: () => bounded(provider.shutdown(), timeoutMillis + SHUTDOWN_GRACE_MS),
  };
}

/** Resolves when `work` settles or after `ms`, whichever is first; a failed flush is not a failed shutdown. */
function bounded(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([work.catch(() => undefined), deadline]).finally(() => clearTimeout(timer));
}
