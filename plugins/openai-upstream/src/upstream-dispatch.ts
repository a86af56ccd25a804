/**
 * Sends one request to the upstreams until one answers: the router's order, each upstream retried on a
 * transient failure with jittered exponential backoff, then the next; bounded by the retries, by the
 * request's upstream deadline, and by what the client has already received. The client sees one answer:
 * the first success, or the last failure.
 */
import { GatewayError } from '@sluice/core';
import type { AttemptOutcome } from './circuit-breaker.js';
import { judgeFailure, retryWait, type Backoff } from './retry-policy.js';
import type { UpstreamAttempt } from './upstream-attempt.js';
import type { UpstreamMetrics } from './upstream-metrics.js';
import type { UpstreamRouter } from './upstream-router.js';
import type { UpstreamTarget } from './upstream-target.js';

/**
 * How hard one request tries.
 * @example
 * const policy: DispatchPolicy = { retries: 2, backoff: { baseMs: 100, maxMs: 2000 }, budgetMs: 120_000 };
 */
export interface DispatchPolicy {
  /** Retries of one upstream before the next is tried. */
  readonly retries: number;
  readonly backoff: Backoff;
  /** The request's whole upstream time, every attempt and wait included. */
  readonly budgetMs: number;
  readonly random?: () => number;
}

/**
 * Where a request went, filled in as it goes so that its evidence can say so whatever the outcome.
 * @example
 * const trail: DispatchTrail = { attempts: 0, fallbacks: 0 };
 */
export interface DispatchTrail {
  /** The upstream of the last call made. */
  upstream?: string;
  attempts: number;
  fallbacks: number;
}

/** One call to one upstream; the attempt carries its time budget and gathers what the provider said. */
export type UpstreamSend<T> = (target: UpstreamTarget, attempt: UpstreamAttempt) => Promise<T>;

/**
 * @example
 * const reply = await dispatch(router, request.model, exchange.signal, policy, metrics, trail, (target, attempt) =>
 *   target.client.call('POST', '/chat/completions', request, exchange.signal, attempt));
 */
export async function dispatch<T>(
  router: UpstreamRouter,
  model: string | undefined,
  signal: AbortSignal,
  policy: DispatchPolicy,
  metrics: UpstreamMetrics,
  trail: DispatchTrail,
  send: UpstreamSend<T>,
): Promise<T> {
  if (!router.serves(model)) throw new GatewayError('upstream_model_not_served');
  const deadline = performance.now() + policy.budgetMs;
  let last: Failed | undefined;
  const skipped: UpstreamTarget[] = [];
  for (const target of router.candidates(model)) {
    if (last !== undefined && performance.now() >= deadline) break;
    const pass = target.breaker.admit();
    if (pass === undefined) {
      skipped.push(target);
      metrics.fallback(target.name, 'circuit_open');
      continue;
    }
    if (last !== undefined) {
      metrics.fallback(last.upstream, last.failure.code);
      trail.fallbacks += 1;
    }
    const turn = { target, probe: pass.probe, deadline, outcome: 'neutral' as AttemptOutcome };
    try {
      return await tryUpstream(turn, signal, policy, metrics, trail, send);
    } catch (error) {
      if (!(error instanceof Fallback)) throw error;
      last = { upstream: target.name, failure: error.failure };
    } finally {
      // Once per request: a request the upstream failed, retries and all, is one failure to its breaker.
      pass.settle(turn.outcome);
    }
  }
  throw last?.failure ?? circuitOpen(skipped);
}

interface Failed {
  readonly upstream: string;
  readonly failure: GatewayError;
}

/** The request gave up on one upstream with a failure the next upstream may do better on. */
class Fallback extends Error {
  constructor(readonly failure: GatewayError) {
    super(failure.message);
  }
}

/** One upstream's turn: its calls, retried while the policy, the breaker and the deadline allow. */
interface Turn {
  readonly target: UpstreamTarget;
  /** The breaker let this request through as its half-open probe: one call, no retries. */
  readonly probe: boolean;
  readonly deadline: number;
  /** How the breaker counts the turn, once it is over. */
  outcome: AttemptOutcome;
}

async function tryUpstream<T>(
  turn: Turn,
  signal: AbortSignal,
  policy: DispatchPolicy,
  metrics: UpstreamMetrics,
  trail: DispatchTrail,
  send: UpstreamSend<T>,
): Promise<T> {
  const { target, deadline } = turn;
  for (let retry = 0; ; retry += 1) {
    const attempt: UpstreamAttempt = { timeoutMs: Math.max(1, Math.floor(deadline - performance.now())) };
    trail.attempts += 1;
    trail.upstream = target.name;
    try {
      const value = await send(target, attempt);
      turn.outcome = 'success';
      metrics.attempt(target.name, 'ok');
      return value;
    } catch (error) {
      const failure = error instanceof GatewayError ? error : new GatewayError('upstream_connect_error', { cause: error });
      const verdict = judgeFailure(failure, attempt);
      turn.outcome = verdict.breaker;
      metrics.attempt(target.name, failure.code);
      if (!verdict.fallback) throw failure;
      if (!verdict.retry || turn.probe || retry >= policy.retries) throw new Fallback(failure);
      const wait = retryWait(retry, attempt.retryAfterMs, policy.backoff, policy.random);
      if (wait === undefined || performance.now() + wait >= deadline) throw new Fallback(failure);
      await pause(wait, signal);
      metrics.retry(target.name, failure.code);
    }
  }
}

/** Every upstream for the model is skipped by its breaker: 503, and when the first may be probed again. */
function circuitOpen(skipped: readonly UpstreamTarget[]): GatewayError {
  const waitMs = Math.min(...skipped.map((t) => t.breaker.retryInMs));
  const seconds = Number.isFinite(waitMs) ? Math.max(1, Math.ceil(waitMs / 1000)) : 1;
  return new GatewayError('upstream_circuit_open', { headers: { 'retry-after': String(seconds) } });
}

/** Waits before a retry; the client leaving ends the wait and the request. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new GatewayError('client_closed_request'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', left);
      resolve();
    }, ms);
    const left = () => {
      clearTimeout(timer);
      reject(new GatewayError('client_closed_request'));
    };
    signal.addEventListener('abort', left, { once: true });
  });
}
