/** Saving a small paired set with an opaque payload, as the persistence tests need it. */
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { newSnapshotId, savePairedSet, type PairedSetToSave, type SavedPairedSet } from '@sluice/vector-store';
import { randomFile } from './files-under-test.js';

export const DIMS = 8;

/**
 * Saves a set of `answers` in `dir` (a directory inside a scratch root); the payload, random bytes standing
 * in for an index's own, is written beside `dir` and removed after the save.
 */
export async function saveSet(
  dir: string,
  answers: Record<number, unknown>,
  extra: Partial<PairedSetToSave> = {},
): Promise<SavedPairedSet & { snapshotId: string; payload: Buffer }> {
  const snapshotId = extra.snapshotId ?? newSnapshotId();
  const payloadFile = join(dirname(dir), `payload-${snapshotId}.bin`);
  const payload = await randomFile(payloadFile, 20_000);
  try {
    const saved = await savePairedSet({
      dir,
      snapshotId,
      walSegment: 3,
      header: {
        dims: DIMS,
        metric: 'cosine',
        M: 16,
        ef_construction: 200,
        count: Object.keys(answers).length,
        server_version: '0.1.0',
      },
      indexPayloadFile: payloadFile,
      answers: new Map(Object.entries(answers).map(([id, answer]) => [Number(id), answer])),
      tombstones: [],
      ...extra,
    });
    return { ...saved, snapshotId, payload };
  } finally {
    await rm(payloadFile, { force: true });
  }
}
