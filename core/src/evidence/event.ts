/** Evidence events, schema `svc.evidence.event` 1.1: hashes and counts, never prompt or answer text. */
import { randomUUID } from 'node:crypto';

export const EVIDENCE_SCHEMA = 'svc.evidence.event';
export const EVIDENCE_SCHEMA_VERSION = '1.1';

export type EvidenceSource = 'gateway' | 'privacy_guard' | 'security_guard' | 'usage_guard' | 'audit';
export type EvidenceCategory = 'request' | 'privacy' | 'security' | 'cache' | 'upstream' | 'policy' | 'control' | 'system';
export type EvidenceOutcome =
  'started' | 'allowed' | 'blocked' | 'completed' | 'failed' | 'hit' | 'miss' | 'bypassed' | 'stored' | 'skipped';

export interface EvidenceActor {
  tenant_id?: string | undefined;
  subject_id?: string | undefined;
  application_id?: string | undefined;
}
export interface EvidencePolicy {
  policy_id?: string | undefined;
  policy_version?: string | undefined;
  policy_hash?: string | undefined;
  policy_type?: string | undefined;
}
export interface EvidenceFinding {
  kind: string;
  count: number;
  action?: string | undefined;
  detector_id?: string | undefined;
}
export interface EvidenceCache {
  cache_type?: string | undefined;
  operation?: string | undefined;
  outcome?: string | undefined;
  cache_key_hash?: string | undefined;
  record_id?: string | undefined;
  similarity_score?: number | undefined;
  threshold?: number | undefined;
  upstream_called?: boolean | undefined;
}
export interface EvidenceUpstream {
  provider_type?: string | undefined;
  provider_name?: string | undefined;
  model?: string | undefined;
  endpoint_class?: string | undefined;
  response_status?: number | undefined;
  latency_ms?: number | undefined;
}
export interface EvidenceDecision {
  action?: string | undefined;
  reason_code?: string | undefined;
  rule_id?: string | undefined;
  severity?: string | undefined;
}
export type EvidenceAttributes = Record<string, string | number | boolean>;

/** The optional parts of an event; empty parts are left out of the record. */
export interface EvidenceDetails {
  parent_event_id?: string | undefined;
  actor?: EvidenceActor | undefined;
  policy?: EvidencePolicy | undefined;
  findings?: EvidenceFinding[] | undefined;
  cache?: EvidenceCache | undefined;
  upstream?: EvidenceUpstream | undefined;
  decision?: EvidenceDecision | undefined;
  attributes?: EvidenceAttributes | undefined;
  committed_to_client?: boolean | undefined;
}

export interface EvidenceEvent extends EvidenceDetails {
  readonly schema: typeof EVIDENCE_SCHEMA;
  readonly schema_version: typeof EVIDENCE_SCHEMA_VERSION;
  readonly event_id: string;
  readonly trace_id: string;
  readonly occurred_at: string;
  readonly source: EvidenceSource;
  readonly category: EvidenceCategory;
  readonly event_type: string;
  readonly outcome: EvidenceOutcome;
}

export interface EvidenceHead {
  source: EvidenceSource;
  category: EvidenceCategory;
  event_type: string;
  outcome: EvidenceOutcome;
}

/**
 * Builds one evidence event for a trace.
 * @example
 * const event = evidenceEvent(exchange.traceId, { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome: 'miss' }, { cache: { cache_type: 'exact' } });
 */
export function evidenceEvent(traceId: string, head: EvidenceHead, details: EvidenceDetails = {}): EvidenceEvent {
  const event: EvidenceEvent = {
    schema: EVIDENCE_SCHEMA,
    schema_version: EVIDENCE_SCHEMA_VERSION,
    event_id: randomUUID(),
    trace_id: traceId,
    occurred_at: new Date().toISOString(),
    ...head,
  };
  for (const [key, value] of Object.entries(details)) {
    const kept = withoutEmpty(value);
    if (kept !== undefined) Object.assign(event, { [key]: kept });
  }
  return event;
}

/** Drops undefined fields, and parts left empty, so a record only carries what is known. */
function withoutEmpty(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}
