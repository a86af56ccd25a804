/**
 * answers.json: one JSON payload per id, with the snapshot it belongs to. Used inside a paired set and on
 * its own by `/v1/answers/save|load`. Written in pieces, read with one parse (see MAX_JSON_FILE_BYTES).
 */
import { VectorStoreError } from '../vector-store-error.js';
import { AtomicFile } from './atomic-file.js';
import { fileError } from './file-error.js';
import { checkVersion, readJsonObject, stringField } from './json-file.js';
import { checkSnapshotId, newSnapshotId } from './snapshot-id.js';

/**
 * The content of an answers file. Payloads are opaque JSON.
 * @example
 * const snapshot: AnswersSnapshot = await loadAnswers('/data/answers-export.json');
 * for (const [id, payload] of snapshot.answers) await store.upsert({ id, vector: await embed(payload), payload });
 */
export interface AnswersSnapshot {
  readonly savedAt: string;
  readonly serverVersion: string;
  readonly snapshotId: string;
  /** The first write-ahead log segment not included (see `WriteAheadLog.rotate`). */
  readonly walSegment: number;
  readonly answers: Map<number, unknown>;
}

/**
 * What `saveAnswers` writes: the answers, and what ties them to a snapshot (filled in when absent).
 * @example
 * const content: AnswersToSave = { answers: new Map([[7, { answer: 'Paris' }]]), serverVersion: '0.1.0' };
 * await saveAnswers('/data/answers-export.json', content);
 */
export interface AnswersToSave {
  readonly answers: ReadonlyMap<number, unknown>;
  readonly serverVersion: string;
  /** A fresh id when absent. */
  readonly snapshotId?: string;
  /** 0 when absent (a standalone export tied to no log). */
  readonly walSegment?: number;
  /** Now when absent. */
  readonly savedAt?: string;
}

const FLUSH_CHARS = 1 << 20;
const ID_KEY = /^(0|[1-9][0-9]{0,15})$/;

/** Writes the answers JSON into an open atomic file, a megabyte of text at a time. */
export async function writeAnswersInto(file: AtomicFile, content: Required<AnswersToSave>): Promise<void> {
  checkSnapshotId(content.snapshotId);
  const head = {
    version: 1,
    saved_at: content.savedAt,
    server_version: content.serverVersion,
    snapshot_id: content.snapshotId,
    wal_segment: content.walSegment,
  };
  let text = `${JSON.stringify(head).slice(0, -1)},"answers":{`;
  let first = true;
  for (const [id, payload] of content.answers) {
    if (!Number.isSafeInteger(id) || id < 0)
      throw new VectorStoreError('invalid_argument', `answer id ${id} is not an integer 0..2^53−1`);
    const json = JSON.stringify(payload);
    if (json === undefined) throw new VectorStoreError('invalid_argument', `the payload of id ${id} is not JSON`);
    text += `${first ? '' : ','}"${id}":${json}`;
    first = false;
    if (text.length >= FLUSH_CHARS) {
      await file.write(text);
      text = '';
    }
  }
  await file.write(`${text}}}\n`);
}

/** Parses and validates answers JSON; every problem is `failed_precondition` naming `label`. */
export async function readAnswersFrom(path: string, label: string): Promise<AnswersSnapshot> {
  const json = await readJsonObject(path, label);
  checkVersion(json, label);
  const walSegment = json.wal_segment;
  if (!Number.isSafeInteger(walSegment) || (walSegment as number) < 0) {
    throw fileError(label, `wal_segment ${JSON.stringify(walSegment)} is not a segment number`);
  }
  const raw = json.answers;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw fileError(label, 'answers is missing or not an object');
  const answers = new Map<number, unknown>();
  for (const [key, payload] of Object.entries(raw)) {
    const id = Number(key);
    if (!ID_KEY.test(key) || !Number.isSafeInteger(id))
      throw fileError(label, `answer id ${JSON.stringify(key)} is not an integer 0..2^53−1`);
    answers.set(id, payload);
  }
  return {
    savedAt: stringField(json, 'saved_at', label),
    serverVersion: stringField(json, 'server_version', label),
    snapshotId: stringField(json, 'snapshot_id', label),
    walSegment: walSegment as number,
    answers,
  };
}

/** Fills the optional fields of what to save. */
export function completeAnswers(content: AnswersToSave): Required<AnswersToSave> {
  return {
    answers: content.answers,
    serverVersion: content.serverVersion,
    snapshotId: content.snapshotId ?? newSnapshotId(),
    walSegment: content.walSegment ?? 0,
    savedAt: content.savedAt ?? new Date().toISOString(),
  };
}

/**
 * Writes an answers file atomically (temp, fsync, rename, directory fsync).
 * @example
 * const { bytes } = await saveAnswers('/data/answers-export.json', { answers, serverVersion: '0.1.0' });
 */
export async function saveAnswers(
  path: string,
  content: AnswersToSave,
): Promise<{ bytes: number; savedAt: string; snapshotId: string }> {
  const complete = completeAnswers(content);
  const file = await AtomicFile.create(path);
  try {
    await writeAnswersInto(file, complete);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
  return { bytes: file.bytes, savedAt: complete.savedAt, snapshotId: complete.snapshotId };
}

/**
 * Reads an answers file; a missing, torn or malformed one is `VectorStoreError('failed_precondition')` naming it.
 * @example
 * const { answers, snapshotId } = await loadAnswers('/data/answers-export.json');
 */
export async function loadAnswers(path: string): Promise<AnswersSnapshot> {
  return readAnswersFrom(path, path);
}
