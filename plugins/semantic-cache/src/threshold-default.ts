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

/** The threshold a lookup applies: the written one, else its embedder's default. */
export function similarityThreshold(options: {
  readonly threshold?: number;
  readonly embedding: { readonly provider: string };
}): number {
  return byEmbedder(options.threshold, options.embedding.provider, LOCAL_THRESHOLD_DEFAULT, NEURAL_THRESHOLD_DEFAULT);
}
