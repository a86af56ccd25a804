/** The hash chain over stored events: each row's hash covers the previous hash and the event with its sequence. */
import { createHash, createHmac } from 'node:crypto';
import { type EvidenceEvent } from '@sluice/core';
import { canonicalJson } from '@sluice/util';

/** The `prev_hash` of sequence 1: there is no previous row, and a fixed value keeps the rule the same for all. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * `sha256`: anyone can recompute it, so it shows accidental corruption and naive edits only.
 * `hmac-sha256`: keyed with a chain secret, so a rewrite by anyone without the secret shows.
 */
export type ChainMode = 'sha256' | 'hmac-sha256';

/** A chain secret shorter than this is guessable from any row; `openssl rand -hex 32` gives 64. */
export const MIN_CHAIN_KEY_LENGTH = 32;

/** Computes a row's hash in one mode; the keyed one holds its secret. */
export interface ChainHasher {
  readonly mode: ChainMode;
  /** Names the secret without revealing it, so a store can tell another secret from a tampered row. */
  readonly keyId: string | null;
  hash(prevHash: string, sequence: number, event: EvidenceEvent | Record<string, unknown>): string;
}

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

/**
 * The hasher of a chain: HMAC-SHA256 over the same input as `chainHash` when a secret is given, else `chainHash`.
 * @example
 * const hasher = chainHasher(readFileSync('chain.key', 'utf8').trim());
 * const hash = hasher.hash(prevHash, sequence, event);
 */
export function chainHasher(secret?: string): ChainHasher {
  if (secret === undefined) return { mode: 'sha256', keyId: null, hash: chainHash };
  if (secret.length < MIN_CHAIN_KEY_LENGTH) {
    throw new Error(`the chain key must be at least ${MIN_CHAIN_KEY_LENGTH} characters (e.g. openssl rand -hex 32)`);
  }
  return {
    mode: 'hmac-sha256',
    keyId: createHmac('sha256', secret).update('sluice audit chain key id').digest('hex').slice(0, 16),
    hash: (prevHash, sequence, event) =>
      createHmac('sha256', secret)
        .update(prevHash)
        .update(canonicalJson({ ...event, sequence }))
        .digest('hex'),
  };
}
