/**
 * What the vector answer cache must hold after a sequence of steps: exactly the acknowledged writes. A write
 * answered 200 is in it, a refused one is not; a snapshot load replaces it with what that snapshot held when
 * it was saved; a restart changes nothing.
 */
import { cosine, idName, vectorFor } from './points.js';

export interface ModelEntry {
  readonly version: number;
  readonly answer: string;
}

export type Contents = ReadonlyMap<number, ModelEntry>;

export interface ExpectedHit {
  readonly id: number;
  readonly similarity: number;
}

export class LifecycleModel {
  /** Steps run so far in this sequence, to say which one failed. */
  step = 0;
  /** The acknowledged entries by id. */
  entries = new Map<number, ModelEntry>();
  /**
   * The write-ahead log failed in this process: writes are refused with 503 and `/readyz` answers 503 until a
   * restart.
   */
  failed = false;
  /** What each export slot held when its last acknowledged save ran; a refused save leaves a slot as it was. */
  readonly snapshots = new Map<number, Contents>();
  /** Every vector (version) each id was sent with, acknowledged or not: where a lookup must not find an absent id. */
  readonly traces = new Map<number, Set<number>>();

  /** @param autosaveSeconds the service's SVC_AUTOSAVE_SECS in this sequence */
  constructor(readonly autosaveSeconds: number) {}

  /** The entries as they are now, for a snapshot. */
  copy(): Contents {
    return new Map(this.entries);
  }

  trace(id: number, version: number): void {
    const versions = this.traces.get(id) ?? new Set<number>();
    versions.add(version);
    this.traces.set(id, versions);
  }

  /** The active entries nearest `query`, most similar first (what search and qa see, exactly). */
  nearest(query: readonly number[]): ExpectedHit[] {
    return [...this.entries]
      .map(([id, entry]) => ({ id, similarity: cosine(query, vectorFor(id, entry.version)) }))
      .sort((a, b) => b.similarity - a.similarity);
  }
}

/** `{1: v0 "1 v0 #12", 2^40: v2 "…"}`: a model's contents, for a failure message. */
export function describeContents(contents: Contents): string {
  const parts = [...contents]
    .sort(([a], [b]) => a - b)
    .map(([id, entry]) => `${idName(id)}: v${entry.version} ${JSON.stringify(shortened(entry.answer))}`);
  return `{${parts.join(', ')}}`;
}

/** A reply as a failure message shows it: a bulk answer (a write on a failing disk) is cut short. */
export function describeReply(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => (typeof value === 'string' ? shortened(value) : value));
}

function shortened(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 40)}… (${text.length} chars)`;
}
