/**
 * Scores the semantic cache's hit decision (similarity at or above a threshold, then the hit
 * verification) against the labelled pairs in test/fixtures/semantic-pairs.json.
 */
import { readFileSync } from 'node:fs';
import type { Embedder } from '@sluice/plugin-semantic-cache';

export interface LabelledPair {
  readonly a: string;
  readonly b: string;
  /** A user would accept the answer to `a` for `b`. */
  readonly same: boolean;
  readonly kind: string;
  readonly domain: string;
  /** `tuning`: looked at while the embedder's weights were chosen; `holdout`: written afterwards. */
  readonly split: 'tuning' | 'holdout';
}

export interface ScoredPair extends LabelledPair {
  readonly similarity: number;
  /** The verification's reason for refusing the pair, or undefined when it passes. */
  readonly refused: string | undefined;
}

export interface Quality {
  readonly threshold: number;
  readonly precision: number;
  readonly recall: number;
  readonly hits: number;
  /** Hits on pairs labelled different: a wrong answer served. */
  readonly wrongHits: readonly ScoredPair[];
  /** Paraphrases that missed. */
  readonly misses: readonly ScoredPair[];
}

export function loadPairs(): LabelledPair[] {
  return JSON.parse(readFileSync(new URL('../../../fixtures/semantic-pairs.json', import.meta.url), 'utf8')) as LabelledPair[];
}

export async function scorePairs(
  pairs: readonly LabelledPair[],
  embedder: Embedder,
  verify: (cached: string, fresh: string) => { ok: boolean; reason?: string },
): Promise<ScoredPair[]> {
  const scored: ScoredPair[] = [];
  for (const pair of pairs) {
    const [a, b] = await Promise.all([embedder.embed(pair.a), embedder.embed(pair.b)]);
    const verdict = verify(pair.a, pair.b);
    scored.push({ ...pair, similarity: cosine(a.vector, b.vector), refused: verdict.ok ? undefined : verdict.reason });
  }
  return scored;
}

/** Precision and recall of "hit" at `threshold`; `verified: false` scores the similarity alone. */
export function quality(scored: readonly ScoredPair[], threshold: number, verified = true): Quality {
  const isHit = (p: ScoredPair) => p.similarity >= threshold && (!verified || p.refused === undefined);
  const hits = scored.filter(isHit);
  const right = hits.filter((p) => p.same).length;
  const paraphrases = scored.filter((p) => p.same).length;
  return {
    threshold,
    precision: hits.length === 0 ? 1 : right / hits.length,
    recall: paraphrases === 0 ? 0 : right / paraphrases,
    hits: hits.length,
    wrongHits: hits.filter((p) => !p.same),
    misses: scored.filter((p) => p.same && !isHit(p)),
  };
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}
