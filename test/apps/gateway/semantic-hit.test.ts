import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EvidenceEvent } from '@sluice/core';
import { LOCAL_EMBEDDER_DEFAULT_DIMS, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import { HnswVectorStore } from '@sluice/vector-store';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { SLUICE_BIN, writeConfig } from '../cli/gateway-process.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';
const semanticConfig = (dir: string, extra = '') => `semantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\n${extra}`;

async function sluice(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SLUICE_BIN, ...args], { timeout: 10_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number | null; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function metric(gw: GatewayUnderTest, name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0;
}

describe('gateway: a paraphrase is a semantic hit through the official openai client', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-semantic-'));
    upstream = await startFakeUpstream();
    gw = await startGateway(baseConfig(upstream.baseUrl, semanticConfig(dir)));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the paraphrase from the semantic cache with its similarity, calling the upstream once', async () => {
    const ask = (content: string) =>
      gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] }).withResponse();
    const first = await ask(QUESTION);
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    const before = { saved: await metric(gw, 'gw_gross_saved_micro_usd_total'), tokens: await metric(gw, 'gw_tokens_saved') };

    const second = await ask(PARAPHRASE);
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-semantic');
    const similarity = Number(second.response.headers.get('x-sluice-similarity'));
    assert.ok(similarity >= 0.92 && similarity <= 1, `x-sluice-similarity ${similarity}`);
    assert.deepEqual(second.data, first.data);
    assert.equal(second.data.choices[0]?.message.content, `echo: ${QUESTION}`);
    assert.equal(upstream.calls.filter((c) => c.path === '/v1/chat/completions').length, 1);

    const usage = first.data.usage!;
    assert.equal(await metric(gw, 'gw_cache_semantic_hits'), 1);
    assert.equal(await metric(gw, 'gw_cache_exact_hits'), 0);
    assert.equal(
      await metric(gw, 'gw_gross_saved_micro_usd_total'),
      before.saved + usage.prompt_tokens * 1 + usage.completion_tokens * 2,
    );
    assert.equal(await metric(gw, 'gw_tokens_saved'), before.tokens + usage.total_tokens);
  });

  it('answers a question written the same way with typos, or restated, below the threshold, and says why in its evidence', async () => {
    const events: EvidenceEvent[] = [];
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-same-wording', (event) => void events.push(event));
    const ask = (content: string) =>
      gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] }).withResponse();
    const first = await ask('How do I reset my Apple ID password?');
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    // The local embedder scores the misspelled question about 0.81: below 0.92, above the wording threshold 0.50.
    const typed = await ask('how do i reset my apple id pasword');
    assert.equal(typed.response.headers.get('x-sluice-cache'), 'hit-semantic');
    const similarity = Number(typed.response.headers.get('x-sluice-similarity'));
    assert.ok(similarity >= 0.8 && similarity < 0.92, `x-sluice-similarity ${similarity}`);
    assert.deepEqual(typed.data, first.data);
    assert.equal(await metric(gw, 'gw_semantic_threshold_results_total', { result: 'same_wording' }), 1);
    const lookup = events.find(
      (e) =>
        e.trace_id === typed.response.headers.get('x-sluice-trace-id') &&
        e.event_type === 'cache.lookup' &&
        e.cache?.cache_type === 'semantic',
    );
    assert.equal(lookup?.outcome, 'hit');
    assert.equal(lookup?.attributes?.match, 'same_wording');
    assert.equal(lookup?.cache?.threshold, 0.92);

    // Restated (the same content words, "the steps to" framing the ask): with the local embedder a hit
    // below the threshold too. Another thing asked about is none.
    const restated = await ask('What are the steps to reset an Apple ID password?');
    assert.equal(restated.response.headers.get('x-sluice-cache'), 'hit-semantic');
    assert.ok(Number(restated.response.headers.get('x-sluice-similarity')) < 0.92);
    assert.equal(await metric(gw, 'gw_semantic_threshold_results_total', { result: 'same_wording' }), 2);
    const other = await ask('What are the steps to reset an Apple ID security question?');
    assert.notEqual(other.response.headers.get('x-sluice-cache'), 'hit-semantic');

    // One spelling of the word that carries the question takes the lexical similarity far down (about
    // 0.53 here): the same wording answers down to 0.50, a restated question only down to 0.80.
    assert.equal((await ask('How do I organise my finances?')).response.headers.get('x-sluice-cache'), 'miss');
    const spelled = await ask('How do I organize my finances?');
    assert.equal(spelled.response.headers.get('x-sluice-cache'), 'hit-semantic');
    const low = Number(spelled.response.headers.get('x-sluice-similarity'));
    assert.ok(low >= 0.5 && low < 0.8, `x-sluice-similarity ${low}`);
  });

  it('/version reports enforce mode, the production scope and no evaluation collection', async () => {
    const version = (await (await fetch(`${gw.url}/version`)).json()) as Record<string, unknown>;
    assert.equal(version.gw_enforcement_mode, 'enforce');
    assert.equal(version.effective_cache_scope, 'production');
    assert.equal(version.effective_evaluation_collection, null);
    assert.equal(version.supported_api_style, 'openai_compatible');
    assert.equal(version.provider_specific_config_blocks, false);
  });
});

describe('sluice gateway: semantic configuration checks and pruning (real processes)', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-semantic-cli-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('--test-config refuses vectordb_vector_size 384 with the local embedder at 256, naming both', async () => {
    const file = await writeConfig(`model_price m 1 2;\n${semanticConfig(dir, 'vectordb_vector_size 384;\n')}`);
    const result = await sluice(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 1, result.stdout);
    assert.match(result.stderr, /vectordb_vector_size 384 does not match the local embedder's output length 256/);
  });

  it('--test-config refuses embedding_provider openai_compatible without embedding_base_url', async () => {
    const file = await writeConfig(`model_price m 1 2;\n${semanticConfig(dir, 'embedding_provider openai_compatible;\n')}`);
    const result = await sluice(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 1, result.stdout);
    assert.match(result.stderr, /embedding_provider openai_compatible needs embedding_base_url/);
  });

  it('refuses to start when the embedding endpoint returns 8 numbers and vectordb_vector_size is 16', async () => {
    const provider = await startFakeUpstream();
    try {
      const extra = `embedding_provider openai_compatible;\nembedding_base_url ${provider.baseUrl};\nvectordb_vector_size 16;\n`;
      const file = await writeConfig(`listen_addr 127.0.0.1:0;\n${baseConfig(provider.baseUrl, semanticConfig(dir, extra))}`);
      const result = await sluice(['gateway', '--config', file]);
      assert.equal(result.code, 1, result.stdout);
      assert.match(result.stderr, /\b8 dimensions where 16 are expected/);
      assert.ok(!result.stdout.includes('listening'), result.stdout);
    } finally {
      await provider.close();
    }
  });

  it('--prune-expired-semantic-cache removes the expired entries only and prints how many', async () => {
    const upstream = await startFakeUpstream();
    const ask = (gw: GatewayUnderTest, content: string) =>
      gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] });
    let expiresBy: number;
    try {
      const shortLived = await startGateway(
        baseConfig(upstream.baseUrl, semanticConfig(dir, 'semantic_cache_ttl_seconds 50ms;\n')),
      );
      await ask(shortLived, 'What is the capital of France?');
      await ask(shortLived, 'How many legs does a spider have?');
      expiresBy = Date.now() + 50;
      await shortLived.close();
      const longLived = await startGateway(baseConfig(upstream.baseUrl, semanticConfig(dir)));
      await ask(longLived, QUESTION);
      await longLived.close();
    } finally {
      await upstream.close();
    }
    // Not a timing assertion: the entries written first must be past their expiry before pruning.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresBy + 20 - Date.now())));

    const file = await writeConfig(`model_price m 1 2;\n${semanticConfig(dir)}`);
    const first = await sluice(['gateway', '--config', file, '--prune-expired-semantic-cache']);
    assert.equal(first.code, 0, first.stderr);
    assert.ok(first.stdout.includes(`${path.join(dir, 'live')}: removed 2 expired semantic entries`), first.stdout);
    assert.match(first.stdout, /removed 2 expired semantic entries in all/);
    const again = await sluice(['gateway', '--config', file, '--prune-expired-semantic-cache']);
    assert.match(again.stdout, /removed 0 expired semantic entries in all/);

    const store = await HnswVectorStore.open<SemanticEntry>({
      dims: LOCAL_EMBEDDER_DEFAULT_DIMS,
      dataDir: path.join(dir, 'live'),
      durability: 'snapshot',
    });
    try {
      const questions: string[] = [];
      for await (const record of store.iterate()) questions.push(record.payload.question);
      assert.deepEqual(questions, [QUESTION]);
    } finally {
      await store.close();
    }
  });
});
