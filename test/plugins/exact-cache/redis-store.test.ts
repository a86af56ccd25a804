import assert from 'node:assert/strict';
import { describeRedis, privateRedisOrSkip } from '../../fixtures/redis.js';
import { freePort } from '../../fixtures/free-port.js';
import { cacheKernel } from './cache-under-test.js';

describeRedis('exact-cache: Redis store', (redis) => {
  it('shares entries between two kernels, under the configured prefix', async () => {
    const options = { kvUrl: redis().url, keyPrefix: redis().prefix };
    const first = await cacheKernel(options);
    const second = await cacheKernel(options);
    try {
      await first.ask('shared through redis');
      const hit = await second.ask('shared through redis');
      assert.equal(hit.cache.status, 'hit');
      assert.equal(second.upstreamCalls(), 0);
      assert.equal(
        JSON.stringify(hit.response?.body.choices),
        JSON.stringify((await first.ask('shared through redis')).response?.body.choices),
      );
    } finally {
      await first.kernel.stop();
      await second.kernel.stop();
    }
  });
});

describe('exact-cache: Redis faults', () => {
  it('goes on without the cache while Redis is down, within the timeout, and recovers when it is back', async function () {
    const redis = await privateRedisOrSkip(this, 'exact-cache Redis faults');
    const cache = await cacheKernel({ kvUrl: redis.url, keyPrefix: redis.prefix, timeoutSeconds: 0.3 });
    try {
      await cache.ask('before');
      assert.equal((await cache.ask('before')).cache.status, 'hit');
      await redis.kill();
      const started = Date.now();
      const during = await cache.ask('before');
      assert.equal(during.response?.status, 200);
      assert.equal(during.cache.status, 'miss');
      assert.ok(Date.now() - started < 2000, 'a Redis outage must not hang the request');
      assert.ok((await cache.counter('gw_cache_errors_total', { layer: 'exact', operation: 'get' })) >= 1);
      assert.equal(cache.plugin.health()[0]?.up, false);
      await redis.restart();
      for (let i = 0; i < 50 && cache.plugin.health()[0]?.up !== true; i += 1) await new Promise((r) => setTimeout(r, 100));
      assert.equal(cache.plugin.health()[0]?.up, true, 'reconnects without a restart');
      await cache.ask('after');
      assert.equal((await cache.ask('after')).cache.status, 'hit');
    } finally {
      await cache.kernel.stop();
      await redis.stop();
    }
  });

  it('installs a no-op store when Redis is unreachable at start (fail-open)', async () => {
    const cache = await cacheKernel({ kvUrl: `redis://127.0.0.1:${await freePort()}`, timeoutSeconds: 0.2 });
    try {
      const [health] = cache.plugin.health();
      assert.equal(health?.initialised, false);
      await cache.ask('no cache');
      assert.equal((await cache.ask('no cache')).cache.status, 'miss');
      assert.equal(cache.upstreamCalls(), 2);
    } finally {
      await cache.kernel.stop();
    }
  });

  it('refuses to start when Redis is unreachable and kv_fail_open is off', async () => {
    await assert.rejects(
      cacheKernel({ kvUrl: `redis://127.0.0.1:${await freePort()}`, failOpen: false, timeoutSeconds: 0.2 }),
      /plugin "exact-cache" failed to start: kv: Redis at redis:\/\/127\.0\.0\.1:\d+ did not answer/,
    );
  });
});
