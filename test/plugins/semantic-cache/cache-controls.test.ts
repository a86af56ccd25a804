import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { admitCaller, type Caller } from '@sluice/caller';
import { Exchange, Kernel, type EvidenceEvent, type Mode } from '@sluice/core';
import { SemanticCachePlugin } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';
import { tapStubUpstream } from '../../fixtures/stub-upstream.js';

const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';

interface Ask {
  headers?: Record<string, string>;
  caller?: Partial<Caller>;
}

describe('semantic-cache: per-request cache controls', () => {
  let dir: string;
  let kernel: Kernel;
  let upstreamCalls: () => number;
  let events: EvidenceEvent[];

  async function start(mode: Mode = 'enforce', ttlSeconds = 3600): Promise<void> {
    kernel = new Kernel({ logger: pino({ level: 'silent' }), mode });
    kernel.use(new SemanticCachePlugin({ ttlSeconds, store: { dataDir: dir, autosaveSeconds: 0 } }));
    upstreamCalls = tapStubUpstream(kernel);
    events = [];
    kernel.hooks.evidence.tap('collect', (event) => void events.push(event));
    await kernel.start();
  }

  async function ask(question: string, { headers = {}, caller }: Ask = {}): Promise<Exchange> {
    const request = { model: 'test-model', messages: [{ role: 'user' as const, content: question }] };
    const exchange = new Exchange({ request, mode: kernel.mode, headers });
    if (caller !== undefined) {
      admitCaller(exchange, { keyId: 'app', tenant: 'acme', cacheShare: false, cacheControls: true, limits: {}, ...caller });
    }
    await kernel.run(exchange);
    return exchange;
  }

  const cacheEvents = (exchange: Exchange, type: string) =>
    events.filter((e) => e.trace_id === exchange.traceId && e.event_type === type && e.cache?.cache_type === 'semantic');
  const answer = (exchange: Exchange) =>
    (exchange.response?.body as { choices?: { message?: { content?: unknown } }[] } | undefined)?.choices?.[0]?.message?.content;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-controls-'));
    await start();
  });
  afterEach(async () => {
    await kernel.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('no-cache skips the search, and its fresh answer replaces the entry', async () => {
    await ask(QUESTION);
    const fresh = await ask(QUESTION, { headers: { 'cache-control': 'no-cache' } });
    assert.equal(fresh.cache.status, 'miss');
    const [lookup] = cacheEvents(fresh, 'cache.lookup');
    assert.deepEqual([lookup?.outcome, lookup?.attributes?.cache_control], ['bypassed', 'no-cache']);
    assert.equal(cacheEvents(fresh, 'cache.store')[0]?.outcome, 'stored');
    const after = await ask(PARAPHRASE);
    assert.equal(after.cache.status, 'hit');
    assert.equal(answer(after), `answer 2 to ${QUESTION}`);
    assert.equal(upstreamCalls(), 2);
  });

  it('no-store answers from the cache but never stores', async () => {
    const first = await ask(QUESTION, { headers: { 'cache-control': 'no-store' } });
    const [store] = cacheEvents(first, 'cache.store');
    assert.deepEqual([store?.outcome, store?.attributes?.cache_control], ['skipped', 'no-store']);
    assert.equal((await ask(QUESTION)).cache.status, 'miss');
    assert.equal((await ask(PARAPHRASE, { headers: { 'cache-control': 'no-store' } })).cache.status, 'hit');
    assert.equal(upstreamCalls(), 2);
  });

  it('no-cache with no-store neither searches nor stores', async () => {
    await ask(QUESTION);
    const neither = await ask(QUESTION, { headers: { 'cache-control': 'no-cache, no-store' } });
    assert.equal(neither.cache.status, 'miss');
    assert.equal(cacheEvents(neither, 'cache.lookup')[0]?.attributes?.cache_control, 'no-cache,no-store');
    assert.deepEqual(cacheEvents(neither, 'cache.store'), []);
    assert.equal(answer(await ask(QUESTION)), `answer 1 to ${QUESTION}`);
  });

  it('max-age turns an older entry into a miss, whose fresh answer replaces it; Age says how old a hit is', async () => {
    await ask(QUESTION);
    const young = await ask(PARAPHRASE, { headers: { 'cache-control': 'max-age=60' } });
    assert.equal(young.cache.status, 'hit');
    assert.equal(young.responseHeaders.age, '0');
    await sleep(1100);
    assert.equal((await ask(PARAPHRASE)).responseHeaders.age, '1');
    const stale = await ask(QUESTION, { headers: { 'cache-control': 'max-age=1' } });
    assert.equal(stale.cache.status, 'miss');
    assert.equal(stale.responseHeaders.age, undefined);
    const [lookup] = cacheEvents(stale, 'cache.lookup');
    assert.deepEqual([lookup?.outcome, lookup?.attributes?.reason], ['miss', 'max_age']);
    const renewed = await ask(PARAPHRASE, { headers: { 'cache-control': 'max-age=1' } });
    assert.equal(renewed.cache.status, 'hit');
    assert.equal(answer(renewed), `answer 2 to ${QUESTION}`);
  });

  it('x-sluice-cache-ttl shortens how long the entry answers', async () => {
    const stored = await ask(QUESTION, { headers: { 'x-sluice-cache-ttl': '1' } });
    assert.equal(cacheEvents(stored, 'cache.store')[0]?.attributes?.cache_ttl_seconds, 1);
    assert.equal((await ask(PARAPHRASE)).cache.status, 'hit');
    await sleep(1100);
    assert.equal((await ask(PARAPHRASE)).cache.status, 'miss');
  });

  it('x-sluice-cache-ttl cannot lengthen the layer’s TTL', async () => {
    await kernel.stop();
    await start('enforce', 1);
    await ask(QUESTION, { headers: { 'x-sluice-cache-ttl': '86400' } });
    assert.equal((await ask(PARAPHRASE)).cache.status, 'hit');
    await sleep(1100);
    assert.equal((await ask(PARAPHRASE)).cache.status, 'miss');
  });

  it('keeps a namespace’s entries apart from the tenant’s own and from another namespace', async () => {
    const ns = (name: string) => ({ headers: { 'x-sluice-cache-namespace': name } });
    await ask(QUESTION, ns('billing'));
    assert.equal((await ask(PARAPHRASE)).cache.status, 'miss');
    assert.equal((await ask(PARAPHRASE, ns('support'))).cache.status, 'miss');
    const hit = await ask(PARAPHRASE, ns('billing'));
    assert.equal(hit.cache.status, 'hit');
    assert.equal(cacheEvents(hit, 'cache.lookup')[0]?.attributes?.cache_namespace, 'billing');
  });

  it('still bypasses with x-sluice-cache-bypass', async () => {
    await ask(QUESTION);
    const bypassed = await ask(QUESTION, { headers: { 'x-sluice-cache-bypass': 'on' } });
    assert.equal(bypassed.cache.status, 'bypass');
    assert.equal(bypassed.responseHeaders['x-sluice-cache'], 'bypass');
    assert.equal(upstreamCalls(), 2);
  });

  it('ignores the headers of a key whose cache controls are off', async () => {
    const off = { cacheControls: false };
    await ask(QUESTION, { caller: off });
    for (const headers of [
      { 'cache-control': 'max-age=0' },
      { 'x-sluice-cache-bypass': 'true' },
      { 'x-sluice-cache-namespace': 'other' },
      { 'x-sluice-cache-namespace': '!!' },
    ]) {
      assert.equal((await ask(PARAPHRASE, { headers, caller: off })).cache.status, 'hit', JSON.stringify(headers));
    }
    assert.equal(upstreamCalls(), 1);
  });

  it('puts two tenants whose keys share in one pool; without sharing they never meet', async () => {
    await ask(QUESTION, { caller: { tenant: 'acme' } });
    assert.equal((await ask(PARAPHRASE, { caller: { tenant: 'globex' } })).cache.status, 'miss');
    await ask('What are your opening hours?', { caller: { tenant: 'acme', cacheShare: true } });
    const shared = await ask('what are your opening hours', { caller: { tenant: 'globex', cacheShare: true } });
    assert.equal(shared.cache.status, 'hit');
    assert.equal(cacheEvents(shared, 'cache.lookup')[0]?.attributes?.cache_pool, 'shared');
    assert.equal((await ask('what are your opening hours', { caller: { tenant: 'acme' } })).cache.status, 'miss');
  });

  it('answers a malformed control with 400 invalid_cache_control', async () => {
    const refused = await ask(QUESTION, { headers: { 'cache-control': 'max-age=soon' } });
    assert.equal(refused.error?.code, 'invalid_cache_control');
    assert.equal(refused.error?.status, 400);
    assert.equal(upstreamCalls(), 0);
  });

  it('applies the controls in observe mode', async () => {
    await kernel.stop();
    await start('observe');
    await ask(QUESTION);
    const skipped = await ask(PARAPHRASE, { headers: { 'cache-control': 'no-cache' } });
    assert.equal(skipped.cache.wouldHit, undefined);
    const [lookup] = cacheEvents(skipped, 'cache.lookup');
    assert.deepEqual([lookup?.outcome, lookup?.attributes?.enforcement_mode], ['bypassed', 'observe']);
    assert.equal((await ask(PARAPHRASE)).cache.wouldHit, true);
  });
});
