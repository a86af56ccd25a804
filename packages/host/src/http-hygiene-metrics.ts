/**
 * A server's counts of requests refused at the door and of connections closed for taking too long, under
 * its own names: every server we ship counts them the same way. The names are written out whole at each
 * call, so a search for a metric's name finds where it is registered.
 */
import type { ServerResponse } from 'node:http';
import type { Metrics } from '@sluice/core';
import type { ConnectionTimeoutPhase } from './http-hygiene.js';

/**
 * Registers the two counters under the names the service passes, every label listed at zero so a rate
 * over them works before the first refusal; one place, so every server counts them the same way.
 * @example
 * const hygiene = httpHygieneMetrics(metrics, { refused: 'gw_http_requests_refused_total', timedOut: 'gw_http_connections_timed_out_total' });
 * hygiene.timedOut.inc({ phase: 'headers' });
 */
export function httpHygieneMetrics(metrics: Metrics, names: { readonly refused: string; readonly timedOut: string }) {
  const refused = metrics.counter<'reason'>({
    name: names.refused,
    help: 'HTTP requests refused at the door, by reason (unsupported_media_type: a POST whose Content-Type is not JSON).',
    labelNames: ['reason'],
  });
  const timedOut = metrics.counter<'phase'>({
    name: names.timedOut,
    help: 'Connections closed for taking too long: sending headers, sending the body, or not reading the response (send).',
    labelNames: ['phase'],
  });
  // Listed from the start, so a rate over them works before the first refusal.
  refused.inc({ reason: 'unsupported_media_type' }, 0);
  const phases: readonly ConnectionTimeoutPhase[] = ['headers', 'body', 'send'];
  for (const phase of phases) timedOut.inc({ phase }, 0);
  return { refused, timedOut };
}

/**
 * The counters `httpHygieneMetrics` registers, for a server part that is handed them rather than
 * registering its own.
 * @example
 * function countTimeout(hygiene: HttpHygieneMetrics, phase: ConnectionTimeoutPhase): void { hygiene.timedOut.inc({ phase }); }
 */
export type HttpHygieneMetrics = ReturnType<typeof httpHygieneMetrics>;

/**
 * Answers `GET /metrics` of a service without a kernel (guard modules, the audit module): counts only,
 * so it asks for no key, as the gateway's `/metrics` does not.
 * @example
 * if (req.url === '/metrics') return replyMetrics(res, metrics);
 */
export async function replyMetrics(res: ServerResponse, metrics: Metrics): Promise<void> {
  const text = await metrics.registry.metrics();
  res.writeHead(200, { 'content-type': metrics.registry.contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
