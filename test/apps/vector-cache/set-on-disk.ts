/** The paired set as files in a data directory: what a crash left, copies of it, and sets torn on purpose. */
import { copyFile, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readEnvelopeHeader } from '@sluice/vector-store';

export const SET_NAMES = ['vcal.index', 'answers.json', 'tombstones.json'] as const;
export type SetName = (typeof SET_NAMES)[number];
export type SetBytes = Record<SetName, Buffer>;

const WAL_SEGMENT = /^wal-\d+\.log$/;

/** What the directory holds, by file name (log segments included), to prove a refused start touched nothing. */
export async function listing(dir: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(dir)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}

export async function readSet(dir: string): Promise<SetBytes> {
  const [index, answers, tombstones] = await Promise.all(SET_NAMES.map((name) => readFile(path.join(dir, name))));
  return { 'vcal.index': index!, 'answers.json': answers!, 'tombstones.json': tombstones! };
}

export async function writeSet(dir: string, set: SetBytes): Promise<void> {
  for (const name of SET_NAMES) await writeFile(path.join(dir, name), set[name]);
}

/** Copies every file but the write-ahead log: the set and the temp files of a save, as a crash left them. */
export async function copyWithoutLog(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) {
    if (!WAL_SEGMENT.test(name)) await copyFile(path.join(from, name), path.join(to, name));
  }
}

/** Temp files in `dir` (a save's, or a load's): none may be left once a start has settled the set. */
export async function tempFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('.'));
}

/** The snapshot id each of the three files carries; undefined for a file that is not there. */
export async function snapshotIds(dir: string): Promise<Record<SetName, string | undefined>> {
  const present = new Set(await readdir(dir));
  const idIn = async (name: SetName): Promise<string | undefined> => {
    if (!present.has(name)) return undefined;
    const file = path.join(dir, name);
    if (name === 'vcal.index') return (await readEnvelopeHeader(file)).snapshot_id;
    return (JSON.parse(await readFile(file, 'utf8')) as { snapshot_id: string }).snapshot_id;
  };
  return {
    'vcal.index': await idIn('vcal.index'),
    'answers.json': await idIn('answers.json'),
    'tombstones.json': await idIn('tombstones.json'),
  };
}

/** A set made incomplete on purpose, and what the refused start must name. */
export interface Tear {
  readonly name: string;
  /** Tears the whole set `good` in `dir`; `other` is a whole set of another save, `cut` a fraction in (0, 1). */
  apply(dir: string, good: SetBytes, other: SetBytes | undefined, cut: number): Promise<void>;
  readonly refusal: RegExp;
  /** True when it needs the set of another save. */
  readonly needsOther?: boolean;
}

const cutShort = (bytes: Buffer, cut: number) => bytes.subarray(0, Math.max(1, Math.floor(bytes.byteLength * cut)));

/** Ways a save can end up half written, each of which a start must refuse rather than load. */
export const TEARS: readonly Tear[] = [
  {
    name: 'vcal.index cut short',
    apply: (dir, good, _other, cut) => writeFile(path.join(dir, 'vcal.index'), cutShort(good['vcal.index'], cut)),
    refusal: /^vcal\.index: /,
  },
  {
    name: 'answers.json cut short',
    apply: (dir, good, _other, cut) => writeFile(path.join(dir, 'answers.json'), cutShort(good['answers.json'], cut)),
    refusal: /^answers\.json: /,
  },
  {
    name: 'tombstones.json missing',
    apply: (dir) => unlink(path.join(dir, 'tombstones.json')),
    refusal: /^tombstones\.json: missing, while vcal\.index and answers\.json exist/,
  },
  {
    name: 'vcal.index of another save',
    apply: (dir, _good, other) => writeFile(path.join(dir, 'vcal.index'), other!['vcal.index']),
    refusal: /^vcal\.index: snapshot id \w+ does not match answers\.json and tombstones\.json .*torn/,
    needsOther: true,
  },
  {
    name: 'answers.json of another save',
    apply: (dir, _good, other) => writeFile(path.join(dir, 'answers.json'), other!['answers.json']),
    refusal: /^answers\.json: snapshot id \w+ does not match vcal\.index .*torn/,
    needsOther: true,
  },
];
