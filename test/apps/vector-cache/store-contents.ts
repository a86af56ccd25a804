/** What a vector answer cache holds, read whole from its store, and the entries the durability suites expect in it. */
import assert from 'node:assert/strict';
import type { AnswerRecord, VectorCacheService } from '@sluice/vector-cache';
import { DIMS } from './service-under-test.js';

/** One active entry as the store keeps it: the vector normalised to float32 (cosine), the whole answer record. */
export interface StoredEntry {
  readonly id: number;
  readonly vector: readonly number[];
  readonly payload: AnswerRecord;
}

/** An entry a suite wrote: its answer, and the version of {@link pointFor} its vector came from. */
export interface ExpectedEntry {
  readonly answer: string;
  readonly version: number;
  readonly prompt_tokens?: number;
  readonly answer_tokens?: number;
}

/** Every active entry, by ascending id. */
export async function contents(service: VectorCacheService): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const record of service.store.iterate()) entries.push(record);
  return entries.sort((a, b) => a.id - b.id);
}

/** A vector of its own for every (id, version), far from the others, never zero. */
export function pointFor(id: number, version = 0): number[] {
  const v: number[] = [];
  for (let d = 0; d < DIMS; d++)
    v.push(Math.sin((id % 100_003) * 12.9898 + d * 78.233 + version * 3.7) + 1.5 * Math.cos(d + version));
  return v;
}

/** The body of an insert or upsert of `entry` under `id`. */
export function entryBody(id: number, entry: ExpectedEntry): Record<string, unknown> {
  return { ext_id: id, vector: pointFor(id, entry.version), ...withoutVersion(entry) };
}

function withoutVersion(entry: ExpectedEntry): Omit<ExpectedEntry, 'version'> {
  const { version: _version, ...rest } = entry;
  return rest;
}

function normalised(vector: readonly number[]): number[] {
  const norm = Math.hypot(...vector);
  return vector.map((x) => x / norm);
}

/** True when a stored entry is `expected` under its id: same answer and tokens, same vector (float32 precision). */
export function holds(stored: StoredEntry, expected: ExpectedEntry): boolean {
  const { answer, prompt_tokens, answer_tokens } = stored.payload;
  if (answer !== expected.answer || prompt_tokens !== expected.prompt_tokens || answer_tokens !== expected.answer_tokens) {
    return false;
  }
  return hasVectorOf(stored, expected.version);
}

/** True when a stored entry's vector is {@link pointFor} its id and `version` (float32 precision). */
export function hasVectorOf(stored: StoredEntry, version: number): boolean {
  const want = normalised(pointFor(stored.id, version));
  return want.every((x, d) => Math.abs(x - stored.vector[d]!) < 1e-6);
}

/** How `stored` differs from exactly `expected`: ids missing, changed or more; empty when it holds just that. */
export function differences(stored: readonly StoredEntry[], expected: ReadonlyMap<number, ExpectedEntry>): string[] {
  const problems: string[] = [];
  const ids = new Set(stored.map((entry) => entry.id));
  for (const id of expected.keys()) if (!ids.has(id)) problems.push(`id ${id} is missing`);
  for (const entry of stored) {
    const want = expected.get(entry.id);
    if (want === undefined) problems.push(`id ${entry.id} should not exist`);
    else if (!holds(entry, want))
      problems.push(`id ${entry.id} holds ${JSON.stringify(entry.payload)}, expected ${JSON.stringify(want)}`);
  }
  return problems;
}

/** Asserts the store holds exactly `expected`: no entry missing, none changed, none more. */
export async function assertHoldsExactly(
  service: VectorCacheService,
  expected: ReadonlyMap<number, ExpectedEntry>,
): Promise<void> {
  assert.deepEqual(differences(await contents(service), expected), []);
}
