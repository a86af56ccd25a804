import assert from 'node:assert/strict';
import { memoryLimitStore } from '@sluice/plugin-client-limits';
import { LeaseKeeper } from '../../../plugins/client-limits/src/lease-keeper.js';

describe('client limits: lease keeper', () => {
  it('renews the slots of running requests, and stops renewing a request once it is dropped', async () => {
    let now = 0;
    const store = memoryLimitStore(() => now);
    const faults: unknown[] = [];
    const keeper = new LeaseKeeper(
      () => store,
      () => now,
      1000,
      (error) => faults.push(error),
    );
    await store.acquire('conc:key:a', 'long', 2, now, 1000);
    await store.acquire('conc:key:a', 'short', 2, now, 1000);
    keeper.hold('long', [{ key: 'conc:key:a', lease: 'long' }]);
    keeper.hold('short', [{ key: 'conc:key:a', lease: 'short' }]);
    now = 600;
    await keeper.renewAll();
    keeper.drop('short');
    now = 1200;
    await keeper.renewAll();
    now = 1700;
    assert.deepEqual(
      await store.acquire('conc:key:a', 'next', 2, now, 1000),
      { taken: true, total: 2 },
      'only the dropped slot expired',
    );
    assert.equal((await store.acquire('conc:key:a', 'more', 2, now, 1000)).taken, false, 'the long request still holds its slot');
    assert.equal(keeper.size, 1);
    assert.deepEqual(faults, []);
  });

  it('counts a renewal the store refused, and tries again on the next round', async () => {
    const faults: unknown[] = [];
    let failing = true;
    const store = { ...memoryLimitStore(), renew: async () => (failing ? Promise.reject(new Error('down')) : undefined) };
    const keeper = new LeaseKeeper(
      () => store,
      Date.now,
      1000,
      (error) => faults.push(error),
    );
    keeper.hold('r', [{ key: 'conc:key:a', lease: 'r' }]);
    await keeper.renewAll();
    failing = false;
    await keeper.renewAll();
    assert.equal(faults.length, 1);
  });
});
