/** A batch taken event by event: the valid ones stored, each refused one reported by its index. */
import type { EvidenceEvent } from '@sluice/core';
import type { EventStore } from './event-store.js';
import { checkEvidenceEvent, type EvidenceBatch, type RejectedEvent } from './event-schema.js';

/**
 * The answer to a batch whose envelope was valid, always with status 200: `accepted` new events stored,
 * `duplicates` already held, `rejected` the events refused and why. A producer retries none of the
 * rejected: sent again, they would be refused again.
 */
export interface BatchResult {
  readonly accepted: number;
  readonly duplicates: number;
  readonly rejected: readonly RejectedEvent[];
  /** `null` when nothing new was stored. */
  readonly first_sequence: number | null;
  readonly last_sequence: number | null;
}

/**
 * Checks each event, stores the valid ones in one transaction and lists the rest by index.
 * @example
 * replyJson(res, 200, await acceptBatch(store, parseEvidenceBatch(body)));
 */
export async function acceptBatch(store: EventStore, batch: EvidenceBatch): Promise<BatchResult> {
  const valid: EvidenceEvent[] = [];
  const rejected: RejectedEvent[] = [];
  batch.events.forEach((candidate, index) => {
    const check = checkEvidenceEvent(candidate);
    if (check.ok) valid.push(check.event);
    else rejected.push({ index, code: 'invalid_event', message: check.message });
  });
  const stored = await store.append(valid);
  return {
    accepted: stored.accepted,
    duplicates: stored.duplicates,
    rejected,
    first_sequence: stored.first_sequence,
    last_sequence: stored.last_sequence,
  };
}
