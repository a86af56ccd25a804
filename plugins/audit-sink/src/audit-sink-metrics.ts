/** Counters and the queue gauge of evidence delivery to the audit module. */
import type { Kernel } from '@sluice/core';

/** Why events did not reach the audit module. */
export type DropReason = 'queue_full' | 'rejected' | 'retries_exhausted' | 'shutdown';
/** How a batch ended; `partial`: delivered, with some events refused one by one. */
export type BatchOutcome = 'delivered' | 'partial' | 'rejected' | 'retries_exhausted' | 'shutdown';

/**
 * @example
 * const metrics = auditSinkMetrics(kernel);
 * metrics.dropped('queue_full', 1);
 */
export function auditSinkMetrics(kernel: Kernel) {
  const dropped = kernel.metrics.counter<'reason'>({
    name: 'gw_audit_events_dropped_total',
    help: 'Evidence events that never reached the audit module, by reason.',
    labelNames: ['reason'],
  });
  const delivered = kernel.metrics.counter({
    name: 'gw_audit_events_delivered_total',
    help: 'Evidence events the audit module took: stored new or already held.',
  });
  const accepted = kernel.metrics.counter({
    name: 'gw_audit_events_accepted_total',
    help: 'Evidence events the audit module stored as new.',
  });
  const duplicates = kernel.metrics.counter({
    name: 'gw_audit_events_duplicate_total',
    help: 'Evidence events the audit module already held (a batch sent again).',
  });
  const batches = kernel.metrics.counter<'outcome'>({
    name: 'gw_audit_batches_total',
    help: 'Batches sent to the audit module, by how they ended.',
    labelNames: ['outcome'],
  });
  const retries = kernel.metrics.counter({
    name: 'gw_audit_retries_total',
    help: 'Batch attempts that failed with a retryable error and were tried again.',
  });
  const retriedEvents = kernel.metrics.counter({
    name: 'gw_audit_events_retried_total',
    help: 'Evidence events sent again after a retryable failure (transport, timeout, 429, 5xx).',
  });
  const depth = kernel.metrics.gauge({
    name: 'gw_audit_queue_depth',
    help: 'Evidence events waiting for delivery to the audit module.',
  });
  return {
    dropped(reason: DropReason, count: number): void {
      if (count > 0) dropped.inc({ reason }, count);
    },
    batch(outcome: BatchOutcome): void {
      batches.inc({ outcome });
    },
    delivered(stored: number, held: number): void {
      if (stored + held > 0) delivered.inc(stored + held);
      if (stored > 0) accepted.inc(stored);
      if (held > 0) duplicates.inc(held);
    },
    retried(events: number): void {
      retries.inc();
      retriedEvents.inc(events);
    },
    depth(size: number): void {
      depth.set(size);
    },
  };
}

export type AuditSinkMetrics = ReturnType<typeof auditSinkMetrics>;
