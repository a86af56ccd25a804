import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EvidenceEvent } from '@sluice/core';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

// One word no event may ever carry: it is in every question and, echoed, in every answer.
const MARKER = /zanzibar/i;
const QUESTION = 'How do I reset my Zanzibar password?';
const PARAPHRASE = 'how do I reset my zanzibar password';
const UNRELATED = 'Which Zanzibar beaches are quiet in June?';
const TOOLS = [{ type: 'function' as const, function: { name: 'lookup_account', parameters: { type: 'object' } } }];

describe('gateway: evidence of every cache decision, without prompt or answer text', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  let dir: string;
  const events: EvidenceEvent[] = [];
  const traces = new Map<string, string>();
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-evidence-'));
    upstream = await startFakeUpstream();
    gw = await startGateway(baseConfig(upstream.baseUrl, `semantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\n`));
    gw.gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
    const ask = async (name: string, content: string, extra: Partial<ChatCompletionCreateParamsNonStreaming> = {}) => {
      const body = { model: 'test-model', messages: [{ role: 'user' as const, content }], ...extra };
      const { response } = await gw.client.chat.completions.create(body).withResponse();
      traces.set(name, response.headers.get('x-sluice-trace-id') ?? '');
    };
    await ask('first', QUESTION);
    await ask('paraphrase', PARAPHRASE);
    await ask('repeat', QUESTION);
    await ask('unrelated', UNRELATED);
    await ask('tools', QUESTION, { tools: TOOLS });
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const cacheEvents = (name: string) => events.filter((e) => e.trace_id === traces.get(name) && e.category === 'cache');
  const decisions = (name: string) =>
    cacheEvents(name)
      .map((e) => `${e.cache?.cache_type} ${e.event_type} ${e.outcome}`)
      .sort();
  const semanticLookup = (name: string) => {
    const found = cacheEvents(name).filter((e) => e.cache?.cache_type === 'semantic' && e.event_type === 'cache.lookup');
    assert.equal(found.length, 1, `one semantic lookup event for ${name}`);
    return found[0]!.cache!;
  };

  it('emits one event per cache decision, each naming its cache type and outcome', () => {
    assert.deepEqual(decisions('first'), [
      'exact cache.lookup miss',
      'exact cache.store stored',
      'semantic cache.lookup miss',
      'semantic cache.store stored',
    ]);
    assert.deepEqual(decisions('paraphrase'), ['exact cache.lookup miss', 'semantic cache.lookup hit']);
    assert.deepEqual(decisions('repeat'), ['exact cache.lookup hit']);
    assert.deepEqual(decisions('tools'), [
      'exact cache.lookup miss',
      'exact cache.store stored',
      'semantic cache.lookup skipped',
    ]);
    for (const event of events.filter((e) => e.category === 'cache')) {
      assert.equal(event.cache?.outcome, event.outcome, event.event_type);
      assert.match(event.cache.cache_type ?? '', /^(exact|semantic)$/);
    }
    const skipped = cacheEvents('tools').find((e) => e.outcome === 'skipped');
    assert.equal(skipped?.attributes?.reason, 'tools');
  });

  it('gives semantic lookups the threshold and the similarity of the best candidate', () => {
    const hit = semanticLookup('paraphrase');
    assert.equal(hit.threshold, 0.92);
    assert.ok(typeof hit.similarity_score === 'number' && hit.similarity_score >= 0.92, String(hit.similarity_score));
    assert.match(hit.record_id ?? '', /^\d+$/);
    assert.equal(hit.upstream_called, false);

    const miss = semanticLookup('unrelated');
    assert.equal(miss.threshold, 0.92);
    assert.ok(typeof miss.similarity_score === 'number' && miss.similarity_score < 0.92, String(miss.similarity_score));
    assert.equal(miss.upstream_called, true);

    const empty = semanticLookup('first');
    assert.equal(empty.threshold, 0.92);
    assert.equal(empty.similarity_score, undefined, 'no candidate, no score');
  });

  it('ends each request with the delivery path the cache decided', () => {
    const path = (name: string) =>
      events.find((e) => e.trace_id === traces.get(name) && e.event_type === 'request.completed')?.attributes?.delivery_path;
    assert.deepEqual(['first', 'paraphrase', 'repeat', 'unrelated'].map(path), [
      'upstream',
      'semantic_cache',
      'exact_cache',
      'upstream',
    ]);
  });

  it('never puts the question or the answer text in an event', () => {
    assert.ok(events.length >= 20, `${events.length} events captured`);
    const text = JSON.stringify(events);
    assert.doesNotMatch(text, MARKER);
    assert.doesNotMatch(text, /echo:/);
  });
});
