/**
 * A 429 for a limit reached: the message names the limit and whose it is (never a secret, never prompt
 * text), `Retry-After` says when the window or period frees, and the body has OpenAI's shape.
 */
import { errorEnvelope, GatewayError } from '@sluice/core';
import { CLIENT_LIMITS_ERRORS } from './errors.js';
import type { LimitScope } from './limit-keys.js';
import type { LimitKind } from './limit-metrics.js';

/** A scope's id as a message shows it: ids come from the configuration, but a tenant may come from a token. */
const MAX_SHOWN_ID_CHARS = 64;

/**
 * Which limit was reached, whose, its value, and how long until it frees.
 * @example
 * const reached: ReachedLimit = { scope: 'tenant', id: 'acme', limit: 'budget', value: 5_000_000, used: 5_000_120, retryAfterSeconds: 3600, period: 'day' };
 */
export interface ReachedLimit {
  readonly scope: LimitScope;
  readonly id: string;
  readonly limit: LimitKind;
  /** The configured limit: per minute, at once, or micro-USD per period. */
  readonly value: number;
  /** What was counted when the request arrived. */
  readonly used: number;
  readonly retryAfterSeconds: number;
  /** For a budget: its period. */
  readonly period?: 'day' | 'month';
}

const WHAT: Record<LimitKind, string> = {
  requests: 'requests per minute',
  tokens: 'tokens per minute',
  concurrency: 'requests at once',
  budget: 'spend budget',
};

/**
 * The error the client gets: `insufficient_quota` for a budget, `rate_limit_exceeded` (type `requests`,
 * or `tokens` for tokens per minute) otherwise, with `Retry-After`.
 * @example
 * throw limitError({ scope: 'key', id: 'billing-app', limit: 'requests', value: 60, used: 60, retryAfterSeconds: 12 });
 */
export function limitError(reached: ReachedLimit): GatewayError {
  const headers = { 'retry-after': String(reached.retryAfterSeconds) };
  const message = limitMessage(reached);
  if (reached.limit === 'budget') return new GatewayError(CLIENT_LIMITS_ERRORS.insufficient_quota.code, { message, headers });
  const code = CLIENT_LIMITS_ERRORS.rate_limit_exceeded.code;
  if (reached.limit !== 'tokens') return new GatewayError(code, { message, headers });
  // One registered code has one type; OpenAI answers a tokens-per-minute 429 with type `tokens`.
  const body = errorEnvelope(code, message);
  body.error.type = 'tokens';
  return new GatewayError(code, { message, headers, passthrough: { status: 429, body } });
}

/**
 * One sentence: which limit, whose, the numbers, and when to come back.
 * @example
 * limitMessage({ scope: 'key', id: 'app', limit: 'requests', value: 60, used: 60, retryAfterSeconds: 12 });
 * // 'Rate limit reached for requests per minute of client key "app": 60 of 60 used. Try again in 12 s.'
 */
export function limitMessage(reached: ReachedLimit): string {
  const whose = `${reached.scope === 'key' ? 'client key' : 'tenant'} "${shownId(reached.id)}"`;
  if (reached.limit === 'budget') {
    const period = reached.period === 'month' ? 'this calendar month' : 'this calendar day';
    return (
      `The spend budget of ${whose} for ${period} (UTC) is used up: ${reached.used} of ${reached.value} micro-USD spent. ` +
      `It renews in ${reached.retryAfterSeconds} s.`
    );
  }
  return (
    `Rate limit reached for ${WHAT[reached.limit]} of ${whose}: ${reached.used} of ${reached.value} used. ` +
    `Try again in ${reached.retryAfterSeconds} s.`
  );
}

function shownId(id: string): string {
  const cut = id.length <= MAX_SHOWN_ID_CHARS ? id : `${id.slice(0, MAX_SHOWN_ID_CHARS)}…`;
  // Quotes and control characters would make the message ambiguous; the id is a name, not text.
  return Array.from(cut, (char) => (char === '"' || char === '\\' || char < ' ' || char === '\x7f' ? '?' : char)).join('');
}
