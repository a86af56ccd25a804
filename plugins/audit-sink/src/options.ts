/** Options of the audit-sink plugin. */
import Type from 'typebox';

/**
 * What the sink needs to deliver evidence: where, with which key, and how much to buffer and retry.
 * @example
 * const options = validateOptions('audit-sink', AuditSinkOptionsSchema, { url: 'http://127.0.0.1:9400', apiKey: 'k' });
 */
export const AuditSinkOptionsSchema = Type.Object(
  {
    /** Base URL of the audit module; batches go to `{url}/v1/events/batch`. */
    url: Type.String({ pattern: '^https?://' }),
    apiKey: Type.String({ minLength: 1 }),
    /** Names this process to the audit module; absent: hostname and pid. */
    producerInstanceId: Type.Optional(Type.String({ minLength: 1 })),
    queueCapacity: Type.Integer({ minimum: 1, default: 10000 }),
    /** The audit module takes at most 1000 events in one batch. */
    batchSize: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    flushIntervalMs: Type.Integer({ minimum: 1, default: 1000 }),
    timeoutSeconds: Type.Number({ exclusiveMinimum: 0, default: 5 }),
    retryMaxAttempts: Type.Integer({ minimum: 1, default: 5 }),
    retryInitialBackoffMs: Type.Integer({ minimum: 0, default: 250 }),
    retryMaxBackoffMs: Type.Integer({ minimum: 0, default: 10000 }),
    /** Longest `stop()` keeps delivering what is queued before it drops the rest. */
    flushTimeoutSeconds: Type.Number({ minimum: 0, default: 5 }),
  },
  { additionalProperties: false },
);

export type AuditSinkOptions = Type.Static<typeof AuditSinkOptionsSchema>;
/** Options as given: `url` and `apiKey` are required, the rest have defaults. */
export type AuditSinkOptionsInput = Pick<AuditSinkOptions, 'url' | 'apiKey'> & Partial<Omit<AuditSinkOptions, 'url' | 'apiKey'>>;
