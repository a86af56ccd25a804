import assert from 'node:assert/strict';
import { keyHash, newClientKey, RedisKeyStore } from '@sluice/plugin-client-keys';
import OpenAI from 'openai';
import { describeRedis, privateRedisOrSkip } from '../../fixtures/redis.js';
import { ask, counterValue, startKeyedGateway, type KeyedGateway } from './keyed-gateway.js';

const SETTINGS = { cacheShare: false, cacheControls: true };
const LOOKUPS = 'gw_client_keys_store_lookups_total';

async function lookups(gw: KeyedGateway, outcome: string): Promise<number> {
  return counterValue(await gw.metrics(), LOOKUPS, `outcome="${outcome}"`);
}

async function addKey(store: RedisKeyStore, id: string, tenant = 'acme'): Promise<string> {
  const key = newClientKey();
  await store.create({ id, hash: keyHash(key), tenant, settings: SETTINGS, createdAt: new Date().toISOString() });
  return key;
}

describeRedis('client-keys: keys in Redis', (redis) => {
  let store: RedisKeyStore;
  let gw: KeyedGateway;
  before(async function () {
    this.timeout(20_000);
    store = await RedisKeyStore.connect({ url: redis().url, prefix: redis().prefix });
    gw = await startKeyedGateway({
      clientAuth: 'required',
      redis: true,
      redisUrl: redis().url,
      redisPrefix: redis().prefix,
      cacheSeconds: 0.6,
    });
  });
  after(async () => {
    await gw?.close();
    await store?.close();
  });

  it('admits a key from the store, and answers its repeats from memory with no round trip', async () => {
    const key = await addKey(store, 'fleet-app', 'fleet');
    assert.equal((await ask(gw.client(key))).object, 'chat.completion');
    assert.equal(await lookups(gw, 'found'), 1);
    for (let i = 0; i < 3; i += 1) await ask(gw.client(key));
    assert.equal(await lookups(gw, 'found'), 1, 'a remembered key went to Redis again');
    const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
    assert.deepEqual(completed?.actor, { tenant_id: 'fleet', application_id: 'fleet-app' });
  });

  it('remembers unknown keys too, so a wrong key repeated costs one round trip', async () => {
    const wrong = newClientKey();
    const before = await lookups(gw, 'unknown');
    await assert.rejects(ask(gw.client(wrong)), OpenAI.AuthenticationError);
    await assert.rejects(ask(gw.client(wrong)), OpenAI.AuthenticationError);
    assert.equal((await lookups(gw, 'unknown')) - before, 1);
  });

  it('stops admitting a revoked key once client_keys_cache_seconds has passed', async function () {
    this.timeout(10_000);
    const key = await addKey(store, 'revoked-app');
    assert.equal((await ask(gw.client(key))).object, 'chat.completion');
    assert.equal(await store.revoke('revoked-app'), true);
    // Within the cache time the gateway still has the key's answer in memory.
    assert.equal((await ask(gw.client(key))).object, 'chat.completion');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await assert.rejects(ask(gw.client(key)), OpenAI.AuthenticationError);
  });

  it('refuses, as an unknown key, a record that is not a key’s, and logs it without the key', async () => {
    const key = newClientKey();
    await store.create({ id: 'odd', hash: keyHash(key), tenant: 'acme', settings: SETTINGS, createdAt: 'now' });
    const { redisCommand } = await import('../../fixtures/resp.js');
    await redisCommand(redis().port, ['SET', `${redis().prefix}${keyHash(key)}`, '{"broken":true}'], 1000);
    await assert.rejects(ask(gw.client(key)), OpenAI.AuthenticationError);
    assert.match(gw.logs.join(''), /client key refused/);
    assert.ok(!gw.logs.join('').includes(key));
  });
});

describe('client-keys: Redis key store outage', function () {
  this.timeout(30_000);

  it('fails closed by default: a remembered key keeps working, a new one gets 503, and /readyz is 503', async function () {
    const redis = await privateRedisOrSkip(this, 'client-keys Redis outage');
    const store = await RedisKeyStore.connect({ url: redis.url, prefix: redis.prefix });
    const known = await addKey(store, 'known');
    const fresh = await addKey(store, 'fresh');
    await store.close();
    const gw = await startKeyedGateway({
      clientAuth: 'required',
      redis: true,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      cacheSeconds: 0.2,
      timeoutSeconds: 0.3,
    });
    try {
      assert.equal((await ask(gw.client(known))).object, 'chat.completion');
      assert.equal((await fetch(`${gw.url}/readyz`)).status, 200);
      await redis.kill();
      await new Promise((resolve) => setTimeout(resolve, 300)); // past the cache time: the key must be asked again
      assert.equal((await ask(gw.client(known))).object, 'chat.completion', 'a remembered key stopped working');
      const refused = await gw.post({ authorization: `Bearer ${fresh}` });
      assert.equal(refused.status, 503);
      assert.equal(JSON.parse(refused.text).error.code, 'client_key_store_unavailable');
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.ok(!refused.text.includes(fresh));
      const ready = await fetch(`${gw.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.match(await ready.text(), /client_keys_kv/);
      assert.ok(counterValue(await gw.metrics(), 'gw_client_auth_total', 'result="store_unavailable"') >= 1);
    } finally {
      await gw.close();
      await redis.stop();
    }
  });

  it('with client_keys_fail_open on, lets a key it cannot check through as tenant default', async function () {
    const redis = await privateRedisOrSkip(this, 'client-keys Redis outage, fail open');
    const store = await RedisKeyStore.connect({ url: redis.url, prefix: redis.prefix });
    const fresh = await addKey(store, 'fresh');
    await store.close();
    const gw = await startKeyedGateway({
      clientAuth: 'required',
      redis: true,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      timeoutSeconds: 0.3,
      failOpen: true,
    });
    try {
      await redis.kill();
      assert.equal((await ask(gw.client(fresh))).object, 'chat.completion');
      const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
      assert.deepEqual(completed?.actor, { tenant_id: 'default' });
      assert.equal((await fetch(`${gw.url}/readyz`)).status, 200, 'failing open, the store is not readiness-required');
      assert.ok(gw.events.some((e) => e.event_type === 'client_auth.unchecked'));
    } finally {
      await gw.close();
      await redis.stop();
    }
  });

  it('refuses to start when Redis is unreachable and failing closed', async () => {
    await assert.rejects(
      startKeyedGateway({ clientAuth: 'required', redis: true, redisUrl: 'redis://127.0.0.1:1', timeoutSeconds: 0.2 }),
      /client keys store: Redis at redis:\/\/127\.0\.0\.1:1 did not answer/,
    );
  });
});
