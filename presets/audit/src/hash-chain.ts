/** The hash chain over stored events: each row's hash covers the previous hash and the event with its sequence. */
import { createHash } from 'node:crypto';
import { type EvidenceEvent } from '@sluice/core';
import { canonicalJson } from '@sluice/core/internal';

/** The `prev_hash` of sequence 1: there is no previous row, and a fixed value keeps the rule the same for all. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * SHA-256 hex of `prevHash` followed by the canonical JSON of the event with its `sequence` added, so a row
 * moved to another place in the chain no longer matches its hash.
 * @example
 * const hash = chainHash(GENESIS_HASH, 1, event);
 */
export function chainHash(prevHash: string, sequence: number, event: EvidenceEvent | Record<string, unknown>): string {
  return createHash('sha256')
    .update(prevHash)
    .update(canonicalJson({ ...event, sequence }))
    .digest('hex');
}
