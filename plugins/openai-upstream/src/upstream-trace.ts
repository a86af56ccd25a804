/**
 * The W3C trace context a tracing plugin gives this exchange's provider calls: the upstream call is a span
 * of the request's trace, so a provider that traces joins it. Only these two headers are sent, so no
 * plugin can override the provider key or the body's content type this way.
 */
import { createSlot, type Exchange, type SlotKey } from '@sluice/core';

/**
 * `traceparent` and `tracestate` as they go on the wire; set before the `upstream` hook's default stage.
 * @example
 * const trace: UpstreamTraceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
 */
export interface UpstreamTraceContext {
  traceparent?: string;
  tracestate?: string;
}

/**
 * The exchange's slot a tracing plugin writes (in an `upstream` tap at an earlier stage) and every attempt
 * of the provider call sends.
 * @example
 * kernel.hooks.upstream.tap({ name: 'tracing', stage: -1000 }, (exchange) => {
 *   exchange.slot(UPSTREAM_TRACE_CONTEXT).traceparent = `00-${traceId}-${spanId}-01`;
 *   return undefined;
 * });
 */
export const UPSTREAM_TRACE_CONTEXT: SlotKey<UpstreamTraceContext> = createSlot('openai-upstream.trace-context', () => ({}));

/** The trace headers of an exchange's provider calls; undefined when no plugin set any. */
export function traceHeaders(exchange: Exchange): Readonly<Record<string, string>> | undefined {
  const trace = exchange.slot(UPSTREAM_TRACE_CONTEXT);
  if (trace.traceparent === undefined) return undefined;
  return trace.tracestate === undefined
    ? { traceparent: trace.traceparent }
    : { traceparent: trace.traceparent, tracestate: trace.tracestate };
}
