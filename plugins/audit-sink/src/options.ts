/** Options of the audit-sink plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { directive, optionSet } from '@sluice/config';

/** A whole number of events or milliseconds, named `<count>` or `<ms>` in the reference. */
const count = (
  name: string,
  word: 'count' | 'ms',
  value: number,
  summary: string,
  bounds: { minimum: number; maximum?: number },
) => Type.Integer({ ...bounds, default: value, ...directive(name, { word, summary }) });

const seconds = (name: string, value: number, minimum: { minimum: number } | { exclusiveMinimum: number }, summary: string) =>
  Type.Number({ ...minimum, default: value, ...directive(name, { unit: 'duration', summary }) });

/**
 * What the sink needs to deliver evidence: where, with which key, and how much to buffer and retry.
 * @example
 * const options = validateOptions('audit-sink', AuditSinkOptionsSchema, { url: 'http://127.0.0.1:9400', apiKey: 'k' });
 */
export const AuditSinkOptionsSchema = Type.Object(
  {
    /** Base URL of the audit module; batches go to `{url}/v1/events/batch`. */
    url: Type.String({
      pattern: '^https?://',
      ...directive('audit_url', {
        word: 'url',
        secret: true,
        summary: 'Base URL of the audit module; batches are posted to `{audit_url}/v1/events/batch`.',
      }),
    }),
    apiKey: Type.String({
      minLength: 1,
      ...directive('audit_api_key', {
        word: 'key',
        secret: true,
        summary: 'A write key of the audit module, sent as Bearer on every batch; a read key is refused there.',
      }),
    }),
    /** Names this process to the audit module; absent: hostname and pid. */
    producerInstanceId: Type.Optional(
      Type.String({
        minLength: 1,
        ...directive('audit_producer_instance_id', {
          word: 'id',
          summary: 'Names this gateway process in every batch. Absent: hostname and pid.',
        }),
      }),
    ),
    queueCapacity: count(
      'audit_queue_capacity',
      'count',
      10000,
      'Most events waiting for delivery; when full, new events are dropped and counted (`gw_audit_events_dropped_total{reason="queue_full"}`).',
      { minimum: 1 },
    ),
    /** The audit module takes at most 1000 events in one batch. */
    batchSize: count('audit_batch_size', 'count', 100, 'Most events in one delivery (the audit module takes up to 1000).', {
      minimum: 1,
      maximum: 1000,
    }),
    flushIntervalMs: count(
      'audit_flush_interval_ms',
      'ms',
      1000,
      'Longest an event waits for its batch to fill before it is sent anyway, in milliseconds.',
      { minimum: 1 },
    ),
    timeoutSeconds: seconds('audit_timeout_seconds', 5, { exclusiveMinimum: 0 }, 'Longest one delivery attempt may take.'),
    retryMaxAttempts: count(
      'audit_retry_max_attempts',
      'count',
      5,
      'Attempts per batch (the first included) before it is dropped and counted.',
      { minimum: 1 },
    ),
    retryInitialBackoffMs: count(
      'audit_retry_initial_backoff_ms',
      'ms',
      250,
      'Wait before the first retry, in milliseconds; doubled for each further one.',
      { minimum: 0 },
    ),
    retryMaxBackoffMs: count('audit_retry_max_backoff_ms', 'ms', 10000, 'Longest wait between two retries, in milliseconds.', {
      minimum: 0,
    }),
    /** Longest `stop()` keeps delivering what is queued before it drops the rest. */
    flushTimeoutSeconds: seconds(
      'audit_flush_timeout_seconds',
      5,
      { minimum: 0 },
      'At shutdown, how long queued events may still be delivered before the rest are dropped and counted.',
    ),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'audit_enabled',
        default: false,
        summary: 'Deliver evidence events to the audit module (`audit_url`) besides writing them to the log.',
      },
    }),
  },
);

export type AuditSinkOptions = Type.Static<typeof AuditSinkOptionsSchema>;
/** Options as given: `url` and `apiKey` are required, the rest have defaults. */
export type AuditSinkOptionsInput = Pick<AuditSinkOptions, 'url' | 'apiKey'> & Partial<Omit<AuditSinkOptions, 'url' | 'apiKey'>>;
