/** Concurrent writes refused by a failing log are undone, newest first, whatever ids they share. */
import assert from 'node:assert/strict';
import { HnswVectorStore, VectorStoreError } from '@sluice/vector-store';
import { smallDiskOrSkip, type SmallDisk } from '../../../fixtures/small-disk.js';

const DIMS = 8;

function vectorOf(id: number, version: number): number[] {
  return Array.from({ length: DIMS }, (_, i) => (i === id % DIMS ? 1 : 0) + (i === (id + version + 1) % DIMS ? 0.5 : 0));
}

/** Every active id with its payload and stored vector (to 6 places: an undone change re-normalises it). */
async function contents(store: HnswVectorStore<{ v: number }>) {
  const all: [number, number, string[]][] = [];
  for await (const record of store.iterate()) all.push([record.id, record.payload.v, record.vector.map((x) => x.toFixed(6))]);
  return all.sort((a, b) => a[0] - b[0]);
}

describe('vector-store: HnswVectorStore writes refused by the log', function () {
  this.timeout(30_000);
  let disk: SmallDisk;

  beforeEach(async function () {
    disk = await smallDiskOrSkip(this, 4 << 20);
  });
  afterEach(async () => {
    await disk?.remove();
  });

  it('undoes every concurrent upsert and delete of a failed batch, and refuses saves', async () => {
    let store = await HnswVectorStore.open<{ v: number }>({ dims: DIMS, dataDir: disk.dir });
    for (const id of [1, 2, 3]) await store.insert({ id, vector: vectorOf(id, 0), payload: { v: 0 } });
    await store.delete(3);
    await store.close();
    store = await HnswVectorStore.open<{ v: number }>({ dims: DIMS, dataDir: disk.dir });
    const before = await contents(store);
    await disk.fill();

    // One tick: the log takes them as one batch, and one id is changed several times within it.
    const writes = [
      store.upsert({ id: 1, vector: vectorOf(1, 1), payload: { v: 1 } }),
      store.upsert({ id: 1, vector: vectorOf(1, 2), payload: { v: 2 } }),
      store.delete(2),
      store.insert({ id: 3, vector: vectorOf(3, 3), payload: { v: 3 } }),
      store.upsert({ id: 2, vector: vectorOf(2, 4), payload: { v: 4 } }),
      store.insert({ id: 9, vector: vectorOf(9, 5), payload: { v: 5 } }),
      store.delete(1),
    ];
    const outcomes = await Promise.allSettled(writes);
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected');
      assert.ok(outcome.reason instanceof VectorStoreError && outcome.reason.code === 'unavailable', String(outcome.reason));
    }
    assert.deepEqual(await contents(store), before);
    assert.equal(store.activeCount, 2);
    assert.deepEqual(
      (await store.search(vectorOf(3, 3), { k: 5 })).map((hit) => hit.id).sort(),
      [1, 2],
      'the refused revive of 3 and insert of 9 are not searchable',
    );
    assert.match(store.unwritableReason() ?? '', /write-ahead log/);
    await assert.rejects(store.saveSnapshot(), /saves are refused/);
    await assert.rejects(store.saveAnswers(`${disk.dir}/answers-export.json`), /saves are refused/);

    await disk.drain();
    await store.close();
    store = await HnswVectorStore.open<{ v: number }>({ dims: DIMS, dataDir: disk.dir });
    assert.deepEqual(await contents(store), before, 'nothing refused came back at the next start');
    await store.close();
  });
});
