import assert from 'node:assert/strict';
import { keyHash, newClientKey, RedisKeyStore, type StoredClientKey } from '@sluice/plugin-client-keys';
import { redisLimitStore } from '@sluice/plugin-client-limits';
import { redisMappingStore } from '@sluice/plugin-privacy-guard';
import { redisQuotaCounters } from '@sluice/plugin-usage-guard';
import { describeRedisCluster } from '../../fixtures/redis-cluster.js';

const record = (id: string, key: string): StoredClientKey => ({
  id,
  hash: keyHash(key),
  tenant: 'acme',
  settings: { cacheShare: false, cacheControls: true },
  createdAt: '2026-11-26T03:00:00.000Z',
});

describeRedisCluster('every Redis store on a three-node Redis Cluster, through its public API', (cluster) => {
  const timeouts = { timeoutMs: 1000, connectTimeoutMs: 5000 };

  it('client keys: create, find, list and revoke, the index and records in one slot', async () => {
    const store = await RedisKeyStore.connect({ url: cluster().url, prefix: `${cluster().prefix}keys:`, ...timeouts });
    try {
      assert.equal(store.prefix, `{${cluster().prefix}keys}:`);
      const keys = Array.from({ length: 5 }, () => newClientKey());
      for (const [i, key] of keys.entries()) await store.create(record(`app-${i}`, key));
      await assert.rejects(store.create(record('app-0', newClientKey())), /exists/);
      assert.equal((await store.findByHash(keyHash(keys[3]!)))?.id, 'app-3');
      assert.deepEqual(
        (await store.list()).map((found) => found.id),
        ['app-0', 'app-1', 'app-2', 'app-3', 'app-4'],
      );
      assert.equal(await store.revoke('app-3'), true);
      assert.equal(await store.findByHash(keyHash(keys[3]!)), undefined);
      assert.equal((await store.list()).length, 4);
    } finally {
      await store.close();
    }
  });

  it('client limits: take, add, read many counters over the nodes, and request slots', async () => {
    const store = await redisLimitStore({ url: cluster().url, keyPrefix: `${cluster().prefix}limits:`, ...timeouts });
    try {
      const counters = Array.from({ length: 12 }, (_, i) => `rpm:key-${i}`);
      for (const [i, counter] of counters.entries()) await store.add(counter, i + 1, 60_000);
      assert.deepEqual(await store.take(counters[0]!, 1, 2, 60_000), { taken: true, total: 2 });
      assert.deepEqual(await store.take(counters[0]!, 1, 2, 60_000), { taken: false, total: 2 });
      assert.deepEqual(await store.read([...counters, 'rpm:absent']), [2, ...counters.slice(1).map((_, i) => i + 2), 0]);
      const perNode = await cluster().keysPerNode(`${cluster().prefix}limits:*`);
      assert.ok(perNode.filter((count) => count > 0).length > 1, `counters on more than one node: ${perNode.join(', ')}`);
      const now = Date.now();
      assert.equal((await store.acquire('inflight:key-1', 'lease-a', 1, now, 10_000)).taken, true);
      assert.equal((await store.acquire('inflight:key-1', 'lease-b', 1, now, 10_000)).taken, false);
      await store.release('inflight:key-1', 'lease-a');
      assert.equal((await store.acquire('inflight:key-1', 'lease-b', 1, now, 10_000)).taken, true);
    } finally {
      await store.close();
    }
  });

  it('usage quotas: one all-or-nothing charge of three counters in one script', async () => {
    const counters = await redisQuotaCounters({ url: cluster().url, keyPrefix: `${cluster().prefix}usage:`, ...timeouts });
    try {
      const charges = ['tenant:rph', 'tenant:tpd', 'key:rph'].map((key) => ({ key, amount: 2, limit: 3, ttlMs: 60_000 }));
      assert.deepEqual(await counters.charge(charges, true), { totals: [2, 2, 2], exceeded: -1, applied: true });
      assert.deepEqual(await counters.charge(charges, true), { totals: [2, 2, 2], exceeded: 0, applied: false });
      const perNode = await cluster().keysPerNode(`{${cluster().prefix}usage}:*`);
      assert.deepEqual([...perNode].sort(), [0, 0, 3], 'the three counters share one hash tag, so one node');
    } finally {
      await counters.close();
    }
  });

  it('privacy mappings: stored and read back, spread over the nodes', async () => {
    const store = await redisMappingStore({ url: cluster().url, keyPrefix: `${cluster().prefix}privacy:`, timeoutMs: 1000 });
    try {
      const ids = Array.from({ length: 12 }, (_, i) => `mapping-${i}`);
      for (const id of ids) await store.put(id, { tenant_id: 'acme', values: { '[EMAIL_1]': `${id}@example.org` } }, 60_000);
      assert.deepEqual(await store.get('mapping-7'), { tenant_id: 'acme', values: { '[EMAIL_1]': 'mapping-7@example.org' } });
      const perNode = await cluster().keysPerNode(`${cluster().prefix}privacy:*`);
      assert.ok(perNode.filter((count) => count > 0).length > 1, `mappings on more than one node: ${perNode.join(', ')}`);
    } finally {
      await store.close();
    }
  });
});
