/**
 * tombstones.json: what the index of the same snapshot needs beside hnswlib's bytes: the ids deleted from
 * it (hnswlib keeps their vectors) and, when there are any, the ids that do not serve as their own label.
 */
import { VectorStoreError } from '../vector-store-error.js';
import type { AtomicFile } from './atomic-file.js';
import { fileError } from './file-error.js';
import { checkVersion, isRecordId, readJsonObject, stringField } from './json-file.js';

export interface TombstonesSnapshot {
  readonly snapshotId: string;
  readonly deleted: number[];
  /** `[id, label]` pairs; empty when the file has none. */
  readonly labels: [number, number][];
}

/** Writes `{version: 1, snapshot_id, deleted, labels?}` into an open atomic file (`labels` omitted when empty). */
export async function writeTombstonesInto(
  file: AtomicFile,
  snapshotId: string,
  deleted: Iterable<number>,
  labels: Iterable<readonly [number, number]> = [],
): Promise<void> {
  const ids = [...deleted];
  for (const id of ids) {
    if (!isRecordId(id)) throw new VectorStoreError('invalid_argument', `tombstone id ${id} is not an integer 0..2^53−1`);
  }
  const pairs = [...labels];
  for (const [id, label] of pairs) {
    if (!isRecordId(id) || !isRecordId(label))
      throw new VectorStoreError('invalid_argument', `label pair [${id}, ${label}] is not two ids`);
  }
  const json = { version: 1, snapshot_id: snapshotId, deleted: ids, ...(pairs.length > 0 ? { labels: pairs } : {}) };
  await file.write(`${JSON.stringify(json)}\n`);
}

/** Parses and validates tombstones JSON; every problem is `failed_precondition` naming `label`. */
export async function readTombstonesFrom(path: string, label: string): Promise<TombstonesSnapshot> {
  const json = await readJsonObject(path, label);
  checkVersion(json, label);
  const snapshotId = stringField(json, 'snapshot_id', label);
  const deleted = json.deleted;
  if (!Array.isArray(deleted)) throw fileError(label, 'deleted is missing or not an array');
  for (const id of deleted) {
    if (!isRecordId(id)) throw fileError(label, `deleted id ${JSON.stringify(id)} is not an integer 0..2^53−1`);
  }
  const labels = json.labels ?? [];
  if (!Array.isArray(labels)) throw fileError(label, 'labels is not an array');
  for (const pair of labels) {
    if (!Array.isArray(pair) || pair.length !== 2 || !isRecordId(pair[0]) || !isRecordId(pair[1])) {
      throw fileError(label, `label pair ${JSON.stringify(pair)} is not [id, label]`);
    }
  }
  return { snapshotId, deleted: deleted as number[], labels: labels as [number, number][] };
}
