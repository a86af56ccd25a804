/** The metrics the kernel itself keeps: requests, errors, cache misses, latency. */
import type { Metrics } from './metrics.js';

/**
 * `gw_errors_total{class}`: every failed request, and every failed plugin route, by error identifier.
 * The host counts its own failures (a bad body, a failed route) on the same series as the kernel.
 * @example
 * errorsCounter(kernel.metrics).inc({ class: error.code }); // error: a GatewayError
 */
export function errorsCounter(metrics: Metrics) {
  return metrics.counter<'class'>({ name: 'gw_errors_total', help: 'Failed requests by error class.', labelNames: ['class'] });
}

export function kernelMetrics(metrics: Metrics) {
  return {
    requests: metrics.counter({ name: 'gw_requests_total', help: 'Chat-completion requests received.' }),
    errors: errorsCounter(metrics),
    misses: metrics.counter({ name: 'gw_cache_misses', help: 'Requests no cache layer could answer (enforce mode).' }),
    duration: metrics.histogram<'delivery_path'>({
      name: 'gw_request_duration_seconds',
      help: 'Time from request received to response ready, by delivery path.',
      labelNames: ['delivery_path'],
    }),
  };
}

export type KernelMetrics = ReturnType<typeof kernelMetrics>;
