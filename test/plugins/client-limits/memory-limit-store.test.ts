import assert from 'node:assert/strict';
import { memoryLimitStore } from '@sluice/plugin-client-limits';

describe('client limits: in-memory store', () => {
  let now = 1_000_000;
  const store = memoryLimitStore(() => now);

  it('takes up to the limit, then refuses without counting the refused amount', async () => {
    assert.deepEqual(await store.take('rpm:a', 1, 2, 60_000), { taken: true, total: 1 });
    assert.deepEqual(await store.take('rpm:a', 1, 2, 60_000), { taken: true, total: 2 });
    assert.deepEqual(await store.take('rpm:a', 1, 2, 60_000), { taken: false, total: 2 });
    assert.deepEqual(await store.read(['rpm:a', 'rpm:absent']), [2, 0]);
  });

  it('adds whatever the limit, and a counter expires when its time is up, not before', async () => {
    assert.equal(await store.add('tpm:a', 700, 1000), 700);
    assert.equal(await store.add('tpm:a', 400, 1000), 1100);
    now += 999;
    assert.deepEqual(await store.read(['tpm:a']), [1100]);
    now += 1;
    assert.deepEqual(await store.read(['tpm:a']), [0]);
    assert.equal(await store.add('tpm:a', 5, 1000), 5, 'a new counter after expiry');
  });

  it('holds request slots up to the limit, frees one on release, and ignores a second release', async () => {
    assert.equal((await store.acquire('conc:a', 'r1', 2, now, 60_000)).taken, true);
    assert.equal((await store.acquire('conc:a', 'r2', 2, now, 60_000)).taken, true);
    assert.deepEqual(await store.acquire('conc:a', 'r3', 2, now, 60_000), { taken: false, total: 2 });
    await store.release('conc:a', 'r1');
    await store.release('conc:a', 'r1');
    assert.equal((await store.acquire('conc:a', 'r3', 2, now, 60_000)).taken, true);
    assert.equal((await store.acquire('conc:a', 'r4', 2, now, 60_000)).taken, false, 'the second release freed nothing more');
  });

  it('lets an unrenewed slot expire, and keeps a renewed one', async () => {
    const start = now;
    await store.acquire('conc:b', 'kept', 2, start, 1000);
    await store.acquire('conc:b', 'dropped', 2, start, 1000);
    await store.renew('conc:b', 'kept', start + 900, 1000);
    assert.deepEqual(await store.acquire('conc:b', 'new', 2, start + 1000, 1000), { taken: true, total: 2 });
    assert.equal((await store.acquire('conc:b', 'more', 2, start + 1000, 1000)).taken, false, 'the renewed slot is still held');
    await store.renew('conc:b', 'dropped', start + 1000, 1000);
    assert.equal(
      (await store.acquire('conc:b', 'more', 2, start + 1000, 1000)).taken,
      false,
      'an expired slot is not brought back',
    );
  });
});
