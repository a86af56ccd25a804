import assert from 'node:assert/strict';
import { fakeInputTokens, fakeVector } from '../../fixtures/fake-embeddings.js';
import { clientList, embeddingsCacheKernel } from './embeddings-under-test.js';

describe('exact cache: embeddings batches put back together', () => {
  it('keeps the order of a large batch whose cached inputs are scattered through it', async () => {
    const cache = await embeddingsCacheKernel();
    try {
      const texts = Array.from({ length: 500 }, (_, i) => `input number ${i}`);
      const cachedFirst = texts.filter((_, i) => i % 3 === 0);
      await cache.embed({ input: cachedFirst });
      const exchange = await cache.embed({ input: texts });
      assert.deepEqual(
        cache.received.at(-1)?.input,
        texts.filter((_, i) => i % 3 !== 0),
      );
      const list = clientList(exchange);
      assert.deepEqual(
        list.data.map((item) => item.index),
        texts.map((_, i) => i),
      );
      assert.deepEqual(
        list.data.map((item) => item.embedding),
        texts.map((text) => fakeVector(text)),
      );
      assert.equal(exchange.responseHeaders['x-sluice-cache-inputs'], `${cachedFirst.length}/500`);
    } finally {
      await cache.stop();
    }
  });

  it('shares a batch’s tokens among its texts so that the shares add up to what the batch cost', async () => {
    const cache = await embeddingsCacheKernel();
    try {
      const texts = ['short', 'a somewhat longer text to embed', 'and one in the middle'];
      const batch = await cache.embed({ input: texts });
      const total = batch.usage?.prompt_tokens ?? 0;
      assert.equal(
        total,
        texts.reduce((sum, text) => sum + fakeInputTokens(text), 0),
      );
      const shares: number[] = [];
      for (const text of texts) {
        const hit = await cache.embed({ input: text });
        assert.equal(hit.cache.status, 'hit');
        shares.push(hit.cached?.body.usage?.prompt_tokens ?? -1);
      }
      assert.equal(
        shares.reduce((a, b) => a + b, 0),
        total,
      );
      assert.ok(shares[1]! > shares[0]!, `longer text, larger share: ${shares.join(', ')}`);
    } finally {
      await cache.stop();
    }
  });

  it('fails a partial hit with upstream_invalid_response when the provider answers fewer vectors than it was sent', async () => {
    let dropping = false;
    const cache = await embeddingsCacheKernel({}, 'enforce', (body) =>
      dropping ? { ...body, data: body.data.slice(0, 1) } : body,
    );
    try {
      await cache.embed({ input: 'cached one' });
      dropping = true;
      const exchange = await cache.embed({ input: ['cached one', 'new a', 'new b'] });
      assert.equal(exchange.error?.code, 'upstream_invalid_response');
      assert.equal(exchange.response, undefined, 'never a list with a vector in the wrong place');
      dropping = false;
      const after = await cache.embed({ input: ['new a', 'new b'] });
      assert.equal(after.cache.status, 'miss', 'nothing of the short reply was stored');
    } finally {
      await cache.stop();
    }
  });
});
