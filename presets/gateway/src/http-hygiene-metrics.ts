/** The gateway's counts of requests refused at the door and of connections closed for taking too long. */
import type { Metrics } from '@sluice/core';

/**
 * @example
 * const hygiene = httpHygieneMetrics(metrics);
 * hygiene.timedOut.inc({ phase: 'headers' });
 */
export function httpHygieneMetrics(metrics: Metrics) {
  const refused = metrics.counter<'reason'>({
    name: 'gw_http_requests_refused_total',
    help: 'HTTP requests refused at the door, by reason (unsupported_media_type: a POST whose Content-Type is not JSON).',
    labelNames: ['reason'],
  });
  const timedOut = metrics.counter<'phase'>({
    name: 'gw_http_connections_timed_out_total',
    help: 'Connections closed for taking too long: sending headers, sending the body, or not reading the response (send).',
    labelNames: ['phase'],
  });
  // Listed from the start, so a rate over them works before the first refusal.
  refused.inc({ reason: 'unsupported_media_type' }, 0);
  for (const phase of ['headers', 'body', 'send']) timedOut.inc({ phase }, 0);
  return { refused, timedOut };
}

export type HttpHygieneMetrics = ReturnType<typeof httpHygieneMetrics>;
