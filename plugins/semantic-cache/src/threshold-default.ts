/**
 * The similarity threshold in force when `semantic_similarity_threshold` is not written: a neural embedder
 * scores unrelated questions far higher than the lexical one, so one default cannot fit both. Each default
 * comes from the tune half of the labelled question set (docs/semantic-cache.md, "Choosing a threshold").
 */

/** Lexical embedder: tune-half precision 1.000 at recall 0.142 (verification on). */
export const LOCAL_THRESHOLD_DEFAULT = 0.92;

/**
 * Neural embedder (`openai_compatible`), measured with USE-lite: the first threshold of the 0.01 sweep whose
 * tune-half precision reached 0.95 (0.952 at recall 0.182). With the verification of the narrowing phrase
 * and the names spelled like function words, tune-half precision at 0.95 is 0.994 (recall 0.182), and it
 * reaches 0.98 from 0.93 on (0.982 at recall 0.228), where the measure half has 0.964 at recall 0.251.
 */
export const NEURAL_THRESHOLD_DEFAULT = 0.95;

/** The threshold a lookup applies: the written one, else its embedder's default. */
export function similarityThreshold(options: {
  readonly threshold?: number;
  readonly embedding: { readonly provider: string };
}): number {
  if (options.threshold !== undefined) return options.threshold;
  return options.embedding.provider === 'local' ? LOCAL_THRESHOLD_DEFAULT : NEURAL_THRESHOLD_DEFAULT;
}
