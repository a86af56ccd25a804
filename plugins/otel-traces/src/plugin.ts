/** OpenTelemetry traces of each request's hooks, exported over OTLP/HTTP; off unless `otel_traces on`. */
import { context, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { createSlot, validateOptions, type Exchange, type Kernel, type Plugin } from '@sluice/core';
import { UPSTREAM_TRACE_CONTEXT } from '@sluice/plugin-openai-upstream';
import { contextWith, endHookSpans, startUpstreamSpan, type RequestSpans } from './hook-spans.js';
import { OtelTracesOptionsSchema, type OtelTracesOptions, type OtelTracesOptionsInput } from './options.js';
import { outcomeAttributes, requestAttributes, requestSpanName, upstreamAttributes } from './span-attributes.js';
import { startTraceExport, type TraceExport } from './trace-export.js';
import { parentFromHeaders, traceparentOf } from './traceparent.js';

const PLUGIN_NAME = 'otel-traces';
/** Before every other tap: the request span must exist before any plugin's work is timed. */
const FIRST = Number.MIN_SAFE_INTEGER;
const SPANS = createSlot<RequestSpans>(PLUGIN_NAME, () => ({
  request: undefined,
  context: undefined,
  upstream: undefined,
  startedMs: undefined,
  epochOffsetMs: 0,
}));

/**
 * One trace per request: a SERVER span named after the endpoint, a child per hook that ran, the upstream
 * call as a CLIENT span whose id goes to the provider in `traceparent`. A caller's `traceparent` makes the
 * request span its child. Spans are batched and exported in the background; `stop()` flushes them.
 * @example
 * kernel.use(new OtelTracesPlugin({ endpoint: 'http://127.0.0.1:4318/v1/traces', serviceName: 'gateway-eu' }));
 */
export class OtelTracesPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<OtelTracesOptions>;
  readonly #serviceVersion: string | undefined;
  #export: TraceExport | undefined;

  /** `serviceVersion` becomes the `service.version` resource attribute (the preset passes its release). */
  constructor(options: OtelTracesOptionsInput = {}, serviceVersion?: string) {
    this.options = validateOptions(PLUGIN_NAME, OtelTracesOptionsSchema, options);
    this.#serviceVersion = serviceVersion;
  }

  apply(kernel: Kernel): void {
    // Synchronous taps: a promise per tap would cost every request for nothing.
    kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: FIRST }, (exchange) => {
      this.#begin(exchange);
      return undefined;
    });
    kernel.hooks.upstream.tap({ name: PLUGIN_NAME, stage: FIRST }, (exchange) => {
      this.#upstreamBegins(exchange);
      return undefined;
    });
    kernel.hooks.respond.tap(PLUGIN_NAME, (exchange) => this.#end(exchange));
  }

  async start(): Promise<void> {
    this.#export ??= startTraceExport(this.options, this.#serviceVersion);
  }

  /** Flushes the spans still queued (bounded by the export timeout) and closes the exporter. */
  async stop(): Promise<void> {
    const exporting = this.#export;
    this.#export = undefined;
    await exporting?.shutdown();
  }

  #begin(exchange: Exchange): void {
    const tracer = this.#export?.tracer;
    if (tracer === undefined) return;
    const spans = exchange.slot(SPANS);
    spans.startedMs = performance.now() - exchange.startedAt;
    this.#requestSpan(exchange, spans);
  }

  #upstreamBegins(exchange: Exchange): void {
    const tracer = this.#export?.tracer;
    if (tracer === undefined) return;
    const spans = exchange.slot(SPANS);
    const parent = this.#requestSpan(exchange, spans);
    const span = startUpstreamSpan(tracer, parent, upstreamAttributes(exchange), performance.now() + spans.epochOffsetMs);
    spans.upstream = span;
    const sent = exchange.slot(UPSTREAM_TRACE_CONTEXT);
    sent.traceparent = traceparentOf(span.spanContext());
    const state = span.spanContext().traceState?.serialize();
    if (state !== undefined && state !== '') sent.tracestate = state;
  }

  #end(exchange: Exchange): void {
    const tracer = this.#export?.tracer;
    if (tracer === undefined) return;
    const spans = exchange.slot(SPANS);
    this.#requestSpan(exchange, spans);
    const request = spans.request!;
    const now = performance.now() + spans.epochOffsetMs;
    // A request the sampler left out records nothing: its hook spans and attributes are not even made.
    if (!request.isRecording()) {
      spans.upstream?.end(now);
      request.end(now);
      return;
    }
    endHookSpans(tracer, exchange, spans, now);
    request.setAttributes(outcomeAttributes(exchange));
    if (exchange.error !== undefined) request.setStatus({ code: SpanStatusCode.ERROR, message: exchange.error.code });
    request.end(now);
  }

  /** The request span, made on first need (a request refused before it ran has only this one). */
  #requestSpan(exchange: Exchange, spans: RequestSpans): Context {
    if (spans.context !== undefined) return spans.context;
    const caller = parentFromHeaders(exchange.headers);
    const base = caller === undefined ? context.active() : trace.setSpanContext(context.active(), caller);
    spans.epochOffsetMs = Date.now() - performance.now();
    const span = this.#export!.tracer.startSpan(
      requestSpanName(exchange),
      { kind: SpanKind.SERVER, startTime: exchange.startedAt + spans.epochOffsetMs, attributes: requestAttributes(exchange) },
      base,
    );
    spans.request = span;
    spans.context = contextWith(span, base);
    return spans.context;
  }
}
