/** @sluice/plugin-otel-traces: OpenTelemetry traces of each request's hooks. */
export {};
