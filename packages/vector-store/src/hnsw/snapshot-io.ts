/** A store state to and from a paired set: the index through an Envelope, answers and tombstones beside it. */
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tempPathFor } from '../persistence/atomic-file.js';
import { loadPairedSet, savePairedSet } from '../persistence/paired-set.js';
import { newSnapshotId } from '../persistence/snapshot-id.js';
import { HnswIndex } from './hnsw-index.js';
import type { HnswIndexOptions } from './hnsw-options.js';
import { IdLabels } from './id-labels.js';
import { StoreState } from './store-state.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../persistence/file-modes.js';

/**
 * Where a paired set is: its directory and the name of its index file.
 * @example
 * await store.saveSnapshot({ dir: '/backups/2026-11-26', indexName: 'vcal.index' } satisfies SetLocation);
 */
export interface SetLocation {
  readonly dir: string;
  readonly indexName: string;
}

/**
 * What a save wrote: the index file's path, the bytes of the set, and when.
 * @example
 * const { indexPath, bytes, savedAt }: SaveResult = await store.saveSnapshot();
 * logger.info({ indexPath, bytes, savedAt: new Date(savedAt).toISOString() }, 'snapshot saved');
 */
export interface SaveResult {
  readonly indexPath: string;
  readonly bytes: number;
  /** Unix ms. */
  readonly savedAt: number;
}

/** The steps of a save that belong to the store: the lock around the copy, and the log. */
export interface SaveSteps {
  /** Runs the in-memory copy while writes wait. */
  copy(work: () => Promise<void>): Promise<void>;
  /** Called inside the copy: the log segment that starts after this snapshot. */
  rotate(): number;
  /** Called once all three files are in place. */
  committed(walSegment: number): Promise<void>;
}

/**
 * Copies the state under the write gate (the index through hnswlib's own writer, off the event
 * loop; the answers and tombstones as shallow copies), then writes the set with writes flowing again.
 */
export async function writeState<P>(
  state: StoreState<P>,
  location: SetLocation,
  meta: { serverVersion: string },
  steps: SaveSteps,
): Promise<SaveResult> {
  const payloadFile = tempPathFor(join(location.dir, location.indexName), `index-${newSnapshotId()}`);
  await mkdir(location.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // hnswlib writes the index with its own stream, which truncates a file that exists and keeps its mode.
  await (await open(payloadFile, 'w', PRIVATE_FILE_MODE)).close();
  try {
    let copied:
      { segment: number; payloads: Map<number, P>; tombstones: number[]; labels: [number, number][]; count: number } | undefined;
    await steps.copy(async () => {
      const segment = steps.rotate();
      await state.index.writeTo(payloadFile);
      copied = {
        segment,
        payloads: new Map(state.payloads),
        tombstones: state.pruneTombstones(),
        labels: state.labels.borrowed(),
        count: state.index.activeCount,
      };
    });
    const { segment, payloads, tombstones, labels, count } = copied!;
    const options = state.index.options;
    const saved = await savePairedSet({
      dir: location.dir,
      indexName: location.indexName,
      snapshotId: newSnapshotId(),
      walSegment: segment,
      header: {
        dims: options.dims,
        metric: options.metric,
        M: options.M,
        ef_construction: options.efConstruction,
        count,
        server_version: meta.serverVersion,
      },
      indexPayloadFile: payloadFile,
      answers: payloads,
      tombstones,
      labels,
    });
    await steps.committed(segment);
    return { indexPath: saved.indexPath, bytes: saved.bytes, savedAt: Date.parse(saved.savedAt) };
  } finally {
    await rm(payloadFile, { force: true });
  }
}

/** Reads a paired set into a fresh state; undefined when the directory holds none. */
export async function readState<P>(
  location: SetLocation,
  options: HnswIndexOptions,
): Promise<{ state: StoreState<P>; walSegment: number } | undefined> {
  const loaded = await loadPairedSet({
    dir: location.dir,
    indexName: location.indexName,
    dims: options.dims,
    metric: options.metric,
  });
  if (loaded === undefined) return undefined;
  try {
    const index = await HnswIndex.readFrom(loaded.payloadFile, {
      ...options,
      initialCapacity: Math.max(1024, loaded.header.count),
    });
    const state = new StoreState<P>(
      index,
      loaded.answers as Map<number, P>,
      new Set(loaded.tombstones),
      IdLabels.from(loaded.labels),
    );
    state.reconcile();
    return { state, walSegment: loaded.walSegment };
  } finally {
    await rm(loaded.payloadFile, { force: true });
  }
}
