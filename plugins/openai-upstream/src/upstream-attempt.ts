/** One try of one upstream call: the time it may take, and what the provider said, read when it fails. */
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Filled in by the upstream client as the call goes, so the retry loop can tell a provider that asked to
 * be left alone (its status, its `Retry-After`) from one that never answered, and a stream that had begun.
 * @example
 * const attempt: UpstreamAttempt = { timeoutMs: 5_000 };
 * await client.call('POST', '/chat/completions', body, signal, attempt).catch(() => attempt.status); // e.g. 503
 */
export interface UpstreamAttempt {
  /** Milliseconds this try may take: what is left of the request's upstream budget. */
  readonly timeoutMs: number;
  /** The provider's status, once it answered. */
  status?: number;
  /** How long the provider asked to be left alone (`retry-after-ms` or `Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
  /** The provider's event stream began: what follows is the answer, so a failure now is never retried. */
  streamStarted?: boolean;
  /** W3C trace context headers sent with this try (`traceparent`, `tracestate`), when a tracing plugin set them. */
  traceHeaders?: Readonly<Record<string, string>> | undefined;
}

/** Retry-After as a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
const SECONDS = /^\d+(\.\d+)?$/;

/**
 * The wait a provider asked for, in milliseconds: OpenAI's `retry-after-ms`, else `Retry-After` in seconds or
 * as an HTTP date; undefined when it said nothing readable.
 * @example
 * retryAfterMs({ 'retry-after': '2' }); // 2000
 */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number = Date.now()): number | undefined {
  const ms = first(headers['retry-after-ms']);
  if (ms !== undefined && SECONDS.test(ms)) return Math.ceil(Number(ms));
  const value = first(headers['retry-after']);
  if (value === undefined) return undefined;
  if (SECONDS.test(value)) return Math.ceil(Number(value) * 1000);
  // An HTTP date names its day and month; anything else Date.parse would take ("-1") is not one.
  const date = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim();
}
