import assert from 'node:assert/strict';
import { cacheKernel } from './cache-under-test.js';

describe('exact-cache: in-memory store', () => {
  it('answers the second identical request from the cache with the identical body', async () => {
    const cache = await cacheKernel();
    const first = await cache.ask('what is a sluice?');
    const second = await cache.ask('what is a sluice?');
    assert.equal(cache.upstreamCalls(), 1);
    assert.equal(first.cache.status, 'miss');
    assert.deepEqual(second.cache, { status: 'hit', layer: 'exact' });
    assert.equal(JSON.stringify(second.response?.body), JSON.stringify(first.response?.body));
    assert.equal(await cache.counter('gw_cache_exact_hits'), 1);
    assert.equal(await cache.counter('gw_cache_misses'), 1);
    await cache.kernel.stop();
  });

  it('never serves observe mode from live entries, nor warms them', async () => {
    const cache = await cacheKernel();
    await cache.ask('shared question');
    const observed = await cache.ask('shared question', 'observe');
    assert.equal(observed.cache.status, 'miss');
    assert.equal(observed.cache.wouldHit, undefined);
    const again = await cache.ask('shared question', 'observe');
    assert.equal(again.cache.wouldHit, true);
    assert.equal(cache.upstreamCalls(), 3);
    assert.equal(await cache.counter('gw_cache_exact_hits'), 0);
    assert.equal(await cache.counter('gw_evaluation_cache_outcomes_total', { layer: 'exact', outcome: 'would_hit' }), 1);
    await cache.kernel.stop();
  });

  it('evicts the least recently used entry beyond its bound', async () => {
    const cache = await cacheKernel({ maxEntries: 2 });
    await cache.ask('a');
    await cache.ask('b');
    await cache.ask('a');
    await cache.ask('c');
    assert.equal((await cache.ask('a')).cache.status, 'hit');
    assert.equal((await cache.ask('b')).cache.status, 'miss');
    await cache.kernel.stop();
  });

  it('keeps at most maxBytes of response bodies, the least recently used going first', async () => {
    const cache = await cacheKernel({ maxBytes: 1024 });
    const size = JSON.stringify((await cache.ask('q0')).response?.body).length;
    const fits = Math.floor(1024 / size);
    for (let i = 1; i <= fits; i += 1) await cache.ask(`q${i}`);
    assert.equal((await cache.ask('q0')).cache.status, 'miss');
    assert.equal((await cache.ask(`q${fits}`)).cache.status, 'hit');
    await cache.kernel.stop();
  });

  it('expires entries after the TTL', async () => {
    const cache = await cacheKernel({ ttlSeconds: 0.2 });
    await cache.ask('short lived');
    assert.equal((await cache.ask('short lived')).cache.status, 'hit');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await cache.ask('short lived')).cache.status, 'miss');
    await cache.kernel.stop();
  });

  it('does not store a body larger than the entry limit', async () => {
    const cache = await cacheKernel({ maxEntryBytes: 50 });
    await cache.ask('too big to keep');
    assert.equal((await cache.ask('too big to keep')).cache.status, 'miss');
    await cache.kernel.stop();
  });

  it('reports the in-memory store as initialised and up', async () => {
    const cache = await cacheKernel();
    assert.deepEqual(cache.plugin.health(), [{ name: 'kv', readinessRequired: true, initialised: true, up: true }]);
    await cache.kernel.stop();
  });

  it('refuses a misspelt option', () => {
    assert.rejects(cacheKernel({ ttl: 5 } as never), /exact-cache: invalid options: ttl/);
  });
});
