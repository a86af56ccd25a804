/** The error codes of the provider call: how the provider, or the way to it, failed. */
import { defineErrors } from '@sluice/core';

const upstream = (status: number, message: string, description: string) =>
  ({ status, type: 'upstream_error', message, description }) as const;

/**
 * The upstream's codes, one per class of provider failure; `gw_errors_total{class}` counts them.
 * @example
 * throw new GatewayError('upstream_rate_limited', { headers: { 'retry-after': '2' } });
 */
export const OPENAI_UPSTREAM_ERRORS = defineErrors('@sluice/plugin-openai-upstream', {
  upstream_authentication_error: upstream(
    502,
    'The upstream provider rejected the gateway credentials.',
    'The provider answered 401 or 403.',
  ),
  upstream_not_found: upstream(
    502,
    'The upstream provider returned 404; check upstream_base_url.',
    'The provider answered 404, often a wrong `upstream_base_url`.',
  ),
  upstream_rate_limited: upstream(502, 'The upstream provider is rate limiting requests.', 'The provider answered 429.'),
  upstream_bad_request: upstream(502, 'The upstream provider rejected the request.', 'The provider answered another 4xx.'),
  upstream_server_error: upstream(502, 'The upstream provider failed.', 'The provider answered 5xx.'),
  upstream_invalid_response: upstream(
    502,
    'The upstream provider answered with a body that is not a chat completion.',
    'The provider answered 2xx with something that is not a chat completion.',
  ),
  upstream_tls_error: upstream(
    502,
    'The TLS handshake with the upstream provider failed.',
    'The TLS handshake failed (certificate invalid or mismatched).',
  ),
  upstream_dns_error: upstream(502, 'The upstream host name could not be resolved.', 'The provider host name does not resolve.'),
  upstream_connect_error: upstream(
    502,
    'The gateway could not connect to the upstream provider.',
    'The connection was refused or reset.',
  ),
  upstream_timeout: upstream(
    504,
    'The upstream provider did not answer in time.',
    'No complete answer within `upstream_timeout_seconds`.',
  ),
  upstream_circuit_open: upstream(
    503,
    'Every upstream that serves this model is failing; try again later.',
    "Every upstream for the request's model is skipped by its open circuit breaker; `Retry-After` says when one is probed again.",
  ),
  upstream_model_not_served: {
    status: 404,
    type: 'invalid_request_error',
    message: 'No configured upstream serves the requested model.',
    description: "No `upstream` block lists the request's model in its `models`.",
  },
  upstream_stream_malformed: upstream(
    502,
    'The upstream provider sent a stream event that is not a chat completion chunk.',
    'A streamed event was not JSON or not a chat completion chunk; held, nothing was sent to the client; live, the stream ends with it as an error event.',
  ),
  upstream_stream_incomplete: upstream(
    502,
    'The upstream stream ended before the answer was complete (no finish reason).',
    "The provider's stream ended before every choice had a finish reason; held, nothing was sent to the client; live, the stream ends with it as an error event.",
  ),
  upstream_stream_error: upstream(
    502,
    'The upstream provider sent an error in its stream.',
    'The provider sent an error event in its stream; held, nothing was sent to the client; live, the stream ends with it as an error event.',
  ),
  upstream_stream_too_large: upstream(
    502,
    'The upstream stream is larger than max_stream_upstream_bytes.',
    "The provider's stream passed `max_stream_upstream_bytes`; the upstream call is cancelled.",
  ),
  upstream_stream_too_long: upstream(
    504,
    'The upstream stream took longer than the streaming ceiling (stream_max_duration_seconds).',
    'The whole generation passed `stream_max_duration_seconds` (15 minutes); the upstream call is cancelled.',
  ),
});
