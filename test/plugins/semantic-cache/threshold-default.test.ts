import assert from 'node:assert/strict';
import { directivesOf, optionsFromConfig } from '@sluice/config';
import { SemanticCachePlugin, SemanticCacheOptionsSchema } from '@sluice/plugin-semantic-cache';
import { resolveSemanticConfig } from './semantic-config.js';

const inForce = (text: string) =>
  new SemanticCachePlugin(
    optionsFromConfig(
      SemanticCacheOptionsSchema,
      resolveSemanticConfig(`semantic_cache_enabled on;
${text}`),
    ),
  ).options;
const fromFile = (text: string) => inForce(text).threshold;
const NEURAL = 'embedding_provider openai_compatible; embedding_base_url http://127.0.0.1:9;';
const neural = { embedding: { provider: 'openai_compatible' as const, baseUrl: 'http://127.0.0.1:9' } };

describe('semantic cache: the similarity threshold by embedder', () => {
  it('not written: 0.92 with the local embedder, 0.95 with an openai_compatible one, in code and from a file', () => {
    assert.equal(new SemanticCachePlugin().options.threshold, 0.92);
    assert.equal(new SemanticCachePlugin(neural).options.threshold, 0.95);
    assert.equal(fromFile(''), 0.92);
    assert.equal(fromFile(NEURAL), 0.95);
  });

  it('a written threshold always wins, whatever the embedder', () => {
    assert.equal(new SemanticCachePlugin({ ...neural, threshold: 0.9 }).options.threshold, 0.9);
    assert.equal(new SemanticCachePlugin({ threshold: 0.97 }).options.threshold, 0.97);
    assert.equal(fromFile(`${NEURAL} semantic_similarity_threshold 0.9;`), 0.9);
    assert.equal(fromFile('semantic_similarity_threshold 0.95;'), 0.95);
  });

  it('the reference names both defaults, and the directive set has none of its own', () => {
    const spec = directivesOf(SemanticCacheOptionsSchema).semantic_similarity_threshold!;
    assert.equal(spec.default, undefined);
    assert.match(spec.summary, /Default 0\.92 with the local embedder, 0\.95 with `openai_compatible`/);
  });
});

describe('semantic cache: the floor of restated and closely worded hits by embedder', () => {
  it('not written: 0.80 with the local embedder, 0.75 with an openai_compatible one, in code and from a file', () => {
    assert.equal(new SemanticCachePlugin().options.restatedThreshold, 0.8);
    assert.equal(new SemanticCachePlugin(neural).options.restatedThreshold, 0.75);
    assert.equal(inForce('').restatedThreshold, 0.8);
    assert.equal(inForce(NEURAL).restatedThreshold, 0.75);
  });

  it('a written floor always wins, whatever the embedder', () => {
    assert.equal(new SemanticCachePlugin({ ...neural, restatedThreshold: 0.85 }).options.restatedThreshold, 0.85);
    assert.equal(new SemanticCachePlugin({ restatedThreshold: 0.7 }).options.restatedThreshold, 0.7);
    assert.equal(inForce(`${NEURAL} semantic_restated_threshold 0.8;`).restatedThreshold, 0.8);
    assert.equal(inForce('semantic_restated_threshold 0.75;').restatedThreshold, 0.75);
  });

  it('the reference names both defaults, and the directive set has none of its own', () => {
    const spec = directivesOf(SemanticCacheOptionsSchema).semantic_restated_threshold!;
    assert.equal(spec.default, undefined);
    assert.match(spec.summary, /Default 0\.8 with the local embedder, 0\.75 with `openai_compatible`/);
  });
});
