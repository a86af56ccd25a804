/** OpenAI's `x-ratelimit-*` response headers, from the tightest scope's standing. */
import type { Exchange } from '@sluice/core';
import type { Admission, RateStanding } from './admission.js';
import { retryAfterSeconds } from './windows.js';

/**
 * Sets `x-ratelimit-limit-<rate>`, `x-ratelimit-remaining-<rate>` and `x-ratelimit-reset-<rate>` (e.g.
 * `12s`) for each rate a limit applies to.
 * @example
 * setRateLimitHeaders(exchange, { leases: [], requests: { limit: 60, remaining: 59, resetMs: 12_000 } });
 */
export function setRateLimitHeaders(exchange: Exchange, admission: Admission): void {
  set(exchange, 'requests', admission.requests);
  set(exchange, 'tokens', admission.tokens);
}

function set(exchange: Exchange, rate: 'requests' | 'tokens', standing: RateStanding | undefined): void {
  if (standing === undefined) return;
  exchange.setResponseHeader(`x-ratelimit-limit-${rate}`, String(standing.limit));
  exchange.setResponseHeader(`x-ratelimit-remaining-${rate}`, String(standing.remaining));
  exchange.setResponseHeader(`x-ratelimit-reset-${rate}`, `${retryAfterSeconds(standing.resetMs)}s`);
}
