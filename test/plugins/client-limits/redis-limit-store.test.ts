import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { redisLimitStore, type LimitStore } from '@sluice/plugin-client-limits';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';

describeRedis('client limits: Redis store', (redis) => {
  const stores: LimitStore[] = [];
  const open = async () => {
    const store = await redisLimitStore({ url: redis().url, keyPrefix: redis().prefix, timeoutMs: 1000, connectTimeoutMs: 2000 });
    stores.push(store);
    return store;
  };
  after(async () => {
    for (const store of stores) await store.close();
  });

  it('two stores on one prefix share a counter: takes stop at the limit whichever store asks', async () => {
    const [a, b] = [await open(), await open()];
    const taken = [];
    for (let i = 0; i < 5; i += 1) taken.push((await [a, b][i % 2]!.take('rpm:key:app:1', 1, 3, 60_000)).taken);
    assert.deepEqual(taken, [true, true, true, false, false]);
    assert.equal(await redisCommand(redis().port, ['GET', `${redis().prefix}rpm:key:app:1`]), '3', 'refused takes did not count');
    const ttl = (await redisCommand(redis().port, ['PTTL', `${redis().prefix}rpm:key:app:1`])) as number;
    assert.ok(ttl > 0 && ttl <= 60_000, `the counter expires (${ttl} ms)`);
  });

  it('adds and reads counters, and a counter expires with its window', async () => {
    const store = await open();
    assert.equal(await store.add('tpm:key:app:1', 700, 150), 700);
    assert.equal(await store.add('tpm:key:app:1', 400, 150), 1100);
    assert.deepEqual(await store.read(['tpm:key:app:1', 'tpm:key:absent:1']), [1100, 0]);
    await sleep(250);
    assert.deepEqual(await store.read(['tpm:key:app:1']), [0]);
  });

  it('holds slots across stores, frees one on release, and lets a dead holder’s slot expire', async () => {
    const [a, b] = [await open(), await open()];
    const now = Date.now();
    assert.equal((await a.acquire('conc:tenant:acme', 'r1', 2, now, 60_000)).taken, true);
    assert.equal((await b.acquire('conc:tenant:acme', 'r2', 2, now, 1000)).taken, true);
    assert.deepEqual(await a.acquire('conc:tenant:acme', 'r3', 2, now, 60_000), { taken: false, total: 2 });
    await a.release('conc:tenant:acme', 'r1');
    await a.release('conc:tenant:acme', 'r1');
    assert.equal((await b.acquire('conc:tenant:acme', 'r3', 2, now, 60_000)).taken, true);
    // r2's holder never renews (it "crashed"): once its lease is past, its slot is free again.
    assert.equal((await a.acquire('conc:tenant:acme', 'r4', 2, now + 999, 60_000)).taken, false);
    assert.equal((await a.acquire('conc:tenant:acme', 'r4', 2, now + 1000, 60_000)).taken, true);
  });

  it('renews a held slot and never brings back an expired one', async () => {
    const store = await open();
    const now = Date.now();
    await store.acquire('conc:key:r', 'kept', 2, now, 1000);
    await store.acquire('conc:key:r', 'dropped', 2, now, 1000);
    await store.renew('conc:key:r', 'kept', now + 900, 1000);
    assert.equal((await store.acquire('conc:key:r', 'new', 2, now + 1000, 1000)).taken, true);
    await store.renew('conc:key:r', 'dropped', now + 1000, 1000);
    assert.equal((await store.acquire('conc:key:r', 'more', 2, now + 1000, 1000)).taken, false);
    const keys = (await redisCommand(redis().port, ['KEYS', `${redis().prefix}*`])) as string[];
    for (const key of keys) assert.ok(key.startsWith(redis().prefix), key);
    await redis().cleanup();
  });
});
