/**
 * Embeddings through the gateway as each client's users call them: the Vercel AI SDK (`embed`, `embedMany`),
 * LangChain (`OpenAIEmbeddings`) and the Python openai client, each against its own gateway and fake upstream.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createOpenAI } from '@ai-sdk/openai';
import { OpenAIEmbeddings } from '@langchain/openai';
import { embed, embedMany } from 'ai';
import { fakeInputTokens, fakeVector } from '../../fixtures/fake-embeddings.js';
import type { FakeUpstream } from '../../fixtures/fake-upstream.js';
import { gatewayForSuite } from './gateway-under-test.js';

const MODEL = 'text-embedding-3-small';
const PRICE = `model_price ${MODEL} 0.02 0;\n`;
const DOCUMENTS = ['Sluices hold water back.', 'A gate lets it through.', 'Canals need both.'];

function assertVector(actual: readonly number[], text: string): void {
  const expected = fakeVector(text);
  assert.equal(actual.length, expected.length, text);
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]!) < 1e-6, `${text}[${i}]`));
}

function inputsSent(upstream: FakeUpstream): unknown[] {
  return upstream.calls.filter((call) => call.path === '/v1/embeddings').map((call) => (call.body as { input: unknown }).input);
}

describe('gateway: embeddings with the Vercel AI SDK', () => {
  const suite = gatewayForSuite(PRICE);

  it('embed and embedMany, the repeat of a document answered from the cache', async () => {
    const openai = createOpenAI({ baseURL: `${suite.gw.url}/v1`, apiKey: 'client-key' });
    const model = openai.embedding(MODEL);
    const one = await embed({ model, value: DOCUMENTS[0]!, maxRetries: 0 });
    assertVector(one.embedding, DOCUMENTS[0]!);
    assert.equal(one.usage.tokens, fakeInputTokens(DOCUMENTS[0]!));

    const many = await embedMany({ model, values: DOCUMENTS, maxRetries: 0 });
    many.embeddings.forEach((vector, i) => assertVector(vector, DOCUMENTS[i]!));
    assert.equal(many.usage.tokens, fakeInputTokens(DOCUMENTS[1]!) + fakeInputTokens(DOCUMENTS[2]!), 'only what was forwarded');
    assert.deepEqual(inputsSent(suite.upstream), [DOCUMENTS[0], DOCUMENTS.slice(1)]);
  });
});

describe('gateway: embeddings with LangChain OpenAIEmbeddings', () => {
  const suite = gatewayForSuite(PRICE);

  it('embedQuery and embedDocuments, the query a document already embedded', async () => {
    const embeddings = new OpenAIEmbeddings({
      model: MODEL,
      apiKey: 'client-key',
      maxRetries: 0,
      configuration: { baseURL: `${suite.gw.url}/v1` },
    });
    const documents = await embeddings.embedDocuments(DOCUMENTS);
    documents.forEach((vector, i) => assertVector(vector, DOCUMENTS[i]!));
    const query = await embeddings.embedQuery(DOCUMENTS[1]!);
    assertVector(query, DOCUMENTS[1]!);
    assert.equal(inputsSent(suite.upstream).length, 1, 'the query was a cached input');
  });
});

describe('gateway: embeddings with the Python openai client', () => {
  const suite = gatewayForSuite(PRICE);
  before(function () {
    const probe = spawnSync('python3', ['-c', 'import openai'], { stdio: 'ignore' });
    if (probe.status === 0) return;
    const message = 'SKIPPED: embeddings with the Python openai client — python3 or its openai package is missing';
    if (process.env.CI === 'true') throw new Error(`${message}; CI requires it`);
    console.error(`\n  ${message}\n`);
    this.skip();
  });

  it('embeddings.create, one text then a batch, each vector in order', async () => {
    const script = [
      'import json, sys, openai',
      'client = openai.OpenAI(base_url=sys.argv[1], api_key="client-key", max_retries=0, timeout=10)',
      'one = client.embeddings.create(model=sys.argv[2], input=sys.argv[3])',
      'many = client.embeddings.create(model=sys.argv[2], input=json.loads(sys.argv[4]))',
      'print(json.dumps({"one": one.data[0].embedding, "many": [d.embedding for d in many.data],',
      '  "indexes": [d.index for d in many.data], "usage": many.usage.prompt_tokens}))',
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      'python3',
      ['-c', script, `${suite.gw.url}/v1`, MODEL, DOCUMENTS[0]!, JSON.stringify(DOCUMENTS)],
      { timeout: 10_000 },
    );
    const result = JSON.parse(stdout) as { one: number[]; many: number[][]; indexes: number[]; usage: number };
    assertVector(result.one, DOCUMENTS[0]!);
    result.many.forEach((vector, i) => assertVector(vector, DOCUMENTS[i]!));
    assert.deepEqual(result.indexes, [0, 1, 2]);
    assert.equal(result.usage, fakeInputTokens(DOCUMENTS[1]!) + fakeInputTokens(DOCUMENTS[2]!));
    assert.deepEqual(inputsSent(suite.upstream), [DOCUMENTS[0], DOCUMENTS.slice(1)]);
  });
});
