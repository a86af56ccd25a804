import assert from 'node:assert/strict';
import { keyHash, newClientKey, RedisKeyStore, StoredKeyError, type StoredClientKey } from '@sluice/plugin-client-keys';
import { describeRedis } from '../../fixtures/redis.js';
import { redisCommand } from '../../fixtures/resp.js';

function record(id: string, key: string, tenant = 'acme'): StoredClientKey {
  return {
    id,
    hash: keyHash(key),
    tenant,
    settings: { cacheShare: false, cacheControls: true, models: ['test-model'], budget: { microUsd: 100, period: 'day' } },
    createdAt: '2026-11-26T03:00:00.000Z',
  };
}

describeRedis('client-keys: Redis key store', (redis) => {
  let store: RedisKeyStore;
  before(async () => {
    store = await RedisKeyStore.connect({ url: redis().url, prefix: redis().prefix });
  });
  after(() => store.close());

  it('creates, finds by hash, lists and revokes, and keeps only the hash', async () => {
    const key = newClientKey();
    await store.create(record('billing-app', key));
    assert.deepEqual(await store.findByHash(keyHash(key)), record('billing-app', key));
    assert.equal(await store.findByHash(keyHash(newClientKey())), undefined);
    assert.deepEqual(
      (await store.list()).map((r) => r.id),
      ['billing-app'],
    );
    const stored = await redisCommand(redis().port, ['GET', `${redis().prefix}${keyHash(key)}`], 1000);
    assert.equal(typeof stored, 'string');
    assert.ok(!String(stored).includes(key), 'the key itself was stored');
    assert.equal(await store.revoke('billing-app'), true);
    assert.equal(await store.findByHash(keyHash(key)), undefined);
    assert.deepEqual(await store.list(), []);
    assert.equal(await store.revoke('billing-app'), false);
  });

  it('refuses a second key with a taken id, and a second id for one hash', async () => {
    const key = newClientKey();
    await store.create(record('taken', key));
    await assert.rejects(store.create(record('taken', newClientKey())), /id "taken" exists/);
    await assert.rejects(store.create(record('other', key)), /hash exists/);
    assert.deepEqual(
      (await store.list()).map((r) => r.id),
      ['taken'],
    );
    await store.revoke('taken');
  });

  it('reports a record it cannot read instead of admitting it', async () => {
    const hash = keyHash(newClientKey());
    await redisCommand(redis().port, ['SET', `${redis().prefix}${hash}`, '{"id":"x","hash":"h"}'], 1000);
    await assert.rejects(store.findByHash(hash), StoredKeyError);
    await redisCommand(
      redis().port,
      [
        'SET',
        `${redis().prefix}${hash}`,
        JSON.stringify({ id: 'x', hash, tenant: 'bad tenant', created_at: 'now', settings: {} }),
      ],
      1000,
    );
    await assert.rejects(store.findByHash(hash), /settings: \/tenant/);
  });
});
