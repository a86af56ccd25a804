import assert from 'node:assert/strict';
import { keyHash, type StoredClientKey } from '@sluice/plugin-client-keys';
import { StoredKeyError } from '../../../plugins/client-keys/src/redis-key-store.js';
import { KeyDirectory, type KeyFinder } from '../../../plugins/client-keys/src/key-directory.js';

const SETTINGS = { cacheShare: false, cacheControls: true };

/** A store of records by hash that counts its lookups and can be made to fail. */
function fakeStore(records: Record<string, StoredClientKey>) {
  const state = { calls: 0, down: false, unreadable: false };
  const finder: KeyFinder = {
    async findByHash(hash) {
      state.calls += 1;
      if (state.down) throw new Error('Redis is not connected');
      if (state.unreadable) throw new StoredKeyError(hash, 'not JSON');
      return records[hash];
    },
  };
  return { finder, state };
}

function stored(id: string, key: string): StoredClientKey {
  return { id, hash: keyHash(key), tenant: 'acme', settings: { ...SETTINGS, requestsPerMinute: 5 }, createdAt: 'now' };
}

describe('client-keys: KeyDirectory', () => {
  it('finds configured keys without the store, as a frozen caller with the key’s limits', async () => {
    const { finder, state } = fakeStore({});
    const directory = new KeyDirectory({
      keys: [
        {
          id: 'cfg',
          hash: keyHash('k1'),
          settings: { tenant: 't', ...SETTINGS, models: ['m'], budget: { microUsd: 9, period: 'month' } },
        },
      ],
      store: finder,
      cacheMs: 1000,
    });
    const found = await directory.find(keyHash('k1'));
    assert.equal(found.kind, 'found');
    if (found.kind !== 'found') return;
    assert.deepEqual(found.caller, {
      keyId: 'cfg',
      tenant: 't',
      models: ['m'],
      cacheShare: false,
      cacheControls: true,
      limits: { budget: { microUsd: 9, period: 'month' } },
    });
    assert.ok(Object.isFrozen(found.caller) && Object.isFrozen(found.caller.limits));
    assert.equal(state.calls, 0);
  });

  it('admits only the digest written down, among several keys, and refuses one differing in its last byte', async () => {
    const directory = new KeyDirectory({
      keys: ['k0', 'k1', 'k2'].map((key) => ({ id: key, hash: keyHash(key), settings: { tenant: key, ...SETTINGS } })),
      cacheMs: 0,
    });
    const found = await directory.find(keyHash('k1'));
    assert.equal(found.kind === 'found' && found.caller.tenant, 'k1');
    const near = keyHash('k1').slice(0, -1) + (keyHash('k1').endsWith('0') ? '1' : '0');
    assert.deepEqual(await directory.find(near), { kind: 'unknown' });
  });

  it('remembers store answers, found and unknown, for cacheMs, then asks again', async () => {
    let now = 0;
    const { finder, state } = fakeStore({ [keyHash('k2')]: stored('redis-app', 'k2') });
    const directory = new KeyDirectory({ keys: [], store: finder, cacheMs: 1000, now: () => now });
    assert.equal((await directory.find(keyHash('k2'))).kind, 'found');
    assert.equal((await directory.find(keyHash('k3'))).kind, 'unknown');
    await directory.find(keyHash('k2'));
    await directory.find(keyHash('k3'));
    assert.equal(state.calls, 2);
    now = 1001;
    await directory.find(keyHash('k2'));
    assert.equal(state.calls, 3);
  });

  it('asks the store once for many requests of one key at once', async () => {
    const { finder, state } = fakeStore({ [keyHash('k2')]: stored('redis-app', 'k2') });
    const directory = new KeyDirectory({ keys: [], store: finder, cacheMs: 1000 });
    const found = await Promise.all(Array.from({ length: 10 }, () => directory.find(keyHash('k2'))));
    assert.ok(found.every((f) => f.kind === 'found'));
    assert.equal(state.calls, 1);
  });

  it('while the store fails: a key answered before keeps its answer, an unknown one is unavailable', async () => {
    let now = 0;
    const { finder, state } = fakeStore({ [keyHash('k2')]: stored('redis-app', 'k2') });
    const directory = new KeyDirectory({ keys: [], store: finder, cacheMs: 10, now: () => now });
    await directory.find(keyHash('k2'));
    state.down = true;
    now = 1000;
    assert.equal((await directory.find(keyHash('k2'))).kind, 'found');
    assert.deepEqual(await directory.find(keyHash('k4')), { kind: 'unavailable' });
  });

  it('reads an unreadable record as an unknown key, and says so', async () => {
    const { finder, state } = fakeStore({});
    state.unreadable = true;
    const outcomes: string[] = [];
    const directory = new KeyDirectory({ keys: [], store: finder, cacheMs: 1000, onLookup: (outcome) => outcomes.push(outcome) });
    assert.deepEqual(await directory.find(keyHash('k5')), { kind: 'unknown' });
    assert.deepEqual(outcomes, ['unreadable']);
  });
});
