/**
 * `recency.json` beside the in-process store's saved set: each entry's id and last use, least recently
 * used first, so a restart or a reload evicts in the order the running gateway would have. It also lists
 * the ids, so a start need not copy every vector out of the index to learn them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { writeFileAtomic } from '@sluice/vector-store';

export const RECENCY_FILE_NAME = 'recency.json';

const RecencyFileSchema = Type.Object({
  version: Type.Literal(1),
  ids: Type.Array(Type.Integer({ minimum: 0 })),
  /** Unix ms of each id's last hit, or of its store when never hit. */
  used_at: Type.Array(Type.Number()),
});
const recencyCheck = Compile(RecencyFileSchema);

export interface Recency {
  readonly ids: readonly number[];
  readonly usedAt: readonly number[];
}

/**
 * The recency saved in `dir`, or undefined when there is none; rejects naming the file when it cannot be read.
 * @example
 * const recency = await readRecency('./data/semantic-cache/live'); // { ids: [7, 3], usedAt: [1700000000000, …] }
 */
export async function readRecency(dir: string): Promise<Recency | undefined> {
  const file = path.join(dir, RECENCY_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: cannot be read (${(error as Error).message})`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  if (!recencyCheck.Check(value) || value.ids.length !== value.used_at.length) {
    throw new Error(`${file}: not a recency file of version 1 with one used_at per id`);
  }
  return { ids: value.ids, usedAt: value.used_at };
}

/** Replaces the recency in `dir` whole (written to a temp file, fsynced and renamed). */
export async function writeRecency(dir: string, recency: Recency): Promise<void> {
  const body: Type.Static<typeof RecencyFileSchema> = { version: 1, ids: [...recency.ids], used_at: [...recency.usedAt] };
  await writeFileAtomic(path.join(dir, RECENCY_FILE_NAME), JSON.stringify(body));
}
