/**
 * The rows one batch adds to the hash chain, the same for every store: each event not already stored (nor
 * met earlier in the batch) numbered from the head and hashed onto the one before it.
 */
import type { EvidenceEvent } from '@sluice/core';
import { canonicalJson } from '@sluice/util';
import { GENESIS_HASH, type ChainHasher } from './hash-chain.js';

/** One stored event as it sits in the table; `event_json` is the canonical JSON of the event. */
export interface StoredEvent {
  readonly sequence: number;
  readonly event_id: string;
  readonly trace_id: string;
  readonly event_json: string;
  readonly prev_hash: string;
  readonly hash: string;
}

/** What one batch did: duplicates are events whose `event_id` was already stored (a retried batch). */
export interface AppendResult {
  readonly accepted: number;
  readonly duplicates: number;
  /** `null` when nothing new was stored. */
  readonly first_sequence: number | null;
  readonly last_sequence: number | null;
}

/**
 * @example
 * const rows = chainedRows(hasher, { sequence: 41, hash }, batch.events, (id) => known.has(id));
 * // rows[0].sequence === 42, rows[0].prev_hash === hash
 */
export function chainedRows(
  hasher: ChainHasher,
  head: { readonly sequence: number; readonly hash: string } | undefined,
  events: readonly EvidenceEvent[],
  stored: (eventId: string) => boolean,
): StoredEvent[] {
  let sequence = head?.sequence ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  const seen = new Set<string>();
  const rows: StoredEvent[] = [];
  for (const event of events) {
    // A batch that repeats an id within itself is a retry folded into one send: the same rule applies.
    if (seen.has(event.event_id) || stored(event.event_id)) continue;
    seen.add(event.event_id);
    sequence += 1;
    const hash = hasher.hash(prevHash, sequence, event);
    rows.push({
      sequence,
      event_id: event.event_id,
      trace_id: event.trace_id,
      event_json: canonicalJson(event),
      prev_hash: prevHash,
      hash,
    });
    prevHash = hash;
  }
  return rows;
}

/** What a batch of `sent` events did, once `rows` were stored. */
export function appendResult(sent: number, rows: readonly StoredEvent[]): AppendResult {
  return rows.length === 0
    ? { accepted: 0, duplicates: sent, first_sequence: null, last_sequence: null }
    : {
        accepted: rows.length,
        duplicates: sent - rows.length,
        first_sequence: rows[0]!.sequence,
        last_sequence: rows.at(-1)!.sequence,
      };
}
