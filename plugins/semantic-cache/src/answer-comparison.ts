/**
 * Observe mode: how close the answer a would-be hit had cached is to the live one, the data to choose a
 * threshold by. Always measured with the local embedder, whatever embedder the lookups use, so the
 * histogram means the same in every deployment and costs no embedding call.
 */
import type { ModelResponse } from '@sluice/core';
import { answerText } from './answer-text.js';
import { cosine } from './cosine.js';
import { LocalEmbedder } from './embeddings/local-embedder.js';
import type { SemanticMetrics } from './semantic-metrics.js';

export class AnswerComparison {
  readonly #answers = new LocalEmbedder();

  constructor(readonly metrics: SemanticMetrics) {}

  /** Records the similarity later; never throws into the store tap. */
  compare(cached: ModelResponse, live: ModelResponse): void {
    const a = answerText(cached.body);
    const b = answerText(live.body);
    if (a === undefined || b === undefined) return;
    void Promise.all([this.#answers.embed(a), this.#answers.embed(b)]).then(([x, y]) =>
      this.metrics.answerSimilarity(cosine(x.vector, y.vector)),
    );
  }
}
