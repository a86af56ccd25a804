/** Builds evidence events: the fields every event carries, the details that are known, bounded. */
import { randomUUID } from 'node:crypto';
import { boundEvidenceEvent } from './bounds.js';
import {
  EVIDENCE_SCHEMA,
  EVIDENCE_SCHEMA_VERSION,
  type EvidenceDetails,
  type EvidenceEvent,
  type EvidenceHead,
} from './event.js';

/**
 * Builds one evidence event for a trace. Strings are bounded and cleaned to the limits an audit module
 * accepts (a model name or tenant can come from a client), so no value a client sends can get the event refused.
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
  return boundEvidenceEvent(event);
}

/** Drops undefined fields, and parts left empty, so a record only carries what is known. */
function withoutEmpty(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}
