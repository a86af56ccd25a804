/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) read from a client's headers: a `traceparent`
 * is checked character by character against its fixed layout, never by a regular expression, and anything
 * else (a wrong length, upper-case hex, an all-zero id, version ff) is ignored as the specification says.
 */
import { createTraceState, TraceFlags, type SpanContext } from '@opentelemetry/api';

/** `00-<32 hex>-<16 hex>-<2 hex>`: 55 characters; a later version may append fields after a dash. */
const VERSION_00_LENGTH = 55;
/** The specification's own bound on `tracestate` (32 members of at most 256 characters is more; 512 is its advice to propagators). */
const MAX_TRACESTATE_CHARS = 512;
/** Longer than any `traceparent` of a known version; a longer header is not read at all. */
const MAX_TRACEPARENT_CHARS = 256;

/**
 * The caller's span, as a remote parent, or undefined when the headers carry no valid `traceparent`.
 * @example
 * const parent = parentFromHeaders({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
 * parent?.traceId; // '4bf92f3577b34da6a3ce929d0e0e4736'
 */
export function parentFromHeaders(headers: Readonly<Record<string, string | undefined>>): SpanContext | undefined {
  const header = headers.traceparent;
  if (header === undefined || header.length > MAX_TRACEPARENT_CHARS) return undefined;
  const value = header.trim();
  if (value.length < VERSION_00_LENGTH) return undefined;
  const version = value.slice(0, 2);
  if (!isLowerHex(version) || version === 'ff') return undefined;
  // Version 00 is exactly 55 characters; a later version may add fields, after a dash.
  if (
    version === '00' ? value.length !== VERSION_00_LENGTH : value.length > VERSION_00_LENGTH && value[VERSION_00_LENGTH] !== '-'
  )
    return undefined;
  if (value[2] !== '-' || value[35] !== '-' || value[52] !== '-') return undefined;
  const traceId = value.slice(3, 35);
  const spanId = value.slice(36, 52);
  const flags = value.slice(53, 55);
  if (!isLowerHex(traceId) || !isLowerHex(spanId) || !isLowerHex(flags)) return undefined;
  if (isZeros(traceId) || isZeros(spanId)) return undefined;
  const state = headers.tracestate;
  return {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    ...(state !== undefined && state.length <= MAX_TRACESTATE_CHARS ? { traceState: createTraceState(state) } : {}),
  };
}

/**
 * The `traceparent` header of a span, as it goes to the upstream.
 * @example
 * traceparentOf({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 }); // '00-4bf9…-00f0…-01'
 */
export function traceparentOf(context: SpanContext): string {
  return `00-${context.traceId}-${context.spanId}-0${context.traceFlags & TraceFlags.SAMPLED ? '1' : '0'}`;
}

function isLowerHex(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

function isZeros(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}
