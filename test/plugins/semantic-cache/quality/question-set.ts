/**
 * The labelled question set in test/fixtures/semantic-quality/*.jsonl, and its split into a half the
 * hit decision may be tuned on and a half it is only measured on (README.md beside the set).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const QUESTION_SET_DIR = new URL('../../../fixtures/semantic-quality/', import.meta.url);

export type Half = 'tune' | 'measure';

export interface QuestionPair {
  readonly id: string;
  readonly a: string;
  readonly b: string;
  /** A user would accept the answer to `a` for `b`. */
  readonly same: boolean;
  readonly kind: string;
  readonly domain: string;
  readonly half: Half;
}

/**
 * A pair's half is one bit of a salted SHA-256 of its id, so it depends on nothing else: adding or
 * removing pairs never moves an existing pair to the other half. The salt is the first of `split-1:`,
 * `split-2:`, … that splits every kind and label of the set evenly (each half 47–53%, or within one
 * pair either way of a small group).
 */
const SPLIT_SALT = 'split-55461:';

export function halfOf(id: string): Half {
  return (createHash('sha256')
    .update(SPLIT_SALT + id)
    .digest()[0]! &
    1) ===
    1
    ? 'measure'
    : 'tune';
}

/** Every pair of every file of the set, in file and line order; throws on a malformed line. */
export function loadQuestionSet(dir: URL = QUESTION_SET_DIR): QuestionPair[] {
  const pairs: QuestionPair[] = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(new URL(file, dir), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      pairs.push(pairOf(JSON.parse(line) as unknown, `${file}:${i + 1}`));
    });
  }
  return pairs;
}

/** Every distinct sentence of the set, sorted. */
export function sentencesOf(pairs: readonly QuestionPair[]): string[] {
  return [...new Set(pairs.flatMap((p) => [p.a, p.b]))].sort();
}

function pairOf(row: unknown, where: string): QuestionPair {
  const r = row as Record<string, unknown>;
  const text = (key: string) => {
    const value = r[key];
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}: "${key}" must be a non-empty string`);
    return value;
  };
  if (typeof r.duplicate !== 'boolean') throw new Error(`${where}: "duplicate" must be true or false`);
  const id = text('id');
  return { id, a: text('a'), b: text('b'), same: r.duplicate, kind: text('kind'), domain: text('domain'), half: halfOf(id) };
}
