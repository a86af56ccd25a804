/** @sluice/plugin-audit-sink: evidence events delivered to the audit module, bounded, batched and retried. */
export { AuditSinkPlugin } from './plugin.js';
export { AuditSinkOptionsSchema, type AuditSinkOptions, type AuditSinkOptionsInput } from './options.js';
export { EventQueue } from './event-queue.js';
export { backoffDelayMs, type BackoffPolicy } from './backoff.js';
export { batchRequest, type BatchRequest, type Producer } from './batch.js';
export type { DropReason, BatchOutcome } from './audit-sink-metrics.js';
