/** The printed tables of the quality test: precision and recall per threshold, per kind, and per target. */
import type { Half, QuestionPair } from './question-set.js';
import { hitsUpTo, quality, type ScoredPair } from './hit-quality.js';

export type ScoredQuestion = ScoredPair<QuestionPair>;

const HALVES: readonly Half[] = ['tune', 'measure'];
/** 0.70, 0.71, … 0.99. */
export const THRESHOLD_SWEEP: readonly number[] = Array.from({ length: 30 }, (_, i) => round(0.7 + i / 100, 2));
/** The finer grid a precision target is looked for on: 0.500 … 0.999. */
const FINE_GRID: readonly number[] = Array.from({ length: 500 }, (_, i) => round(0.5 + i / 1000, 3));

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);
const ofHalf = (scored: readonly ScoredQuestion[], half: Half) => scored.filter((p) => p.half === half);

/** One row a threshold: precision, recall and hits of each half, and of the similarity alone on the measure half. */
export function sweepTable(scored: readonly ScoredQuestion[], thresholds: readonly number[] = THRESHOLD_SWEEP): string[] {
  const lines = ['  thresh │ tune: precision recall  hits │ measure: precision recall  hits │ measure, similarity alone'];
  for (const threshold of thresholds) {
    const cells = HALVES.map((half) => {
      const q = quality(ofHalf(scored, half), threshold);
      return `${pct(q.precision)}    ${pct(q.recall)} ${String(q.hits).padStart(5)}`;
    });
    const alone = quality(ofHalf(scored, 'measure'), threshold, false);
    lines.push(
      `  ${threshold.toFixed(2)}   │       ${cells[0]} │          ${cells[1]} │ ${pct(alone.precision)} ${pct(alone.recall)}`,
    );
  }
  return lines;
}

export interface KindScore {
  readonly kind: string;
  readonly pairs: number;
  /** Hits on pairs labelled different, of how many such pairs. */
  readonly wrongHits: number;
  readonly different: number;
  /** Hits on paraphrases, of how many paraphrases. */
  readonly rightHits: number;
  readonly same: number;
  /** (wrong hits + missed paraphrases) / pairs. */
  readonly errorRate: number;
}

/** Each kind's hits at `threshold`, worst (highest error rate) first. */
export function kindScores(scored: readonly ScoredQuestion[], threshold: number): KindScore[] {
  const kinds = [...new Set(scored.map((p) => p.kind))];
  return kinds
    .map((kind) => {
      const ofKind = scored.filter((p) => p.kind === kind);
      const q = quality(ofKind, threshold);
      const same = ofKind.filter((p) => p.same).length;
      const rightHits = q.hits - q.wrongHits.length;
      const wrongHits = q.wrongHits.length;
      const errorRate = (wrongHits + same - rightHits) / ofKind.length;
      return { kind, pairs: ofKind.length, wrongHits, different: ofKind.length - same, rightHits, same, errorRate };
    })
    .sort((x, y) => y.errorRate - x.errorRate || x.kind.localeCompare(y.kind));
}

/** One row a kind, worst first on the measure half: wrong hits and right hits of each half. */
export function kindTable(scored: readonly ScoredQuestion[], threshold: number): string[] {
  const byHalf = new Map(
    HALVES.map((half) => [half, new Map(kindScores(ofHalf(scored, half), threshold).map((k) => [k.kind, k]))]),
  );
  const count = (n: number, of: number) => (of === 0 ? '–' : `${n}/${of}`).padStart(7);
  const cell = (k: KindScore | undefined) =>
    k === undefined
      ? ''.padEnd(34)
      : `${count(k.wrongHits, k.different)} wrong ${count(k.rightHits, k.same)} right ${pct(k.errorRate)}`;
  const lines = ['  kind                   │ tune: wrong hits, right hits, errors │ measure: wrong hits, right hits, errors'];
  for (const { kind } of kindScores(ofHalf(scored, 'measure'), threshold))
    lines.push(`  ${kind.padEnd(22)} │ ${cell(byHalf.get('tune')!.get(kind))} │ ${cell(byHalf.get('measure')!.get(kind))}`);
  return lines;
}

export interface ThresholdForPrecision {
  readonly precision: number;
  /** The lowest threshold from which precision stays at or above the target, or undefined when even 0.999 falls short. */
  readonly held: { readonly threshold: number; readonly recall: number } | undefined;
  /** The lowest threshold with a hit where precision is at or above the target, or undefined when none. */
  readonly reached: { readonly threshold: number; readonly recall: number } | undefined;
}

/**
 * On 0.500 … 0.999: the lowest threshold at and above which every threshold keeps `precision` (what an
 * operator can rely on), and the lowest at which it is reached at all (precision need not rise with the
 * threshold).
 */
export function thresholdForPrecision(scored: readonly ScoredQuestion[], precision: number): ThresholdForPrecision {
  const at = FINE_GRID.map((threshold) => ({ threshold, q: qualityOnGrid(scored, threshold) }));
  let held: ThresholdForPrecision['held'];
  for (let i = at.length - 1; i >= 0 && at[i]!.q.precision >= precision; i -= 1)
    held = { threshold: at[i]!.threshold, recall: at[i]!.q.recall };
  const first = at.find(({ q }) => q.hits > 0 && q.precision >= precision);
  const reached = first === undefined ? undefined : { threshold: first.threshold, recall: first.q.recall };
  return { precision, held, reached };
}

/** Each pair's {@link hitsUpTo}, read once per scored set: the fine grid asks 500 thresholds of it. */
const upToOf = new WeakMap<readonly ScoredQuestion[], { readonly upTo: Float64Array; readonly same: Uint8Array }>();

/** Precision, recall and hits as {@link quality} counts them, from the pairs' {@link hitsUpTo}. */
function qualityOnGrid(
  scored: readonly ScoredQuestion[],
  threshold: number,
): { precision: number; recall: number; hits: number } {
  let read = upToOf.get(scored);
  if (read === undefined) {
    read = { upTo: Float64Array.from(scored, hitsUpTo), same: Uint8Array.from(scored, (p) => (p.same ? 1 : 0)) };
    upToOf.set(scored, read);
  }
  let hits = 0;
  let right = 0;
  let paraphrases = 0;
  for (let i = 0; i < read.upTo.length; i += 1) {
    const hit = threshold <= read.upTo[i]!;
    hits += hit ? 1 : 0;
    right += hit && read.same[i] === 1 ? 1 : 0;
    paraphrases += read.same[i]!;
  }
  return { precision: hits === 0 ? 1 : right / hits, recall: paraphrases === 0 ? 0 : right / paraphrases, hits };
}

export function describeThreshold(t: ThresholdForPrecision): string {
  const point = (p: { threshold: number; recall: number }) => `${p.threshold.toFixed(3)} (recall ${pct(p.recall).trim()})`;
  const target = `precision ${t.precision.toFixed(2)}`;
  if (t.reached === undefined) return `${target}: at no threshold up to 0.999`;
  const held = t.held === undefined || t.held.recall === 0 ? 'held by no threshold with a hit' : `held from ${point(t.held)}`;
  return `${target}: first reached at ${point(t.reached)}, ${held}`;
}

function round(x: number, digits: number): number {
  return Number(x.toFixed(digits));
}
