import assert from 'node:assert/strict';
import { Metrics } from '@sluice/core';
import { createEmbedder, SemanticCachePlugin } from '@sluice/plugin-semantic-cache';

/** The embedding options as the plugin resolves them at start. */
const embeddingOptions = (input: ConstructorParameters<typeof SemanticCachePlugin>[0]) =>
  new SemanticCachePlugin(input).options.embedding;

describe('createEmbedder: the embedder the start makes, for --test-config too', () => {
  it('makes the local embedder at the configured length', async () => {
    const embedder = createEmbedder(embeddingOptions({ embedding: { provider: 'local', localDims: 64 } }), new Metrics());
    assert.equal(embedder.provider, 'local');
    assert.equal((await embedder.embed('hello')).vector.length, 64);
  });

  it('makes an OpenAI-compatible embedder without calling it', async () => {
    const options = embeddingOptions({ embedding: { provider: 'openai_compatible', baseUrl: 'http://127.0.0.1:9/v1' } });
    const embedder = createEmbedder(options, new Metrics(), 8);
    assert.equal(embedder.provider, 'openai_compatible');
    await embedder.close?.();
  });

  it("refuses an OpenAI-compatible provider without a base URL in the start's words", () => {
    const options = embeddingOptions({ embedding: { provider: 'openai_compatible' } });
    assert.throws(
      () => createEmbedder(options, new Metrics()),
      /^Error: embedding_base_url is required with embedding_provider openai_compatible$/,
    );
  });
});
