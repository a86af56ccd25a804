/**
 * The semantic cache on the Responses API: a paraphrase of a plain text input is answered from it (with
 * the first answer's Responses object), entries are kept apart from chat completions, and a request with
 * tools or `previous_response_id` is never answered from it; in observe mode both layers only count would-hits.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';
const TOOLS = [{ type: 'function' as const, name: 'lookup_account', parameters: { type: 'object' }, strict: false }];

describe('gateway: the semantic cache on the Responses API', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-responses-semantic-'));
    upstream = await startFakeUpstream();
    gw = await startGateway(baseConfig(upstream.baseUrl, `semantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\n`));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const responseCalls = () => upstream.calls.filter((c) => c.path === '/v1/responses').length;

  it('answers a paraphrase of a plain text input from the semantic cache, as a Responses object', async () => {
    const ask = (input: string) => gw.client.responses.create({ model: 'test-model', input }).withResponse();
    const first = await ask(QUESTION);
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    const second = await ask(PARAPHRASE);
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-semantic');
    assert.deepEqual(second.data, first.data);
    assert.equal(second.data.output_text, `echo: ${QUESTION}`);
    assert.equal(responseCalls(), 1);

    const chat = await gw.client.chat.completions
      .create({ model: 'test-model', messages: [{ role: 'user', content: PARAPHRASE }] })
      .withResponse();
    assert.equal(chat.response.headers.get('x-sluice-cache'), 'miss', 'chat entries are apart');
    assert.equal(chat.data.object, 'chat.completion');
  });

  it('never answers a request with tools or previous_response_id from it', async () => {
    const withTools = () => gw.client.responses.create({ model: 'test-model', input: 'Which plan am I on?', tools: TOOLS });
    await withTools();
    await gw.client.responses.create({ model: 'test-model', input: 'which plan am i on', tools: TOOLS });
    assert.equal(responseCalls(), 3);

    const first = await gw.client.responses.create({ model: 'test-model', input: 'Tell me about sluice gates.' });
    const follow = (input: string) =>
      gw.client.responses.create({ model: 'test-model', input, previous_response_id: first.id }).withResponse();
    await follow('And the next one?');
    const again = await follow('and the next one');
    assert.equal(again.response.headers.get('x-sluice-cache'), 'bypass');
    assert.equal(responseCalls(), 6);
  });
});

describe('gateway: the Responses API in observe mode', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-responses-observe-'));
    upstream = await startFakeUpstream();
    const lines = `gw_enforcement_mode observe;\nsemantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\n`;
    gw = await startGateway(baseConfig(upstream.baseUrl, lines));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const metric = async (name: string, labels: Record<string, string>) =>
    sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0;

  it('answers every request live and counts the would-hits of both layers', async () => {
    const ask = (input: string) => gw.client.responses.create({ model: 'test-model', input }).withResponse();
    const first = await ask(QUESTION);
    const repeat = await ask(QUESTION);
    const paraphrase = await ask(PARAPHRASE);
    assert.equal(upstream.calls.filter((c) => c.path === '/v1/responses').length, 3);
    for (const reply of [first, repeat, paraphrase]) assert.equal(reply.response.headers.get('x-sluice-cache'), 'miss');
    assert.notEqual(repeat.data.id, first.data.id, 'the repeat is a live answer');
    assert.equal(paraphrase.data.output_text, `echo: ${PARAPHRASE}`);
    assert.equal(await metric('gw_evaluation_cache_outcomes_total', { layer: 'exact', outcome: 'would_hit' }), 1);
    assert.equal(await metric('gw_evaluation_cache_outcomes_total', { layer: 'semantic', outcome: 'would_hit' }), 1);
  });
});
