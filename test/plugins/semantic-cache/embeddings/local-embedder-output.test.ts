/**
 * The local embedder's vectors, bit for bit: stored entries keep the vectors of the release that wrote
 * them, so a rewrite for speed must give exactly the same numbers. The digests were taken from the
 * embedder as it stood before its allocation-light rewrite; a deliberate change of output is a new model
 * (LOCAL_EMBEDDER_MODEL) and takes new digests.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LocalEmbedder } from '@sluice/plugin-semantic-cache';

const PAIRS = JSON.parse(readFileSync(new URL('../../../fixtures/semantic-pairs.json', import.meta.url), 'utf8')) as {
  a: string;
  b: string;
}[];
/** Texts through the other branches: empty, non-Latin, accents, contractions, numbers, operators, symbols. */
const EDGES = [
  '',
  '   ',
  '???',
  '東京の天気は？',
  'Ünïcödé café, naïve façade',
  "I can't log-in: what's 15% of twenty-five?",
  'c++ & c# 1,000 2-3 a-b 6 / 3',
  'dont cant wont cannot whats',
];

function digest(dims: number): string {
  const embedder = new LocalEmbedder({ dims });
  const hash = createHash('sha256');
  for (const text of [...PAIRS.flatMap((pair) => [pair.a, pair.b]), ...EDGES])
    hash.update(new Float64Array(embedder.embedSync(text)));
  return hash.digest('hex');
}

describe('semantic-cache: LocalEmbedder output', () => {
  it('gives the vectors of sluice-lexical-v1 exactly, at the default length and at others', () => {
    assert.equal(
      PAIRS.length * 2 + EDGES.length,
      686,
      'the labelled set changed: take the digests again from a known-good embedder',
    );
    assert.equal(digest(256), '6dc50de22a148cf196c974f579921175a0ce0da846bb67ac84402273d683f2f6');
    assert.equal(digest(512), 'c6d805f8167827f0ceacf6a80edcd672fb9f1bc61adca9d13c5490f79c7d7b95');
    assert.equal(digest(300), 'd2ff49d5740634767ab8eb0763853046a48dcca9aea463104d53ce84e4b98839');
  });

  it('gives the same vector when calls alternate between lengths and texts (no state kept between calls)', () => {
    const short = new LocalEmbedder({ dims: 16 });
    const embedder = new LocalEmbedder();
    const first = embedder.embedSync('How do I reset my password?');
    short.embedSync('something else entirely, with more words in it');
    embedder.embedSync('How do I change my email address?');
    assert.deepEqual(embedder.embedSync('How do I reset my password?'), first);
  });
});
