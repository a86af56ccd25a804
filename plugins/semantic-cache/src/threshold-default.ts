/**
 * The similarity threshold in force when `semantic_similarity_threshold` is not written: a neural embedder
 * scores unrelated questions far higher than the lexical one, so one default cannot fit both. Each default
 * comes from the tune half of the labelled question set (docs/semantic-cache.md, "Choosing a threshold").
 */
import { byEmbedder } from './embedder-default.js';

/**
 * Lexical embedder: tune-half precision 1.000 at recall 0.143 (verification on); measure half 0.992 at
 * 0.124. Tune-half precision stays 1.000 down to 0.80 (recall 0.244), but below 0.92 the similarity
 * alone is right on fewer than 9 pairs in 10 (0.881 at 0.90), so every hit would lean on the verification.
 */
export const LOCAL_THRESHOLD_DEFAULT = 0.92;

/**
 * Neural embedder (`openai_compatible`), measured with USE-lite and its default rules (every one,
 * verify-rules-default.ts) and same-wording hits down to 0.80, on the 5,176-pair question set: tune-half
 * precision 0.991 at recall 0.225, measure half 0.986 at 0.216. The tune half holds precision 0.98 from
 * 0.923 (recall 0.290); on the first 4,376 pairs it pointed to 0.84 (0.994), which the measure half did
 * not confirm (0.947): the verification's refusals learned on one half do not hold as well on the other,
 * and a wrong answer costs more than a miss (docs/semantic-cache.md, "Choosing a threshold").
 */
export const NEURAL_THRESHOLD_DEFAULT = 0.95;

/**
 * `semantic_restated_threshold`'s default with the lexical embedder: the least similarity of a restated or
 * closely worded hit. Words in another order leave more room for a different question than the same
 * wording does: on the tune half of the labelled question set, restated hits from 0.70 let in 3 wrong
 * hits more, for recall 0.250 → 0.306; from 0.75, on the 8,666 pairs of the fourteenth round, no wrong
 * hit more on the tune half but 10 on the measure half (docs/semantic-cache.md, "Restated questions").
 */
export const LOCAL_RESTATED_THRESHOLD_DEFAULT = 0.8;

/**
 * With a neural embedder, measured with USE-lite at its default threshold and rules on the 8,666 pairs of
 * the fourteenth round: from 0.75, 7 paraphrases more on the tune half and no wrong hit (recall 0.456 →
 * 0.460); the measure half finds 15 more for 2 wrong hits (recall 0.395 → 0.404, precision 0.924 →
 * 0.923). From 0.70 the tune half lets in a wrong hit ("Who were the best generals of World War 2?" /
 * "What was the general cause of World War 2?").
 */
export const NEURAL_RESTATED_THRESHOLD_DEFAULT = 0.75;

/** The floor of restated and closely worded hits a lookup applies: the written one, else its embedder's default. */
export function restatedThreshold(options: {
  readonly restatedThreshold?: number;
  readonly embedding: { readonly provider: string };
}): number {
  return byEmbedder(
    options.restatedThreshold,
    options.embedding.provider,
    LOCAL_RESTATED_THRESHOLD_DEFAULT,
    NEURAL_RESTATED_THRESHOLD_DEFAULT,
  );
}

/** The threshold a lookup applies: the written one, else its embedder's default. */
export function similarityThreshold(options: {
  readonly threshold?: number;
  readonly embedding: { readonly provider: string };
}): number {
  return byEmbedder(options.threshold, options.embedding.provider, LOCAL_THRESHOLD_DEFAULT, NEURAL_THRESHOLD_DEFAULT);
}
