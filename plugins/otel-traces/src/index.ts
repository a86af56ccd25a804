/** @sluice/plugin-otel-traces: OpenTelemetry traces of each request's hooks, over OTLP/HTTP, with W3C trace context. */
export { OtelTracesPlugin } from './plugin.js';
export { OtelTracesOptionsSchema, type OtelTracesOptions, type OtelTracesOptionsInput } from './options.js';
export { parentFromHeaders, traceparentOf } from './traceparent.js';
