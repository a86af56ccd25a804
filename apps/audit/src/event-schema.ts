/** The batch envelope and the evidence event (`svc.evidence.event` 1.1) as TypeBox schemas, checked at the door. */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { EVIDENCE_SCHEMA, EVIDENCE_SCHEMA_VERSION, type EvidenceEvent } from '@sluice/core';
import { EVIDENCE_LIMITS } from '@sluice/core';
import { AuditRequestError } from './audit-errors.js';

/** Events carry hashes, ids and counts; a longer string is most likely text that must not be stored. */
export const MAX_SHORT_TEXT = EVIDENCE_LIMITS.shortText;
/** An attribute value may be a little longer (an error class, a list of actions), never a prompt. */
export const MAX_ATTRIBUTE_TEXT = EVIDENCE_LIMITS.attributeText;
/** Retried batches are 100 events by default; the ceiling keeps one transaction short. */
export const MAX_EVENTS_PER_BATCH = 1000;

const Short = (options: object = {}) => Type.String({ maxLength: MAX_SHORT_TEXT, ...options });
const Id = () => Short({ minLength: 1 });
const Count = () => Type.Integer({ minimum: 0 });
const closed = { additionalProperties: false } as const;
const Part = <T extends Type.TProperties>(properties: T) => Type.Optional(Type.Object(properties, closed));

const EvidenceEventSchema = Type.Object(
  {
    schema: Type.Literal(EVIDENCE_SCHEMA),
    schema_version: Type.Literal(EVIDENCE_SCHEMA_VERSION),
    event_id: Type.String({ format: 'uuid' }),
    // A NUL cannot be stored in a PostgreSQL text column, and no trace id needs one: refused on every store.
    trace_id: Short({ minLength: 1, pattern: '^[^\\u0000]+$' }),
    occurred_at: Type.String({ format: 'date-time', maxLength: 64 }),
    source: Type.Enum(['gateway', 'privacy_guard', 'security_guard', 'usage_guard', 'audit']),
    category: Type.Enum(['request', 'privacy', 'security', 'cache', 'upstream', 'policy', 'control', 'system']),
    event_type: Id(),
    outcome: Type.Enum(['started', 'allowed', 'blocked', 'completed', 'failed', 'hit', 'miss', 'bypassed', 'stored', 'skipped']),
    parent_event_id: Type.Optional(Id()),
    actor: Part({
      tenant_id: Type.Optional(Short()),
      subject_id: Type.Optional(Short()),
      application_id: Type.Optional(Short()),
    }),
    policy: Part({
      policy_id: Type.Optional(Short()),
      policy_version: Type.Optional(Short()),
      policy_hash: Type.Optional(Short()),
      policy_type: Type.Optional(Short()),
    }),
    findings: Type.Optional(
      Type.Array(
        Type.Object({ kind: Id(), count: Count(), action: Type.Optional(Short()), detector_id: Type.Optional(Short()) }, closed),
        { maxItems: EVIDENCE_LIMITS.findings },
      ),
    ),
    cache: Part({
      cache_type: Type.Optional(Short()),
      operation: Type.Optional(Short()),
      outcome: Type.Optional(Short()),
      cache_key_hash: Type.Optional(Short()),
      record_id: Type.Optional(Short()),
      similarity_score: Type.Optional(Type.Number()),
      threshold: Type.Optional(Type.Number()),
      upstream_called: Type.Optional(Type.Boolean()),
    }),
    upstream: Part({
      provider_type: Type.Optional(Short()),
      provider_name: Type.Optional(Short()),
      model: Type.Optional(Short()),
      endpoint_class: Type.Optional(Short()),
      response_status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
      latency_ms: Type.Optional(Type.Number({ minimum: 0 })),
    }),
    decision: Part({
      action: Type.Optional(Short()),
      reason_code: Type.Optional(Short()),
      rule_id: Type.Optional(Short()),
      severity: Type.Optional(Short()),
    }),
    attributes: Type.Optional(
      Type.Record(
        Type.String({ maxLength: MAX_SHORT_TEXT }),
        Type.Union([Type.String({ maxLength: MAX_ATTRIBUTE_TEXT }), Type.Number(), Type.Boolean()]),
        { maxProperties: EVIDENCE_LIMITS.attributes },
      ),
    ),
    committed_to_client: Type.Optional(Type.Boolean()),
  },
  closed,
);

/** The envelope; its events are checked one by one, so one bad event never costs the others. */
const BatchSchema = Type.Object(
  {
    schema_version: Type.Literal(EVIDENCE_SCHEMA_VERSION),
    producer: Type.Object({ product: Id(), version: Id(), instance_id: Id() }, closed),
    events: Type.Array(Type.Unknown(), { maxItems: MAX_EVENTS_PER_BATCH }),
  },
  closed,
);

export interface EvidenceBatch {
  readonly schema_version: typeof EVIDENCE_SCHEMA_VERSION;
  readonly producer: { readonly product: string; readonly version: string; readonly instance_id: string };
  /** Not checked yet: `checkEvidenceEvent` each. */
  readonly events: readonly unknown[];
}

/** Why one event of a batch was refused; `index` is its place in the batch's `events`. */
export interface RejectedEvent {
  readonly index: number;
  readonly code: 'invalid_event';
  readonly message: string;
}

export type EventCheck = { readonly ok: true; readonly event: EvidenceEvent } | { readonly ok: false; readonly message: string };

const batchValidator = Compile(BatchSchema);
const eventValidator = Compile(EvidenceEventSchema);

/**
 * Checks the envelope only: a wrong schema version, producer or event count refuses the whole batch,
 * since nothing in it can be trusted to mean what the schema says.
 * @example
 * const batch = parseEvidenceBatch(JSON.parse(body)); // throws AuditRequestError(400) naming the bad field
 */
export function parseEvidenceBatch(body: unknown): EvidenceBatch {
  if (batchValidator.Check(body)) return body as unknown as EvidenceBatch;
  throw new AuditRequestError(400, 'invalid_request', `Invalid evidence batch: ${firstProblem(batchValidator, body, 'body')}.`);
}

/**
 * Checks one event against the schema; a refusal names the first bad field, never its value.
 * @example
 * const check = checkEvidenceEvent(batch.events[3]);
 * if (!check.ok) rejected.push({ index: 3, code: 'invalid_event', message: check.message });
 */
export function checkEvidenceEvent(event: unknown): EventCheck {
  if (eventValidator.Check(event)) return { ok: true, event: event as EvidenceEvent };
  return { ok: false, message: `Invalid event: ${firstProblem(eventValidator, event, 'event')}.` };
}

/** The deepest problem names the field; "schema is false" only repeats an additionalProperties failure. */
function firstProblem(validator: typeof eventValidator | typeof batchValidator, value: unknown, whole: string): string {
  const problems = [...validator.Errors(value)].filter((problem) => problem.keyword !== 'boolean');
  const first = problems.sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || whole;
  // Name what was wrong or what is allowed; never echo the value, which may be text that must not travel.
  const params = first?.params as { additionalProperties?: unknown; allowedValues?: unknown } | undefined;
  const listed = params?.additionalProperties ?? params?.allowedValues;
  const detail = Array.isArray(listed) ? `${first?.message ?? ''}: ${listed.map(String).join(', ')}` : first?.message;
  return `${path} ${detail ?? 'is invalid'}`;
}
