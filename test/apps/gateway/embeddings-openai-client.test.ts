import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EvidenceEvent } from '@sluice/core';
import { fakeInputTokens, fakeVector } from '../../fixtures/fake-embeddings.js';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { describeRedis } from '../../fixtures/redis.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const MODEL = 'text-embedding-3-small';
/** $0.02 per million input tokens: 0.02 micro-USD per token. */
const PRICE = `model_price ${MODEL} 0.02 0;\n`;
const TEXTS = ['the first text', 'a second one', 'third input here', 'number four', 'and the fifth'];

/** float32 from base64 against the fake's float64: equal to 6 places. */
function assertVector(actual: number[], text: string): void {
  const expected = fakeVector(text);
  assert.equal(actual.length, expected.length);
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]!) < 1e-6, `${text}[${i}]`));
}

const embeddingCalls = (upstream: FakeUpstream) => upstream.calls.filter((call) => call.path === '/v1/embeddings');

async function metric(gw: GatewayUnderTest, name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0;
}

describe('gateway: POST /v1/embeddings with the official openai client', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let dir: string;
  const events: EvidenceEvent[] = [];
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-embeddings-'));
    upstream = await startFakeUpstream();
    // The semantic cache is on, to show it never answers an embeddings request.
    gw = await startGateway(
      baseConfig(upstream.baseUrl, `${PRICE}semantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\n`),
    );
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => upstream.reset());

  it('embeds one text, then answers it again from the exact cache', async () => {
    const first = await gw.client.embeddings.create({ model: MODEL, input: 'What is a sluice?' }).withResponse();
    const second = await gw.client.embeddings.create({ model: MODEL, input: 'What is a sluice?' }).withResponse();
    assert.equal(first.data.data.length, 1);
    assertVector(first.data.data[0]!.embedding, 'What is a sluice?');
    assert.deepEqual(second.data.data, first.data.data);
    // The Node client asks for base64 and decodes it itself.
    assert.deepEqual(
      embeddingCalls(upstream).map((call) => call.body),
      [{ model: MODEL, input: 'What is a sluice?', encoding_format: 'base64' }],
    );
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(second.response.headers.get('x-sluice-cache-inputs'), '1/1');
    const tokens = fakeInputTokens('What is a sluice?');
    assert.deepEqual(first.data.usage, { prompt_tokens: tokens, total_tokens: tokens });
    assert.deepEqual(second.data.usage, { prompt_tokens: 0, total_tokens: 0 });
  });

  it('forwards only the 2 uncached inputs of a batch of 5, and gives the client all 5 in order', async () => {
    await gw.client.embeddings.create({ model: MODEL, input: [TEXTS[0]!, TEXTS[2]!] });
    await gw.client.embeddings.create({ model: MODEL, input: TEXTS[4]! });
    upstream.reset();
    const costBefore = await metric(gw, 'gw_request_cost_micro_usd_total', { model: MODEL });
    const savedBefore = await metric(gw, 'gw_gross_saved_micro_usd_total');
    const tokensSavedBefore = await metric(gw, 'gw_tokens_saved');

    const batch = await gw.client.embeddings.create({ model: MODEL, input: TEXTS }).withResponse();
    assert.deepEqual(
      embeddingCalls(upstream).map((call) => (call.body as { input: unknown }).input),
      [[TEXTS[1], TEXTS[3]]],
      'one upstream call with exactly the misses',
    );
    assert.deepEqual(
      batch.data.data.map((item) => item.index),
      [0, 1, 2, 3, 4],
    );
    batch.data.data.forEach((item, i) => assertVector(item.embedding, TEXTS[i]!));
    const forwarded = fakeInputTokens(TEXTS[1]!) + fakeInputTokens(TEXTS[3]!);
    const cached = fakeInputTokens(TEXTS[0]!) + fakeInputTokens(TEXTS[2]!) + fakeInputTokens(TEXTS[4]!);
    assert.deepEqual(batch.data.usage, { prompt_tokens: forwarded, total_tokens: forwarded });
    assert.equal(batch.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(batch.response.headers.get('x-sluice-cache-inputs'), '3/5');

    // Cost of what went upstream, savings of what the cache answered, both at the model's price.
    const cost = (await metric(gw, 'gw_request_cost_micro_usd_total', { model: MODEL })) - costBefore;
    const saved = (await metric(gw, 'gw_gross_saved_micro_usd_total')) - savedBefore;
    assert.equal(cost, Math.round(forwarded * 0.02));
    assert.equal(saved, Math.round(cached * 0.02));
    assert.equal((await metric(gw, 'gw_tokens_saved')) - tokensSavedBefore, cached);
    assert.ok((await metric(gw, 'gw_cache_exact_embedding_inputs_total', { mode: 'enforce', outcome: 'hit' })) >= 3);

    const trace = batch.response.headers.get('x-sluice-trace-id');
    const lookup = events.find((e) => e.trace_id === trace && e.event_type === 'cache.lookup' && e.cache?.cache_type === 'exact');
    assert.deepEqual(lookup?.attributes, { embedding_inputs: 5, embedding_inputs_cached: 3 });
    const semantic = events.find((e) => e.trace_id === trace && e.cache?.cache_type === 'semantic');
    assert.equal(semantic?.attributes?.reason, 'endpoint', 'the semantic cache skipped it');
    const completed = events.find((e) => e.trace_id === trace && e.event_type === 'request.completed');
    assert.equal(completed?.attributes?.delivery_path, 'upstream');
    assert.equal(JSON.stringify(events).includes(TEXTS[1]!), false, 'no input text in evidence');
  });

  it('keeps float and base64 vectors apart, and answers floats as floats', async () => {
    const response = await fetch(`${gw.url}/v1/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: ['What is a sluice?'], encoding_format: 'float' }),
    });
    const body = (await response.json()) as { object: string; data: { embedding: number[] }[] };
    assert.equal(response.headers.get('x-sluice-cache'), 'miss', 'the base64 entry of the same text is not a float vector');
    assert.equal(body.object, 'list');
    assert.deepEqual(body.data[0]!.embedding, fakeVector('What is a sluice?'));
  });

  it('refuses a streamed or malformed embeddings request with 400 before the upstream', async () => {
    for (const body of [{ model: MODEL, input: 'x', stream: true }, { model: MODEL, input: [] }, { model: MODEL }]) {
      const response = await fetch(`${gw.url}/v1/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { error: { code: string; message: string } };
      assert.equal(response.status, 400, JSON.stringify(answer));
      assert.equal(answer.error.code, 'invalid_request');
    }
    assert.equal(embeddingCalls(upstream).length, 0);
  });

  it('refuses a model with no price entry', async () => {
    await assert.rejects(
      gw.client.embeddings.create({ model: 'text-embedding-unpriced', input: 'x' }),
      (error: { status?: number; code?: string }) => error.status === 400 && error.code === 'model_not_allowed',
    );
  });
});

describe('gateway: embeddings through the privacy guard', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  before(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway(baseConfig(upstream.baseUrl, `${PRICE}privacy_guard_enabled on;\n`));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('sends the upstream masked inputs, and caches them masked', async () => {
    const inputs = ['Invoice for ana@example.com', 'no personal data here'];
    const first = await gw.client.embeddings.create({ model: MODEL, input: inputs });
    const received = embeddingCalls(upstream).map((call) => (call.body as { input: string[] }).input);
    assert.equal(received.length, 1);
    assert.equal(received[0]![0], 'Invoice for [EMAIL_1]');
    assert.equal(received[0]![1], 'no personal data here');
    assert.ok(!JSON.stringify(upstream.calls).includes('ana@example.com'), 'the upstream never saw the address');
    assertVector(first.data[0]!.embedding, 'Invoice for [EMAIL_1]');
    // Another address masks to the same placeholder: the masked input is the cached one.
    const second = await gw.client.embeddings.create({ model: MODEL, input: 'Invoice for bob@example.org' }).withResponse();
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(embeddingCalls(upstream).length, 1);
  });
});

describeRedis('gateway: embeddings cached per input in Redis', (redis) => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let other: GatewayUnderTest | undefined;
  before(async () => {
    upstream = await startFakeUpstream();
    const lines = `${PRICE}kv_url ${redis().url};\nkv_key_prefix ${redis().prefix}exact:;\n`;
    gw = await startGateway(baseConfig(upstream.baseUrl, lines));
    other = await startGateway(baseConfig(upstream.baseUrl, lines));
  });
  after(async () => {
    await other?.close();
    await gw?.close();
    await upstream?.close();
  });

  it('answers a second gateway from the vectors the first stored, input by input', async () => {
    await gw.client.embeddings.create({ model: MODEL, input: TEXTS.slice(0, 3) });
    const batch = await other!.client.embeddings.create({ model: MODEL, input: TEXTS }).withResponse();
    assert.deepEqual(
      embeddingCalls(upstream).map((call) => (call.body as { input: unknown }).input),
      [TEXTS.slice(0, 3), TEXTS.slice(3)],
    );
    assert.equal(batch.response.headers.get('x-sluice-cache-inputs'), '3/5');
    batch.data.data.forEach((item, i) => assertVector(item.embedding, TEXTS[i]!));
    const again = await gw.client.embeddings.create({ model: MODEL, input: TEXTS }).withResponse();
    assert.equal(again.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(embeddingCalls(upstream).length, 2);
  });
});
