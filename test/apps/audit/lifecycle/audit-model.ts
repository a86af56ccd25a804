/**
 * What the audit store must hold, as far as the suite knows: the chain as last read back (event ids in
 * sequence order), every event ever sent, the ids an acknowledged batch carried (present for good), and
 * the batches that got no answer (a SIGKILL or a stop cut them off), each all or nothing until a read
 * tells which.
 */
import type { EvidenceEvent } from '@sluice/core';

/** A batch as sent: its events, and whether the module acknowledged it (a 200). */
export interface SentBatch {
  readonly events: readonly EvidenceEvent[];
  acknowledged: boolean;
}

export interface AuditModel {
  running: boolean;
  /** Event ids in sequence order: the store as last read back. */
  chain: string[];
  /** Every event sent, by id: what a stored event must equal. */
  readonly sent: Map<string, EvidenceEvent>;
  /** Ids of acknowledged batches: each must be stored, once. */
  readonly acknowledged: Set<string>;
  /** The new ids of each batch that got no answer since the last read: stored all together or not at all. */
  pending: string[][];
  /** Ids sent since the last read: the only ones that may follow the chain as last read. */
  open: Set<string>;
  /** Every batch sent, for retries. */
  readonly batches: SentBatch[];
  stoppedBy: 'none' | 'clean' | 'kill';
}

export function initialAuditModel(): AuditModel {
  return {
    running: false,
    chain: [],
    sent: new Map(),
    acknowledged: new Set(),
    pending: [],
    open: new Set(),
    batches: [],
    stoppedBy: 'none',
  };
}

/** The ids of `events` not stored as far as the model knows, in batch order and once each. */
export function newIds(model: AuditModel, events: readonly EvidenceEvent[]): string[] {
  const stored = new Set(model.chain);
  return [...new Set(events.map((e) => e.event_id))].filter((id) => !stored.has(id));
}

/** Records a batch before it is sent: its events may now appear after the chain. */
export function recordSent(model: AuditModel, events: readonly EvidenceEvent[]): SentBatch {
  for (const event of events) {
    model.sent.set(event.event_id, event);
    model.open.add(event.event_id);
  }
  const batch: SentBatch = { events, acknowledged: false };
  model.batches.push(batch);
  return batch;
}

/** The module answered 200: every id of the batch is stored from now on. */
export function recordAcknowledged(model: AuditModel, batch: SentBatch): void {
  batch.acknowledged = true;
  for (const event of batch.events) model.acknowledged.add(event.event_id);
}

/** No answer: the batch's ids not yet stored are one all-or-nothing group until the next read. */
export function recordUnanswered(model: AuditModel, batch: SentBatch): void {
  const fresh = newIds(model, batch.events).filter((id) => !model.acknowledged.has(id));
  if (fresh.length > 0) model.pending.push(fresh);
}

/**
 * The counts `sluice audit verify` may report while nothing is being written: the chain, the acknowledged
 * events since it was read, and any choice of the unanswered groups (identical groups, e.g. a batch and its retry cut off together, count once).
 */
export function possibleCounts(model: AuditModel): Set<number> {
  const groups = [...new Map(model.pending.map((g) => [[...g].sort().join(','), g.length])).values()];
  const stored = new Set(model.chain);
  const acknowledgedSince = [...model.acknowledged].filter((id) => !stored.has(id)).length;
  let counts = new Set([model.chain.length + acknowledgedSince]);
  for (const size of groups) counts = new Set([...counts, ...[...counts].map((c) => c + size)]);
  return counts;
}
