/**
 * Observe mode: how close the answer a would-be hit had cached is to the live one, the data to choose a
 * threshold by. Always measured with the local embedder, whatever embedder the lookups use, so the
 * histogram means the same in every deployment and costs no embedding call.
 */
import type { ModelResponse } from '@sluice/core';
import { answerText } from './answer-text.js';
import { answerAgreement, calibrationBucket } from './calibration.js';
import { cosine } from './cosine.js';
import { LocalEmbedder } from './embeddings/local-embedder.js';
import type { SemanticMetrics } from './semantic-metrics.js';

/** The candidate whose cached answer is compared: its question similarity, and whether it was the would-be hit. */
export interface ComparedCandidate {
  readonly similarity: number;
  readonly wouldHit: boolean;
}

export class AnswerComparison {
  readonly #answers = new LocalEmbedder();

  constructor(readonly metrics: SemanticMetrics) {}

  /**
   * Records the similarity later, in the answer-similarity histogram (would-be hits only) and in the
   * calibration counter by question-similarity bucket; never throws into the store tap.
   */
  compare(cached: ModelResponse['body'], live: ModelResponse, candidate: ComparedCandidate): void {
    const a = answerText(cached);
    const b = answerText(live.body);
    if (a === undefined || b === undefined) return;
    const bucket = calibrationBucket(candidate.similarity);
    void Promise.all([this.#answers.embed(a), this.#answers.embed(b)]).then(([x, y]) => {
      const similarity = cosine(x.vector, y.vector);
      if (candidate.wouldHit) this.metrics.answerSimilarity(similarity);
      if (bucket !== undefined) this.metrics.calibration(bucket, answerAgreement(similarity));
    });
  }
}
