/** `/v1/answers/save|load`: the answers alone, in the answers.json format of the paired set. */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadAnswers, saveAnswers } from '../persistence/answers-file.js';
import type { SaveResult } from './snapshot-io.js';
import { PRIVATE_DIR_MODE } from '../persistence/file-modes.js';

export async function exportAnswers<P>(
  file: string,
  answers: ReadonlyMap<number, P>,
  meta: { serverVersion: string },
): Promise<SaveResult> {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const saved = await saveAnswers(file, { answers, serverVersion: meta.serverVersion });
  return { indexPath: file, bytes: saved.bytes, savedAt: Date.parse(saved.savedAt) };
}

export async function importAnswers<P>(file: string): Promise<Map<number, P>> {
  return (await loadAnswers(file)).answers as Map<number, P>;
}
