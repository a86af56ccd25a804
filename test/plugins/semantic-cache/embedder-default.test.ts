import assert from 'node:assert/strict';
import { byEmbedder } from '../../../plugins/semantic-cache/src/embedder-default.js';

describe('semantic cache: a default by embedder', () => {
  it('takes the local default with the local embedder, the neural one with any other, and a written value always', () => {
    assert.equal(byEmbedder(undefined, 'local', 0.92, 0.95), 0.92);
    assert.equal(byEmbedder(undefined, 'openai_compatible', 0.92, 0.95), 0.95);
    assert.equal(byEmbedder(0.5, 'openai_compatible', 0.92, 0.95), 0.5);
    assert.equal(byEmbedder(false, 'local', true, false), false);
  });
});
