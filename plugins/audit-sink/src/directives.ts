/** The audit-sink directives: where evidence goes, and how much is buffered and retried. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import type { AuditSinkOptionsInput } from './options.js';

const count = (summary: string, name: string, value: number, minimum = 1, maximum?: number) => ({
  summary,
  args: [{ name, schema: Type.Integer(maximum === undefined ? { minimum } : { minimum, maximum }) }],
  default: value,
});

/**
 * @example
 * const config = resolveConfig(parseConfig('audit_enabled on; audit_url http://127.0.0.1:9400; audit_api_key k;'), [auditSinkDirectives]);
 */
export const auditSinkDirectives = defineDirectives({
  audit_enabled: {
    summary: 'Deliver evidence events to the audit module (`audit_url`) besides writing them to the log.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
  audit_url: {
    summary: 'Base URL of the audit module; batches are posted to `{audit_url}/v1/events/batch`.',
    args: [{ name: 'url', schema: Type.String({ pattern: '^https?://' }) }],
    secret: true,
  },
  audit_api_key: {
    summary: 'A write key of the audit module, sent as Bearer on every batch; a read key is refused there.',
    args: [{ name: 'key', schema: Type.String({ minLength: 1 }) }],
    secret: true,
  },
  audit_producer_instance_id: {
    summary: 'Names this gateway process in every batch. Absent: hostname and pid.',
    args: [{ name: 'id', schema: Type.String({ minLength: 1 }) }],
  },
  audit_queue_capacity: count(
    'Most events waiting for delivery; when full, new events are dropped and counted (`gw_audit_events_dropped_total{reason="queue_full"}`).',
    'count',
    10000,
  ),
  audit_batch_size: count('Most events in one delivery (the audit module takes up to 1000).', 'count', 100, 1, 1000),
  audit_flush_interval_ms: count(
    'Longest an event waits for its batch to fill before it is sent anyway, in milliseconds.',
    'ms',
    1000,
  ),
  audit_timeout_seconds: {
    summary: 'Longest one delivery attempt may take.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 5,
  },
  audit_retry_max_attempts: count('Attempts per batch (the first included) before it is dropped and counted.', 'count', 5),
  audit_retry_initial_backoff_ms: count(
    'Wait before the first retry, in milliseconds; doubled for each further one.',
    'ms',
    250,
    0,
  ),
  audit_retry_max_backoff_ms: count('Longest wait between two retries, in milliseconds.', 'ms', 10000, 0),
  audit_flush_timeout_seconds: {
    summary: 'At shutdown, how long queued events may still be delivered before the rest are dropped and counted.',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 5,
  },
});

/**
 * The plugin's options, or undefined when `audit_enabled off`.
 * @example
 * const options = auditSinkOptionsFromConfig(config);
 * if (options !== undefined) kernel.use(new AuditSinkPlugin(options, RELEASE_VERSION));
 */
export function auditSinkOptionsFromConfig(config: DirectiveValues): AuditSinkOptionsInput | undefined {
  if (config.get<boolean>('audit_enabled') !== true) return undefined;
  const url = config.get<string>('audit_url');
  const apiKey = config.get<string>('audit_api_key');
  if (url === undefined) throw new Error('audit_enabled is on but audit_url is not set');
  if (apiKey === undefined) throw new Error('audit_enabled is on but audit_api_key is not set');
  const producerInstanceId = config.get<string>('audit_producer_instance_id');
  return {
    url,
    apiKey,
    ...(producerInstanceId === undefined ? {} : { producerInstanceId }),
    queueCapacity: config.get<number>('audit_queue_capacity') ?? 10000,
    batchSize: config.get<number>('audit_batch_size') ?? 100,
    flushIntervalMs: config.get<number>('audit_flush_interval_ms') ?? 1000,
    timeoutSeconds: config.get<number>('audit_timeout_seconds') ?? 5,
    retryMaxAttempts: config.get<number>('audit_retry_max_attempts') ?? 5,
    retryInitialBackoffMs: config.get<number>('audit_retry_initial_backoff_ms') ?? 250,
    retryMaxBackoffMs: config.get<number>('audit_retry_max_backoff_ms') ?? 10000,
    flushTimeoutSeconds: config.get<number>('audit_flush_timeout_seconds') ?? 5,
  };
}
