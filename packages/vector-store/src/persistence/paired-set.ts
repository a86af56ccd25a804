/**
 * The paired set: an Envelope index file, answers.json and tombstones.json in one directory, tied by one
 * snapshot id. Saved as three fsynced temp files renamed into place; a save that crashed between its
 * renames is completed (rolled forward) by the next load. Saves and loads of one directory must not overlap.
 */
import { mkdir, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metric } from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';
import { AtomicFile, fsyncDirectory, TEMP_MARKER, tempPathFor } from './atomic-file.js';
import { completeAnswers, writeAnswersInto } from './answers-file.js';
import { extractEnvelopePayload, writeEnvelopeInto, type EnvelopeHeader, type EnvelopeHeaderInput } from './envelope.js';
import { errnoCode, fileError } from './file-error.js';
import { SetFiles } from './set-files.js';
import { checkSnapshotId, newSnapshotId } from './snapshot-id.js';
import { writeTombstonesInto } from './tombstones-file.js';
import { PRIVATE_DIR_MODE } from './file-modes.js';

/**
 * The index file's name in a set directory when none is given.
 * @example
 * const indexPath = join(dir, options.indexName ?? DEFAULT_INDEX_NAME);
 */
export const DEFAULT_INDEX_NAME = 'vcal.index';
/**
 * The answers file's name in a set directory; no index may take it.
 * @example
 * const answersPath = join(dir, ANSWERS_FILE_NAME);
 */
export const ANSWERS_FILE_NAME = 'answers.json';
/**
 * The tombstones file's name in a set directory; no index may take it.
 * @example
 * const setFiles = [DEFAULT_INDEX_NAME, ANSWERS_FILE_NAME, TOMBSTONES_FILE_NAME].map((name) => join(dir, name));
 */
export const TOMBSTONES_FILE_NAME = 'tombstones.json';
/** Temp files of a save carry this tag and the snapshot id, so a load knows which save they belong to. */
const SET_TAG = 'set-';

/**
 * What `savePairedSet` writes: the directory, the snapshot's id and log position, the index bytes and
 * header, the answers and the tombstones.
 * @example
 * const toSave: PairedSetToSave = {
 *   dir: '/data', snapshotId: newSnapshotId(), walSegment: wal.rotate(), indexPayloadFile: tmp, answers, tombstones,
 *   header: { dims: 384, metric: 'cosine', M: 16, ef_construction: 200, count, server_version: '0.1.0' },
 * };
 */
export interface PairedSetToSave {
  readonly dir: string;
  /** `vcal.index` when absent. */
  readonly indexName?: string;
  readonly snapshotId: string;
  /** The first write-ahead log segment this snapshot does not include. */
  readonly walSegment: number;
  /** The envelope header; snapshot id and save time are the set's own. */
  readonly header: Omit<EnvelopeHeaderInput, 'snapshot_id' | 'saved_at'>;
  /** The index bytes (as written by the index); streamed into the envelope, left in place. */
  readonly indexPayloadFile: string;
  readonly answers: ReadonlyMap<number, unknown>;
  readonly tombstones: Iterable<number>;
  /** `[id, label]` pairs for ids that are not their own index label; stored in tombstones.json. */
  readonly labels?: Iterable<readonly [number, number]>;
}

/**
 * What a save wrote.
 * @example
 * const { indexPath, bytes, savedAt }: SavedPairedSet = await savePairedSet(toSave);
 */
export interface SavedPairedSet {
  readonly indexPath: string;
  /** The sizes of the three files together. */
  readonly bytes: number;
  readonly savedAt: string;
}

/**
 * Where `loadPairedSet` looks, and what the set found there must fit.
 * @example
 * const set = await loadPairedSet({ dir: '/data', dims: 384, metric: 'cosine' } satisfies PairedSetToLoad);
 */
export interface PairedSetToLoad {
  readonly dir: string;
  readonly indexName?: string;
  /** The configured dimensions: a set of other dims is refused. */
  readonly dims: number;
  /** The configured metric, checked when given. */
  readonly metric?: Metric;
}

/**
 * A set as loaded: its header, the index bytes in a temp file, the answers, the tombstones and labels, and
 * where the write-ahead log takes over.
 * @example
 * const set: LoadedPairedSet | undefined = await loadPairedSet({ dir: '/data', dims: 384 });
 * if (set?.rolledForward !== undefined) logger.info(`completed the interrupted save ${set.rolledForward}`);
 */
export interface LoadedPairedSet {
  readonly header: EnvelopeHeader;
  /** A temp file in `dir` holding the index bytes: read it (HnswIndex.readFrom), then delete it. */
  readonly payloadFile: string;
  readonly answers: Map<number, unknown>;
  readonly tombstones: number[];
  /** The `[id, label]` pairs saved with the set; empty when none were. */
  readonly labels: [number, number][];
  readonly snapshotId: string;
  readonly walSegment: number;
  /** The snapshot id of an interrupted save this load completed, if any. */
  readonly rolledForward?: string;
}

function setNames(indexName: string = DEFAULT_INDEX_NAME): readonly [string, string, string] {
  if (!/^[^/\\]+$/.test(indexName) || indexName.startsWith('.') || indexName.includes(TEMP_MARKER)) {
    throw new VectorStoreError('invalid_argument', `index name ${JSON.stringify(indexName)} must be a plain file name`);
  }
  if (indexName === ANSWERS_FILE_NAME || indexName === TOMBSTONES_FILE_NAME) {
    throw new VectorStoreError('invalid_argument', `index name ${indexName} is taken by the paired set`);
  }
  return [indexName, ANSWERS_FILE_NAME, TOMBSTONES_FILE_NAME];
}

/**
 * Saves the three files: each written to an fsynced temp file, the directory fsynced, then each renamed
 * into place (index, answers, tombstones) and the directory fsynced again.
 * @example
 * await index.writeTo(tmp);
 * const { bytes } = await savePairedSet({ dir: '/data', snapshotId: newSnapshotId(), walSegment: wal.rotate(),
 *   header: { dims: 384, metric: 'cosine', M: 16, ef_construction: 200, count, server_version: '0.1.0' },
 *   indexPayloadFile: tmp, answers, tombstones });
 */
export async function savePairedSet(options: PairedSetToSave): Promise<SavedPairedSet> {
  const { dir, snapshotId } = options;
  const names = setNames(options.indexName);
  checkSnapshotId(snapshotId);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const savedAt = new Date().toISOString();
  const targets = names.map((name) => join(dir, name));
  const files: AtomicFile[] = [];
  const begin = async (target: string) => {
    const file = await AtomicFile.create(target, tempPathFor(target, SET_TAG + snapshotId));
    files.push(file);
    return file;
  };
  let renamed = 0;
  try {
    const index = await begin(targets[0]!);
    await writeEnvelopeInto(index, { ...options.header, snapshot_id: snapshotId, saved_at: savedAt }, options.indexPayloadFile);
    await index.seal();
    const answers = await begin(targets[1]!);
    const content = completeAnswers({
      answers: options.answers,
      serverVersion: options.header.server_version,
      snapshotId,
      savedAt,
    });
    await writeAnswersInto(answers, { ...content, walSegment: options.walSegment });
    await answers.seal();
    const tombstones = await begin(targets[2]!);
    await writeTombstonesInto(tombstones, snapshotId, options.tombstones, options.labels);
    await tombstones.seal();
    // The temp files' entries must be durable before the first rename: roll-forward depends on them.
    await fsyncDirectory(dir);
    for (const file of files) {
      await file.rename();
      renamed += 1;
    }
    await fsyncDirectory(dir);
  } catch (error) {
    // Once a rename happened the temps are the only way to complete the set: keep them for the next load.
    if (renamed === 0) await Promise.all(files.map((file) => file.abort()));
    throw error;
  }
  return { indexPath: targets[0]!, bytes: files.reduce((sum, file) => sum + file.bytes, 0), savedAt };
}

/** Temp files of the set's names: those of a save (by snapshot id) and any others (stale). */
function classifyTemps(entries: readonly string[], names: readonly string[]) {
  const bySnapshot = new Map<string, Map<string, string>>();
  const stale: string[] = [];
  for (const entry of entries) {
    const name = names.find((n) => entry.startsWith(`.${n}${TEMP_MARKER}`));
    if (name === undefined) continue;
    const tag = entry.slice(name.length + 1 + TEMP_MARKER.length);
    if (!tag.startsWith(SET_TAG)) {
      stale.push(entry);
      continue;
    }
    const id = tag.slice(SET_TAG.length);
    const temps = bySnapshot.get(id) ?? new Map<string, string>();
    temps.set(name, entry);
    bySnapshot.set(id, temps);
  }
  return { bySnapshot, stale };
}

/**
 * Completes a save that crashed between its renames, deletes the temps of saves that never reached them.
 * Returns the snapshot id rolled forward, if any.
 */
async function settleTemps(files: SetFiles, entries: readonly string[]): Promise<string | undefined> {
  const { bySnapshot, stale } = classifyTemps(entries, files.names);
  let rolledForward: string | undefined;
  for (const [id, temps] of bySnapshot) {
    const carriers: string[] = [];
    for (const name of files.names) {
      if (!temps.has(name) && (await files.snapshotIdOf(name)) === id) carriers.push(name);
    }
    if (carriers.length === 0) {
      stale.push(...temps.values());
    } else if (files.names.every((name) => carriers.includes(name) || temps.has(name))) {
      for (const name of files.names) {
        const temp = temps.get(name);
        if (temp === undefined) continue;
        await rename(join(files.dir, temp), join(files.dir, name));
        files.forget(name);
      }
      await fsyncDirectory(files.dir);
      rolledForward = id;
    }
    // Otherwise the renamed files cannot be completed: the snapshot check below names the torn file.
  }
  for (const entry of stale) await unlink(join(files.dir, entry)).catch(() => undefined);
  if (stale.length > 0) await fsyncDirectory(files.dir);
  return rolledForward;
}

/** Names the odd one out when the three snapshot ids differ. */
function checkSameSnapshot(names: readonly string[], ids: readonly [string, string, string]): void {
  const [index, answers, tombstones] = ids;
  const [indexName, answersName, tombstonesName] = names;
  if (index === answers && answers === tombstones) return;
  const torn = 'the set is torn (a file from another save)';
  if (answers === tombstones) {
    throw fileError(indexName!, `snapshot id ${index} does not match ${answersName} and ${tombstonesName} (${answers}): ${torn}`);
  }
  if (index === tombstones)
    throw fileError(answersName!, `snapshot id ${answers} does not match ${indexName} (${index}): ${torn}`);
  if (index === answers)
    throw fileError(tombstonesName!, `snapshot id ${tombstones} does not match ${indexName} (${index}): ${torn}`);
  throw fileError(
    answersName!,
    `snapshot id ${answers} does not match ${indexName} (${index}), and ${tombstonesName} has a third (${tombstones}): ${torn}`,
  );
}

/**
 * Loads the set in `dir`: `undefined` when none of the three files exists; otherwise the set, only when all
 * three exist, carry one snapshot id, the index checksum matches and dims (and metric, when given) are the
 * configured ones. Anything else is `VectorStoreError('failed_precondition')` naming the file and the reason.
 * @example
 * const set = await loadPairedSet({ dir: '/data', dims: 384, metric: 'cosine' });
 * if (set !== undefined) {
 *   const index = await HnswIndex.readFrom(set.payloadFile, indexOptions);
 *   await unlink(set.payloadFile);
 * }
 */
export async function loadPairedSet(options: PairedSetToLoad): Promise<LoadedPairedSet | undefined> {
  const { dir } = options;
  const names = setNames(options.indexName);
  const files = new SetFiles(dir, names);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const rolledForward = await settleTemps(files, entries);
  entries = await readdir(dir);
  const present = names.filter((name) => entries.includes(name));
  if (present.length === 0) return undefined;
  const missing = names.find((name) => !entries.includes(name));
  if (missing !== undefined) throw fileError(missing, `missing, while ${present.join(' and ')} exist: the set is torn`);

  const header = await files.header();
  const answers = await files.answers();
  const tombstones = await files.tombstones();
  checkSameSnapshot(names, [header.snapshot_id, answers.snapshotId, tombstones.snapshotId]);
  if (header.dims !== options.dims)
    throw fileError(names[0], `dims ${header.dims} does not match the configured ${options.dims}`);
  if (options.metric !== undefined && header.metric !== options.metric) {
    throw fileError(names[0], `metric ${header.metric} does not match the configured ${options.metric}`);
  }
  const payloadFile = tempPathFor(join(dir, names[0]), `payload-${newSnapshotId()}`);
  await extractEnvelopePayload(join(dir, names[0]), payloadFile, names[0]);
  return {
    header,
    payloadFile,
    answers: answers.answers,
    tombstones: tombstones.deleted,
    labels: tombstones.labels,
    snapshotId: header.snapshot_id,
    walSegment: answers.walSegment,
    ...(rolledForward === undefined ? {} : { rolledForward }),
  };
}
