/**
 * Scores the semantic cache's hit decision (similarity at or above a threshold, then the hit
 * verification) against labelled question pairs: test/fixtures/semantic-pairs.json and the larger set
 * in test/fixtures/semantic-quality (question-set.ts).
 */
import { readFileSync } from 'node:fs';
import {
  closelyWorded,
  questionFacts,
  LOCAL_RESTATED_THRESHOLD_DEFAULT,
  SAME_WORDING_THRESHOLD_DEFAULT,
  sameContent,
  sameWording,
  type Embedder,
} from '@sluice/plugin-semantic-cache';

/** What scoring needs of a labelled pair. */
export interface SamePair {
  readonly a: string;
  readonly b: string;
  /** A user would accept the answer to `a` for `b`. */
  readonly same: boolean;
}

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

export type ScoredPair<P extends SamePair = LabelledPair> = P & {
  readonly similarity: number;
  /** The verification's reason for refusing the pair, or undefined when it passes. */
  readonly refused: string | undefined;
  /** One question is the other written another way (same-wording.ts): a hit below the threshold. */
  readonly sameWording: boolean;
  /**
   * Restated when restated hits are in force (same-content.ts), or closely worded when close wording is
   * (close-wording.ts): a hit below the threshold, from `restatedFrom`.
   */
  readonly restated: boolean;
  /** `semantic_restated_threshold` in force. */
  readonly restatedFrom: number;
};

/** The hits below the threshold in force: `semantic_restated_hits`, `semantic_close_wording_hits` and their floor. */
export interface BelowThreshold {
  readonly restatedHits?: boolean;
  readonly closeWordingHits?: boolean;
  /** Default: the lexical embedder's. */
  readonly restatedThreshold?: number;
}

export interface Quality<P extends SamePair = LabelledPair> {
  readonly threshold: number;
  readonly precision: number;
  readonly recall: number;
  readonly hits: number;
  /** Hits on pairs labelled different: a wrong answer served. */
  readonly wrongHits: readonly ScoredPair<P>[];
  /** Paraphrases that missed. */
  readonly misses: readonly ScoredPair<P>[];
}

export function loadPairs(): LabelledPair[] {
  return JSON.parse(readFileSync(new URL('../../../fixtures/semantic-pairs.json', import.meta.url), 'utf8')) as LabelledPair[];
}

export async function scorePairs<P extends SamePair>(
  pairs: readonly P[],
  embedder: Embedder,
  verify: (cached: string, fresh: string) => { ok: boolean; reason?: string },
  below: BelowThreshold = {},
): Promise<ScoredPair<P>[]> {
  const restatedFrom = below.restatedThreshold ?? LOCAL_RESTATED_THRESHOLD_DEFAULT;
  const scored: ScoredPair<P>[] = [];
  for (const pair of pairs) {
    const [a, b] = await Promise.all([embedder.embed(pair.a), embedder.embed(pair.b)]);
    const verdict = verify(pair.a, pair.b);
    scored.push({
      ...pair,
      similarity: cosine(a.vector, b.vector),
      refused: verdict.ok ? undefined : verdict.reason,
      ...belowThresholdHit(pair.a, pair.b, below.restatedHits === true, below.closeWordingHits === true),
      restatedFrom,
    });
  }
  return scored;
}

function belowThresholdHit(
  a: string,
  b: string,
  restatedHits: boolean,
  closeWordingHits: boolean,
): { sameWording: boolean; restated: boolean } {
  const [first, second] = [questionFacts(a), questionFacts(b)];
  return {
    sameWording: sameWording(first, second),
    restated: (restatedHits && sameContent(first, second)) || (closeWordingHits && closelyWorded(a, b)),
  };
}

/**
 * Precision and recall of the gateway's hit decision at `threshold`: at or above it and verified, or
 * below it down to `semantic_same_wording_threshold`'s default, written the same way and verified, or
 * down to the `semantic_restated_threshold` scored with, restated or closely worded (when scored with those
 * hits) and verified.
 * `verified: false` scores the similarity alone.
 */
export function quality<P extends SamePair>(scored: readonly ScoredPair<P>[], threshold: number, verified = true): Quality<P> {
  const isHit = (p: ScoredPair<P>) => (verified ? threshold <= hitsUpTo(p) : p.similarity >= threshold);
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

/**
 * The highest threshold at which the pair is a hit: its similarity, or every threshold when it answers
 * below them by its wording, or none when the verification refuses it. A pair hits at `threshold` when
 * `threshold <= hitsUpTo(pair)`, so a sweep reads each pair once instead of once a threshold.
 */
export function hitsUpTo(p: ScoredPair<SamePair>): number {
  if (p.refused !== undefined) return -Infinity;
  const worded =
    (p.sameWording && p.similarity >= SAME_WORDING_THRESHOLD_DEFAULT) || (p.restated && p.similarity >= p.restatedFrom);
  return worded ? Infinity : p.similarity;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
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
