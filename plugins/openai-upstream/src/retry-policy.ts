/** What one failed upstream call means for the request: retry that upstream, fall back to the next, or answer now. */
import type { GatewayError } from '@sluice/core';
import type { AttemptOutcome } from './circuit-breaker.js';
import type { UpstreamAttempt } from './upstream-attempt.js';

/** Statuses a provider gives when the same request may well succeed a moment later. */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Failed before any reply: nothing was read, so the same call may be made again. */
const RETRIED_TRANSPORT = new Set(['upstream_connect_error', 'upstream_timeout']);
/** The upstream (or the way to it) is at fault, but calling it again at once would fail the same way. */
const FALLBACK_ONLY = new Set(['upstream_dns_error', 'upstream_tls_error', 'upstream_invalid_response', 'upstream_server_error']);
/** A stream that began and then broke: the provider's fault, counted by the breaker, never retried. */
const STREAM_FAULTS = new Set([
  'upstream_stream_malformed',
  'upstream_stream_incomplete',
  'upstream_stream_error',
  'upstream_timeout',
]);

/**
 * The verdict on one failed call.
 * @example
 * const verdict: FailureVerdict = { retry: true, fallback: true, breaker: 'failure' };
 */
export interface FailureVerdict {
  /** Call the same upstream again (after a wait), retries and the deadline allowing. */
  readonly retry: boolean;
  /** Try the next upstream once this one is given up; false: this failure is the answer. */
  readonly fallback: boolean;
  /** How the upstream's breaker counts the call. */
  readonly breaker: AttemptOutcome;
}

/**
 * Judges a failure: a 4xx other than 429 is the request's fault and passes through; a stream that began is
 * never tried again; the client leaving counts neither way.
 * @example
 * judgeFailure(new GatewayError('upstream_server_error'), { timeoutMs: 1000, status: 503 }); // retry, fallback, failure
 */
export function judgeFailure(failure: GatewayError, attempt: UpstreamAttempt): FailureVerdict {
  if (failure.code === 'client_closed_request') return { retry: false, fallback: false, breaker: 'neutral' };
  if (attempt.streamStarted === true)
    return { retry: false, fallback: false, breaker: STREAM_FAULTS.has(failure.code) ? 'failure' : 'neutral' };
  const status = attempt.status;
  if (status !== undefined && status >= 400 && status < 500 && status !== 429)
    return { retry: false, fallback: false, breaker: 'success' };
  // A reply that began and then stalled: the same call would wait as long again.
  if (status !== undefined && failure.code === 'upstream_timeout') return { retry: false, fallback: true, breaker: 'failure' };
  if (status !== undefined && RETRIED_STATUSES.has(status)) return { retry: true, fallback: true, breaker: 'failure' };
  if (status === undefined && RETRIED_TRANSPORT.has(failure.code)) return { retry: true, fallback: true, breaker: 'failure' };
  if (FALLBACK_ONLY.has(failure.code) || status !== undefined || failure.code.startsWith('upstream_'))
    return { retry: false, fallback: true, breaker: 'failure' };
  return { retry: false, fallback: false, breaker: 'neutral' };
}

/**
 * Backoff settings.
 * @example
 * const backoff: Backoff = { baseMs: 100, maxMs: 2000 };
 */
export interface Backoff {
  readonly baseMs: number;
  readonly maxMs: number;
}

/**
 * The wait before retry number `retry` (0 for the first): the doubled base, capped, jittered to between half
 * and all of it so that many gateways do not retry in step; at least what the provider's `Retry-After`
 * asked. Undefined when the provider asked for longer than the cap: it is not retried.
 * @example
 * retryWait(1, undefined, { baseMs: 100, maxMs: 2000 }); // 100 to 200
 * retryWait(0, 5000, { baseMs: 100, maxMs: 2000 }); // undefined
 */
export function retryWait(
  retry: number,
  retryAfterMs: number | undefined,
  backoff: Backoff,
  random = Math.random,
): number | undefined {
  if (retryAfterMs !== undefined && retryAfterMs > backoff.maxMs) return undefined;
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** retry);
  const jittered = Math.round(ceiling * (0.5 + random() * 0.5));
  return Math.max(jittered, retryAfterMs ?? 0);
}
