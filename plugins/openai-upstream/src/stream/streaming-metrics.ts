/** Failure counters of controlled streaming. */
import type { Kernel } from '@sluice/core';

export function streamingMetrics(kernel: Kernel) {
  const errors = kernel.metrics.counter<'class'>({
    name: 'gw_stream_errors_total',
    help: 'Streaming requests that failed before their answer was complete, by error class (client aborts included).',
    labelNames: ['class'],
  });
  const upstreamErrors = kernel.metrics.counter<'class'>({
    name: 'gw_stream_upstream_errors_total',
    help: 'Provider streams that failed: stalled, too long, too large, malformed, incomplete, an error event, or a failed status.',
    labelNames: ['class'],
  });
  return {
    failed(errorClass: string): void {
      errors.inc({ class: errorClass });
      if (errorClass !== 'client_closed_request') upstreamErrors.inc({ class: errorClass });
    },
  };
}
