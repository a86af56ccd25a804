/**
 * The child spans of a request: one per hook that ran, timed by the marks the kernel leaves on the exchange
 * after each hook (`exchange.timings`), so no hook but `upstream` pays for a tap. The upstream span is live
 * (its id goes to the provider in `traceparent`); the others are made when the outcome is settled.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { Exchange } from '@sluice/core';
import { usageAttributes } from './span-attributes.js';

/** The hooks in the order a request meets them, each with the mark the kernel sets when it is done. */
const STEPS = [
  { hook: 'preGuard', mark: 'guards' },
  { hook: 'cacheLookup', mark: 'cache_lookup' },
  { hook: 'upstream', mark: 'upstream' },
  { hook: 'postScan', mark: 'post_scan' },
  { hook: 'cacheStore', mark: 'cache_store' },
  { hook: 'restore', mark: 'restore' },
] as const;

/**
 * One request's spans while it runs (the plugin's slot on the exchange).
 * @example
 * const spans: RequestSpans = { request: undefined, context: undefined, upstream: undefined, startedMs: undefined, epochOffsetMs: 0 };
 */
export interface RequestSpans {
  request: Span | undefined;
  /** The request span's context: the parent of every hook span. */
  context: Context | undefined;
  upstream: Span | undefined;
  /** When the preGuard hook began, in ms since the exchange began; undefined: the run never began. */
  startedMs: number | undefined;
  /**
   * Wall clock minus `performance.now()`, read once when the request span is made: every time of the trace is
   * a `performance.now()` plus this, so its spans agree with each other however the two clocks drift apart.
   */
  epochOffsetMs: number;
}

/**
 * Ends the upstream span and records the other hooks' spans under the request span, which the caller ends.
 * A hook that threw gets its span too, with status error and the failure's code.
 * @example
 * endHookSpans(tracer, exchange, spans, performance.now() + spans.epochOffsetMs);
 */
export function endHookSpans(tracer: Tracer, exchange: Exchange, spans: RequestSpans, nowMs: number): void {
  if (spans.startedMs === undefined || spans.context === undefined) return;
  const origin = exchange.startedAt + spans.epochOffsetMs;
  const error = exchange.error;
  let previous = spans.startedMs;
  let next = 0;
  for (const [i, step] of STEPS.entries()) {
    const at = exchange.timings[step.mark];
    if (step.hook === 'upstream') {
      if (spans.upstream !== undefined) endUpstream(spans.upstream, exchange, at === undefined ? nowMs : origin + at);
      if (spans.upstream === undefined || at === undefined) continue;
    } else if (at === undefined) {
      continue;
    } else {
      hookSpan(tracer, spans.context, step.hook, origin + previous, origin + at).end(origin + at);
    }
    previous = at;
    next = i + 1;
  }
  // A failure no marked hook and no upstream explains was thrown by the hook after the last one done.
  const upstreamFailed = spans.upstream !== undefined && exchange.timings.upstream === undefined;
  if (error === undefined || exchange.verdict !== undefined || upstreamFailed) return;
  const failed = failedHook(exchange, next, spans.upstream !== undefined);
  if (failed === undefined) return;
  const span = hookSpan(tracer, spans.context, failed, origin + previous, nowMs);
  span.setAttribute('error.type', error.code);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.code });
  span.end(nowMs);
}

/**
 * Starts the upstream call's span (kind CLIENT) under the request span.
 * @example
 * spans.upstream = startUpstreamSpan(tracer, spans.context, upstreamAttributes(exchange), performance.now() + spans.epochOffsetMs);
 */
export function startUpstreamSpan(tracer: Tracer, parent: Context, attributes: Attributes, startMs: number): Span {
  return tracer.startSpan('upstream', { kind: SpanKind.CLIENT, attributes, startTime: startMs }, parent);
}

function endUpstream(span: Span, exchange: Exchange, endMs: number): void {
  span.setAttributes(usageAttributes(exchange));
  if (exchange.timings.upstream === undefined && exchange.error !== undefined) {
    span.setAttribute('error.type', exchange.error.code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: exchange.error.code });
  }
  span.end(endMs);
}

function hookSpan(tracer: Tracer, parent: Context, name: string, startMs: number, endMs: number): Span {
  const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL, startTime: startMs }, parent);
  if (endMs < startMs) span.setAttribute('sluice.clock_skew', true);
  return span;
}

/** The hook that threw, from the step after the last one done; undefined when none is left to blame. */
function failedHook(exchange: Exchange, next: number, upstreamRan: boolean): string | undefined {
  const step = STEPS[next]?.hook;
  if (step === 'cacheLookup') return exchange.cache.status === 'bypass' ? undefined : 'cacheLookup';
  if (step === 'upstream') return 'postScan';
  // After postScan comes cacheStore only for a fresh answer the caches may keep.
  if (step === 'cacheStore') return upstreamRan && !exchange.bypassCache ? 'cacheStore' : 'restore';
  return step;
}

/** The span a context holds, for the request span's children. */
export function contextWith(span: Span, base: Context): Context {
  return trace.setSpan(base, span);
}
