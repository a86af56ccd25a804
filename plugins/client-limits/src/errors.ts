/** The error codes the client-limits plugin answers with, in OpenAI's shapes for a 429. */
import { defineErrors } from '@sluice/core';

/**
 * `rate_limit_exceeded` answers with type `requests` (requests per minute, requests at once) or, for
 * tokens per minute, `tokens`, as OpenAI does; `insufficient_quota` when a spend budget is used up.
 * @example
 * throw new GatewayError(CLIENT_LIMITS_ERRORS.insufficient_quota.code, { headers: { 'retry-after': '3600' } });
 */
export const CLIENT_LIMITS_ERRORS = defineErrors('@sluice/plugin-client-limits', {
  rate_limit_exceeded: {
    status: 429,
    type: 'requests',
    message: 'Rate limit reached; try again after the time in Retry-After.',
    description:
      'A client key or its tenant reached its requests per minute, tokens per minute (type `tokens`) or requests at once; `Retry-After` says when to try again.',
  },
  insufficient_quota: {
    status: 429,
    type: 'insufficient_quota',
    message: 'The spend budget is used up until the period renews.',
    description:
      'A client key or its tenant spent its budget for the calendar day or month (UTC); `Retry-After` says when the period renews.',
  },
  limits_unavailable: {
    status: 503,
    type: 'server_error',
    message: 'Client limits cannot be checked right now.',
    description: 'The limit counter store failed and `limits_fail_open` is off, so the request was refused.',
  },
});
