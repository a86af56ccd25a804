/** Snapshot ids: what ties the three files of a paired set together, and part of their temp file names. */
import { randomBytes } from 'node:crypto';
import { VectorStoreError } from '../vector-store-error.js';

const SNAPSHOT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A new random snapshot id: 32 lower-case hex digits.
 * @example
 * const snapshotId = newSnapshotId(); // '7f3a0c…'
 */
export function newSnapshotId(): string {
  return randomBytes(16).toString('hex');
}

/** Refuses ids that could not be part of a file name (letters, digits, `-`, `_`; at most 128). */
export function checkSnapshotId(snapshotId: string): void {
  if (!SNAPSHOT_ID.test(snapshotId)) {
    throw new VectorStoreError('invalid_argument', `snapshot id ${JSON.stringify(snapshotId)} must be 1..128 of A-Z a-z 0-9 - _`);
  }
}
