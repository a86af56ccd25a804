import assert from 'node:assert/strict';
import { fakeInputTokens, fakeVector } from '../../fixtures/fake-embeddings.js';
import { clientList, embeddingsCacheKernel, type EmbeddingsCacheUnderTest } from './embeddings-under-test.js';

const TEXTS = ['the first text', 'a second one', 'third input here', 'number four', 'and the fifth'];
const tokens = (texts: string[]) => texts.reduce((sum, text) => sum + fakeInputTokens(text), 0);

describe('exact cache: embeddings, input by input', () => {
  let cache: EmbeddingsCacheUnderTest;
  beforeEach(async () => {
    cache = await embeddingsCacheKernel();
  });
  afterEach(() => cache.stop());

  it('answers a repeated input from the cache, telling the client of no usage', async () => {
    const first = await cache.embed({ input: 'hello world' });
    const second = await cache.embed({ input: 'hello world' });
    assert.equal(cache.received.length, 1);
    assert.deepEqual(first.cache, { status: 'miss' });
    assert.deepEqual(second.cache, { status: 'hit', layer: 'exact' });
    assert.deepEqual(clientList(second).data, clientList(first).data);
    assert.deepEqual(clientList(first).usage, {
      prompt_tokens: fakeInputTokens('hello world'),
      total_tokens: fakeInputTokens('hello world'),
    });
    assert.deepEqual(clientList(second).usage, { prompt_tokens: 0, total_tokens: 0 });
    // What the hit saved is left for the cost meter: the tokens the input cost when it was made.
    assert.equal(second.cached?.body.usage?.prompt_tokens, fakeInputTokens('hello world'));
    assert.equal(second.responseHeaders['x-sluice-cache-inputs'], '1/1');
  });

  it('forwards only the misses of a batch, in one call, and hands back the whole batch in order', async () => {
    await cache.embed({ input: [TEXTS[0], TEXTS[2]] });
    await cache.embed({ input: TEXTS[4] });
    cache.received.length = 0;

    const exchange = await cache.embed({ input: TEXTS });
    assert.deepEqual(cache.received, [{ model: 'text-embedding-3-small', input: [TEXTS[1], TEXTS[3]] }]);
    const list = clientList(exchange);
    assert.deepEqual(
      list.data.map((item) => item.index),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      list.data.map((item) => item.embedding),
      TEXTS.map((text) => fakeVector(text)),
    );
    const forwarded = tokens([TEXTS[1]!, TEXTS[3]!]);
    assert.deepEqual(list.usage, { prompt_tokens: forwarded, total_tokens: forwarded });
    assert.deepEqual(exchange.usage, { prompt_tokens: forwarded, completion_tokens: 0, total_tokens: forwarded });
    assert.equal(exchange.cache.status, 'miss');
    assert.equal(exchange.cached?.body.usage?.prompt_tokens, tokens([TEXTS[0]!, TEXTS[2]!, TEXTS[4]!]));
    assert.equal(exchange.responseHeaders['x-sluice-cache-inputs'], '3/5');

    // The misses were stored: the same batch again is answered whole.
    const again = await cache.embed({ input: TEXTS });
    assert.equal(cache.received.length, 1);
    assert.deepEqual(again.cache, { status: 'hit', layer: 'exact' });
    assert.deepEqual(clientList(again).data, list.data);
  });

  it('caches token-id inputs, each at its own token count', async () => {
    await cache.embed({
      input: [
        [1, 2, 3],
        [4, 5],
      ],
    });
    const exchange = await cache.embed({ input: [[4, 5], [6]] });
    assert.deepEqual(cache.received.at(-1)?.input, [6]);
    assert.equal(exchange.cached?.body.usage?.prompt_tokens, 2);
    assert.deepEqual(
      clientList(exchange).data.map((item) => item.embedding),
      [fakeVector('4,5'), fakeVector('6')],
    );
  });

  it('keeps vectors apart by model, dimensions, encoding format and tenant, not by user', async () => {
    await cache.embed({ input: 'same text', user: 'alice' });
    const variants: [Record<string, unknown>, string | undefined, boolean][] = [
      [{ input: 'same text', user: 'bob' }, undefined, true],
      [{ input: 'same text', encoding_format: 'float' }, undefined, true],
      [{ input: 'same text', model: 'text-embedding-3-large' }, undefined, false],
      [{ input: 'same text', dimensions: 4 }, undefined, false],
      [{ input: 'same text', encoding_format: 'base64' }, undefined, false],
      [{ input: 'same text' }, 'other-tenant', false],
    ];
    for (const [body, tenant, hit] of variants) {
      const exchange = await cache.embed(body, tenant ? { tenant } : {});
      assert.equal(exchange.cache.status, hit ? 'hit' : 'miss', JSON.stringify({ body, tenant }));
    }
    const base64 = await cache.embed({ input: 'same text', encoding_format: 'base64' });
    assert.equal(typeof clientList(base64).data[0]!.embedding, 'string');
  });

  it('counts inputs hit and missed, and evidences counts, never the texts', async () => {
    await cache.embed({ input: TEXTS.slice(0, 2) });
    await cache.embed({ input: TEXTS.slice(0, 4) });
    assert.equal(await cache.counter('gw_cache_exact_embedding_inputs_total', { mode: 'enforce', outcome: 'hit' }), 2);
    assert.equal(await cache.counter('gw_cache_exact_embedding_inputs_total', { mode: 'enforce', outcome: 'miss' }), 4);
    const lookups = cache.events.filter((event) => event.event_type === 'cache.lookup');
    assert.deepEqual(
      lookups.map((event) => [
        event.outcome,
        event.attributes?.embedding_inputs,
        event.attributes?.embedding_inputs_cached,
        event.cache?.upstream_called,
      ]),
      [
        ['miss', 2, 0, true],
        ['hit', 4, 2, true],
      ],
    );
    const stores = cache.events.filter((event) => event.event_type === 'cache.store');
    assert.deepEqual(
      stores.map((event) => event.attributes?.embedding_inputs_stored),
      [2, 2],
    );
    const text = JSON.stringify(cache.events);
    for (const input of TEXTS) assert.equal(text.includes(input), false);
  });

  it('stores nothing under no-store, and reads nothing under no-cache', async () => {
    await cache.embed({ input: 'kept out' }, { headers: { 'cache-control': 'no-store' } });
    const after = await cache.embed({ input: 'kept out' }, { headers: { 'cache-control': 'no-cache' } });
    assert.equal(after.cache.status, 'miss');
    const third = await cache.embed({ input: 'kept out' });
    assert.equal(third.cache.status, 'hit', 'the no-cache request stored its answer');
    assert.equal(cache.received.length, 2);
  });
});

describe('exact cache: embeddings in observe mode', () => {
  it('serves no input from the cache, and counts the would-hits', async () => {
    const cache = await embeddingsCacheKernel({}, 'observe');
    try {
      await cache.embed({ input: TEXTS.slice(0, 2) });
      const exchange = await cache.embed({ input: TEXTS.slice(0, 3) });
      assert.deepEqual(cache.received.at(-1)?.input, TEXTS.slice(0, 3));
      assert.equal(exchange.cached, undefined);
      assert.deepEqual(
        clientList(exchange).data.map((item) => item.embedding),
        TEXTS.slice(0, 3).map((text) => fakeVector(text)),
      );
      assert.equal(await cache.counter('gw_cache_exact_embedding_inputs_total', { mode: 'observe', outcome: 'hit' }), 2);
      const whole = await cache.embed({ input: TEXTS.slice(0, 3) });
      assert.equal(whole.cache.wouldHit, true);
      assert.equal(cache.received.length, 3);
    } finally {
      await cache.stop();
    }
  });
});
