import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EvidenceEvent } from '@sluice/core';
import { LOCAL_EMBEDDER_DEFAULT_DIMS, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import { HnswVectorStore } from '@sluice/vector-store';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';
const SHOUTED = 'HOW DO I RESET MY PASSWORD?';

const ask = (gw: GatewayUnderTest, content: string) =>
  gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] }).withResponse();

async function metric(gw: GatewayUnderTest, name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleValue(parsePrometheusText(await gw.metricsText()), name, labels) ?? 0;
}

async function storedQuestions(dir: string): Promise<string[]> {
  const store = await HnswVectorStore.open<SemanticEntry>({
    dims: LOCAL_EMBEDDER_DEFAULT_DIMS,
    dataDir: dir,
    durability: 'snapshot',
  });
  try {
    const questions: string[] = [];
    for await (const record of store.iterate()) questions.push(record.payload.question);
    return questions;
  } finally {
    await store.close();
  }
}

describe('gateway: observe mode measures the exact and semantic caches without serving them', () => {
  let upstream: FakeUpstream;
  let dir: string;
  let gw: GatewayUnderTest | undefined;
  const events: EvidenceEvent[] = [];
  const config = (mode: string) =>
    baseConfig(upstream.baseUrl, `gw_enforcement_mode ${mode};\nsemantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\n`);
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-observe-'));
    upstream = await startFakeUpstream();
    gw = await startGateway(config('observe'));
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends every request upstream and gives the client the live answer, counting would-hits only', async () => {
    const first = await ask(gw!, QUESTION);
    const repeat = await ask(gw!, QUESTION);
    const paraphrase = await ask(gw!, PARAPHRASE);
    assert.equal(upstream.calls.filter((c) => c.path === '/v1/chat/completions').length, 3);
    for (const reply of [first, repeat, paraphrase]) assert.equal(reply.response.headers.get('x-sluice-cache'), 'miss');
    assert.notEqual(repeat.data.id, first.data.id, 'the repeat is a live answer, not the stored one');
    assert.equal(paraphrase.data.choices[0]?.message.content, `echo: ${PARAPHRASE}`);

    const usage = first.data.usage!;
    const cost = usage.prompt_tokens * 1 + usage.completion_tokens * 2;
    assert.equal(await metric(gw!, 'gw_evaluation_cache_outcomes_total', { layer: 'exact', outcome: 'would_hit' }), 1);
    assert.equal(await metric(gw!, 'gw_evaluation_cache_outcomes_total', { layer: 'semantic', outcome: 'would_hit' }), 1);
    assert.equal(await metric(gw!, 'gw_evaluation_upstream_calls_avoided_total'), 2);
    assert.equal(await metric(gw!, 'gw_evaluation_gross_saved_micro_usd_total'), 2 * cost);
    for (const production of ['gw_cache_exact_hits', 'gw_cache_semantic_hits', 'gw_gross_saved_micro_usd_total']) {
      assert.equal(await metric(gw!, production), 0, production);
    }
    assert.equal(await metric(gw!, 'gw_evaluation_semantic_answer_similarity_count'), 1);
  });

  it('/version names the evaluation scope and directory', async () => {
    const version = (await (await fetch(`${gw!.url}/version`)).json()) as Record<string, unknown>;
    assert.equal(version.gw_enforcement_mode, 'observe');
    assert.equal(version.effective_cache_scope, 'evaluation');
    assert.equal(version.effective_evaluation_collection, path.join(dir, 'evaluation'));
  });

  it('marks every evidence event with attributes.enforcement_mode "observe"', () => {
    assert.ok(events.some((e) => e.category === 'cache' && e.cache?.cache_type === 'semantic' && e.outcome === 'hit'));
    const unmarked = events.filter((e) => e.attributes?.enforcement_mode !== 'observe');
    assert.deepEqual(
      unmarked.map((e) => e.event_type),
      [],
    );
  });

  it('says on each semantic decision what enforce would have done and what was done', () => {
    const lookups = events.filter((e) => e.cache?.cache_type === 'semantic' && e.event_type === 'cache.lookup');
    const wouldHit = lookups.find((e) => e.outcome === 'hit');
    assert.equal(wouldHit?.attributes?.would_action, 'serve_cached');
    assert.ok(lookups.every((e) => e.attributes?.applied_action === 'forward_upstream'));
  });

  it('switching the same data directory to enforce does not promote the shadow entries', async () => {
    await gw!.close();
    gw = undefined;
    assert.deepEqual((await storedQuestions(path.join(dir, 'evaluation'))).sort(), [PARAPHRASE, QUESTION].sort());
    upstream.reset();
    gw = await startGateway(config('enforce'));
    const lookups: EvidenceEvent[] = [];
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => {
      if (event.event_type === 'cache.lookup' && event.cache?.cache_type === 'semantic') lookups.push(event);
    });
    const reply = await ask(gw, QUESTION);
    assert.equal(reply.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(upstream.calls.filter((c) => c.path === '/v1/chat/completions').length, 1);
    assert.equal(lookups.length, 1);
    assert.equal(lookups[0]?.cache?.similarity_score, undefined, 'the production store has no candidate at all');
  });
});

describe('gateway: observe mode through a vector store outage', () => {
  let upstream: FakeUpstream;
  let peer: QdrantPeer;
  let gw: GatewayUnderTest;
  before(async () => {
    upstream = await startFakeUpstream();
    peer = await QdrantPeer.start();
    const extra = `gw_enforcement_mode observe;\nsemantic_cache_enabled on;\nvectordb_url ${peer.url};\n`;
    gw = await startGateway(baseConfig(upstream.baseUrl, extra));
  });
  after(async () => {
    await gw?.close();
    await peer?.close();
    await upstream?.close();
  });

  it('/version names the evaluation collection', async () => {
    const version = (await (await fetch(`${gw.url}/version`)).json()) as Record<string, unknown>;
    assert.equal(version.effective_evaluation_collection, 'sluice_semantic_evaluation');
  });

  it('pauses evaluation while Qdrant is down, stays ready, and resumes when it is back', async () => {
    await ask(gw, QUESTION);
    assert.equal(peer.collection('sluice_semantic_evaluation')?.points.size, 1);
    assert.equal(peer.collection('sluice_semantic'), undefined, 'nothing in the production collection');

    await peer.stop();
    const during = await ask(gw, PARAPHRASE);
    assert.equal(during.data.choices[0]?.message.content, `echo: ${PARAPHRASE}`);
    assert.ok((await metric(gw, 'gw_evaluation_errors_total', { layer: 'semantic' })) >= 1);
    assert.equal(await metric(gw, 'gw_evaluation_cache_outcomes_total', { layer: 'semantic', outcome: 'would_hit' }), 0);
    const ready = await fetch(`${gw.url}/readyz`);
    assert.equal(ready.status, 200, await ready.text());

    await peer.start();
    const errors = await metric(gw, 'gw_evaluation_errors_total', { layer: 'semantic' });
    const after = await ask(gw, SHOUTED);
    assert.equal(after.data.choices[0]?.message.content, `echo: ${SHOUTED}`);
    assert.equal(await metric(gw, 'gw_evaluation_cache_outcomes_total', { layer: 'semantic', outcome: 'would_hit' }), 1);
    assert.equal(await metric(gw, 'gw_evaluation_errors_total', { layer: 'semantic' }), errors);
    assert.equal(upstream.calls.filter((c) => c.path === '/v1/chat/completions').length, 3);
  });
});
