/**
 * Close wording through the gateway with a neural embedder: an embeddings endpoint that gives chosen
 * vectors, so the neural similarity of each question is known (0.90, below the 0.95 default threshold),
 * and the lexical embedder's reading of the wording decides.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EvidenceEvent } from '@sluice/core';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const STORED = 'Could someone tell me how to change the margins in Google Docs?';
const CLOSE = 'How do I change the margins in Google Docs?';
const WORDED_APART = 'What is the way to adjust page borders in Google Docs?';
const SIDE = Math.sqrt(1 - 0.9 * 0.9);
/** Neural vectors by text: both others score 0.90 against the stored question; any other text is far from all. */
const VECTORS = new Map<string, number[]>([
  [STORED, [1, 0, 0, 0]],
  [CLOSE, [0.9, SIDE, 0, 0]],
  [WORDED_APART, [0.9, 0, SIDE, 0]],
]);

/** An OpenAI-compatible `POST /v1/embeddings` answering from VECTORS. */
async function startEmbeddings(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { input } = JSON.parse(body) as { input: string };
      const embedding = VECTORS.get(input) ?? [0, 0, 0, 1];
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding }],
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('gateway: a closely worded question answers below the threshold with a neural embedder', () => {
  let upstream: FakeUpstream;
  let embeddings: Awaited<ReturnType<typeof startEmbeddings>>;
  let dir: string;
  let started = 0;
  before(async () => {
    upstream = await startFakeUpstream();
    embeddings = await startEmbeddings();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-close-wording-'));
  });
  after(async () => {
    await upstream?.close();
    await embeddings?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function gatewayWith(extra: string): Promise<GatewayUnderTest> {
    const semantic =
      `semantic_cache_enabled on;\nsemantic_cache_data_dir ${dir}/${started++};\n` +
      `embedding_provider openai_compatible;\nembedding_base_url ${embeddings.baseUrl};\n${extra}`;
    return startGateway(baseConfig(upstream.baseUrl, semantic));
  }

  const ask = (gw: GatewayUnderTest, content: string) =>
    gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] }).withResponse();

  it('answers the closely worded question through the openai client and says why; the one worded apart misses', async () => {
    const gw = await gatewayWith('');
    const events: EvidenceEvent[] = [];
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-close-wording', (event) => void events.push(event));
    try {
      const first = await ask(gw, STORED);
      assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
      const close = await ask(gw, CLOSE);
      assert.equal(close.response.headers.get('x-sluice-cache'), 'hit-semantic');
      assert.equal(Number(close.response.headers.get('x-sluice-similarity')).toFixed(2), '0.90');
      assert.deepEqual(close.data, first.data);
      const lookup = events.find(
        (e) =>
          e.trace_id === close.response.headers.get('x-sluice-trace-id') &&
          e.event_type === 'cache.lookup' &&
          e.cache?.cache_type === 'semantic',
      );
      assert.equal(lookup?.attributes?.match, 'same_wording');
      assert.equal(lookup?.cache?.threshold, 0.95);
      const apart = await ask(gw, WORDED_APART);
      assert.equal(apart.response.headers.get('x-sluice-cache'), 'miss');
      const metrics = parsePrometheusText(await gw.metricsText());
      assert.equal(sampleValue(metrics, 'gw_semantic_threshold_results_total', { result: 'same_wording' }), 1);
      assert.equal(sampleValue(metrics, 'gw_semantic_threshold_results_total', { result: 'fail' }), 1);
    } finally {
      await gw.close();
    }
  });

  it('semantic_close_wording_hits off: the closely worded question misses too', async () => {
    // The pair is restated as well ("could someone tell me" frames the ask), and restated hits are on by default.
    const gw = await gatewayWith('semantic_close_wording_hits off;\nsemantic_restated_hits off;\n');
    try {
      assert.equal((await ask(gw, STORED)).response.headers.get('x-sluice-cache'), 'miss');
      assert.equal((await ask(gw, CLOSE)).response.headers.get('x-sluice-cache'), 'miss');
    } finally {
      await gw.close();
    }
  });
});
