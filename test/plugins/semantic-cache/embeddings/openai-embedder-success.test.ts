import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../../fixtures/fake-upstream.js';
import { tokensOf } from '../../../fixtures/openai-bodies.js';
import { openAIEmbedder } from './embedder-under-test.js';

describe('semantic-cache: OpenAIEmbedder, a successful call', () => {
  let provider: FakeUpstream;
  before(async () => {
    provider = await startFakeUpstream();
  });
  after(() => provider.close());
  beforeEach(() => provider.reset());

  it('posts {model, input} to /v1/embeddings and returns the vector and the billed tokens', async () => {
    const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl, apiKey: 'sk-test' });
    const text = 'how do I reset my password?';
    const { vector, promptTokens } = await embedder.embed(text);
    assert.equal(provider.calls.length, 1);
    assert.equal(provider.calls[0]?.method, 'POST');
    assert.equal(provider.calls[0]?.path, '/v1/embeddings');
    assert.deepEqual(provider.calls[0]?.body, { model: 'text-embedding-test', input: text });
    assert.equal(provider.calls[0]?.headers['content-type'], 'application/json');
    assert.equal(vector.length, 8);
    assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-9);
    assert.equal(promptTokens, tokensOf(text));
    await embedder.close();
  });

  it('appends /v1 to a provider root', async () => {
    const { embedder } = openAIEmbedder({ baseUrl: provider.url });
    await embedder.embed('hello');
    assert.equal(provider.calls[0]?.path, '/v1/embeddings');
    await embedder.close();
  });

  it('sends the key as a bearer token', async () => {
    const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl, apiKey: 'sk-test' });
    await embedder.embed('hello');
    assert.equal(provider.calls[0]?.headers.authorization, 'Bearer sk-test');
    await embedder.close();
  });

  for (const key of ['dummy', 'none', 'null', '-', '', ' NONE ', undefined]) {
    it(`sends no Authorization header for the placeholder key ${JSON.stringify(key)}`, async () => {
      const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl, apiKey: key });
      await embedder.embed('hello');
      assert.equal(provider.calls[0]?.headers.authorization, undefined);
      await embedder.close();
    });
  }

  it('reads a reply without usage as 0 tokens', async () => {
    provider.behave({ kind: 'status', status: 200, body: { object: 'list', data: [{ index: 0, embedding: [0.6, 0.8] }] } });
    const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl });
    assert.deepEqual(await embedder.embed('hello'), { vector: [0.6, 0.8], promptTokens: 0 });
    await embedder.close();
  });

  it('accepts a vector of the expected length', async () => {
    const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl, dims: 8 });
    assert.equal((await embedder.embed('hello')).vector.length, 8);
    assert.equal(embedder.dims, 8);
    await embedder.close();
  });

  it('records the call in gw_embedding_request_duration_seconds with outcome ok', async () => {
    const { embedder, value } = openAIEmbedder({ baseUrl: provider.baseUrl });
    await embedder.embed('one');
    await embedder.embed('two');
    assert.equal(await value('gw_embedding_request_duration_seconds', { outcome: 'ok' }), 2);
    assert.equal(await value('gw_embedding_timeouts_total'), 0);
    await embedder.close();
  });

  it('names itself openai_compatible with the configured model', () => {
    const { embedder } = openAIEmbedder({ baseUrl: provider.baseUrl, model: 'nomic-embed-text' });
    assert.equal(embedder.provider, 'openai_compatible');
    assert.equal(embedder.model, 'nomic-embed-text');
    assert.equal(embedder.dims, undefined);
    return embedder.close();
  });
});
