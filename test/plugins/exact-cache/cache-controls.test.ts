import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { admitCaller, type Caller } from '@sluice/caller';
import { Exchange, Kernel, type EvidenceEvent, type Mode } from '@sluice/core';
import { ExactCachePlugin, type ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import { SemanticCachePlugin } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';
import { tapStubUpstream } from '../../fixtures/stub-upstream.js';

interface Ask {
  headers?: Record<string, string>;
  caller?: Partial<Caller>;
  mode?: Mode;
}

async function controlledCache(options: ExactCacheOptionsInput = {}) {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  kernel.use(new ExactCachePlugin(options));
  const upstreamCalls = tapStubUpstream(kernel);
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('collect', (event) => void events.push(event));
  await kernel.start();
  return {
    kernel,
    upstreamCalls,
    events,
    /** The exact layer's cache events of the last request. */
    cacheEvents: (exchange: Exchange) =>
      events.filter((e) => e.trace_id === exchange.traceId && e.category === 'cache' && e.cache?.cache_type === 'exact'),
    async ask(content: string, { headers = {}, caller, mode = 'enforce' }: Ask = {}) {
      const request = { model: 'test-model', messages: [{ role: 'user' as const, content }] };
      const exchange = new Exchange({ request, headers, mode });
      if (caller !== undefined) {
        admitCaller(exchange, { keyId: 'app', tenant: 'acme', cacheShare: false, cacheControls: true, limits: {}, ...caller });
      }
      await kernel.run(exchange);
      return exchange;
    },
  };
}

const answer = (exchange: Exchange) =>
  (exchange.response?.body as { choices?: { message?: { content?: unknown } }[] } | undefined)?.choices?.[0]?.message?.content;

describe('exact-cache: per-request cache controls', () => {
  let cache: Awaited<ReturnType<typeof controlledCache>>;
  beforeEach(async () => (cache = await controlledCache()));
  afterEach(async () => cache.kernel.stop());

  it('no-cache goes upstream and stores the fresh answer in place of the old one', async () => {
    await cache.ask('q');
    const fresh = await cache.ask('q', { headers: { 'cache-control': 'no-cache' } });
    assert.equal(fresh.cache.status, 'miss');
    assert.equal(answer(fresh), 'answer 2 to q');
    const after = await cache.ask('q');
    assert.equal(after.cache.status, 'hit');
    assert.equal(answer(after), 'answer 2 to q');
    assert.equal(cache.upstreamCalls(), 2);
    const [lookup, store] = cache.cacheEvents(fresh);
    assert.equal(lookup?.outcome, 'bypassed');
    assert.equal(lookup?.attributes?.cache_control, 'no-cache');
    assert.equal(store?.outcome, 'stored');
  });

  it('no-store answers from the cache but never stores', async () => {
    const first = await cache.ask('q', { headers: { 'cache-control': 'no-store' } });
    assert.equal(first.cache.status, 'miss');
    assert.equal((await cache.ask('q')).cache.status, 'miss');
    const hit = await cache.ask('q', { headers: { 'cache-control': 'no-store' } });
    assert.equal(hit.cache.status, 'hit');
    assert.equal(cache.upstreamCalls(), 2);
    const store = cache.cacheEvents(first).find((e) => e.event_type === 'cache.store');
    assert.equal(store?.outcome, 'skipped');
    assert.equal(store?.attributes?.cache_control, 'no-store');
  });

  it('max-age turns an older entry into a miss, whose fresh answer replaces it; Age says how old a hit is', async () => {
    await cache.ask('q');
    assert.equal((await cache.ask('q', { headers: { 'cache-control': 'max-age=60' } })).cache.status, 'hit');
    await sleep(1100);
    const aged = await cache.ask('q');
    assert.equal(aged.responseHeaders.age, '1');
    const stale = await cache.ask('q', { headers: { 'cache-control': 'max-age=1' } });
    assert.equal(stale.cache.status, 'miss');
    assert.equal(answer(stale), 'answer 2 to q');
    assert.equal(stale.responseHeaders.age, undefined);
    const lookup = cache.cacheEvents(stale)[0];
    assert.deepEqual([lookup?.outcome, lookup?.attributes?.reason, lookup?.attributes?.max_age_seconds], ['miss', 'max_age', 1]);
    const renewed = await cache.ask('q', { headers: { 'cache-control': 'max-age=1' } });
    assert.equal(renewed.cache.status, 'hit');
    assert.equal(answer(renewed), 'answer 2 to q');
    assert.equal(renewed.responseHeaders.age, '0');
  });

  it('max-age=0 never reads', async () => {
    await cache.ask('q');
    assert.equal((await cache.ask('q', { headers: { 'cache-control': 'max-age=0' } })).cache.status, 'miss');
    assert.equal(cache.upstreamCalls(), 2);
  });

  it('x-sluice-cache-ttl shortens how long the answer lives', async () => {
    const stored = await cache.ask('q', { headers: { 'x-sluice-cache-ttl': '1' } });
    assert.equal(cache.cacheEvents(stored).find((e) => e.outcome === 'stored')?.attributes?.cache_ttl_seconds, 1);
    assert.equal((await cache.ask('q')).cache.status, 'hit');
    await sleep(1100);
    assert.equal((await cache.ask('q')).cache.status, 'miss');
  });

  it('keeps entries of one namespace apart from the tenant’s own and from another namespace', async () => {
    const ns = (name: string) => ({ headers: { 'x-sluice-cache-namespace': name } });
    await cache.ask('q', ns('billing'));
    assert.equal((await cache.ask('q')).cache.status, 'miss');
    assert.equal((await cache.ask('q', ns('support'))).cache.status, 'miss');
    const hit = await cache.ask('q', ns('billing'));
    assert.equal(hit.cache.status, 'hit');
    assert.equal(cache.cacheEvents(hit)[0]?.attributes?.cache_namespace, 'billing');
  });

  it('still bypasses with x-sluice-cache-bypass', async () => {
    await cache.ask('q');
    const bypassed = await cache.ask('q', { headers: { 'x-sluice-cache-bypass': 'yes' } });
    assert.equal(bypassed.cache.status, 'bypass');
    assert.equal(bypassed.responseHeaders['x-sluice-cache'], 'bypass');
    assert.equal(cache.upstreamCalls(), 2);
  });

  it('ignores the headers of a key whose cache controls are off', async () => {
    const off = { cacheControls: false };
    await cache.ask('q', { caller: off });
    for (const headers of [
      { 'cache-control': 'no-cache' },
      { 'x-sluice-cache-bypass': '1' },
      { 'x-sluice-cache-namespace': 'other' },
      { 'x-sluice-cache-ttl': 'not-a-number' },
    ]) {
      assert.equal((await cache.ask('q', { headers, caller: off })).cache.status, 'hit', JSON.stringify(headers));
    }
    assert.equal(cache.upstreamCalls(), 1);
  });

  it('puts two tenants whose keys share in one pool; without sharing they never meet', async () => {
    await cache.ask('q', { caller: { tenant: 'acme' } });
    assert.equal((await cache.ask('q', { caller: { tenant: 'globex' } })).cache.status, 'miss');
    await cache.ask('shared q', { caller: { tenant: 'acme', cacheShare: true } });
    const shared = await cache.ask('shared q', { caller: { tenant: 'globex', cacheShare: true } });
    assert.equal(shared.cache.status, 'hit');
    assert.equal(cache.cacheEvents(shared)[0]?.attributes?.cache_pool, 'shared');
    // The shared pool is not the tenant's own.
    assert.equal((await cache.ask('shared q', { caller: { tenant: 'acme' } })).cache.status, 'miss');
  });

  it('keeps a tenant’s entries stored without any control reachable (its scope is the bare tenant)', async () => {
    await cache.ask('q', { caller: { tenant: 'acme' } });
    const exchange = new Exchange({
      request: { model: 'test-model', messages: [{ role: 'user', content: 'q' }] },
      tenant: 'acme',
    });
    await cache.kernel.run(exchange);
    assert.equal(exchange.cache.status, 'hit');
  });

  it('answers a malformed control with 400 invalid_cache_control before any upstream call', async () => {
    const refused = await cache.ask('q', { headers: { 'x-sluice-cache-ttl': '0' } });
    assert.equal(refused.error?.code, 'invalid_cache_control');
    assert.equal(refused.error?.status, 400);
    assert.deepEqual(refused.error?.reply().body, {
      error: {
        message: 'x-sluice-cache-ttl must be a positive whole number of seconds.',
        type: 'invalid_request_error',
        code: 'invalid_cache_control',
        param: null,
      },
    });
    assert.equal(cache.upstreamCalls(), 0);
  });

  it('applies the controls in observe mode, in the shadow namespace', async () => {
    await cache.ask('q', { mode: 'observe' });
    const skipped = await cache.ask('q', { mode: 'observe', headers: { 'cache-control': 'no-cache' } });
    assert.equal(skipped.cache.wouldHit, undefined);
    assert.equal((await cache.ask('q', { mode: 'observe' })).cache.wouldHit, true);
    assert.equal((await cache.ask('q')).cache.status, 'miss');
  });
});

describe('exact-cache with the semantic cache: invalid_cache_control', () => {
  it('is one registration, declared by both layers and listed once', () => {
    const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
    kernel.use(new ExactCachePlugin());
    kernel.use(new SemanticCachePlugin());
    const listed = kernel.errors.filter((error) => error.code === 'invalid_cache_control');
    assert.equal(listed.length, 1);
    assert.equal(listed[0]?.owner, '@sluice/cache-controls');
  });
});
