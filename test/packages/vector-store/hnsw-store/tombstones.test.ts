/** Tombstones are kept only while the deleted id is still in the index: the set does not grow with every delete. */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HnswVectorStore } from '@sluice/vector-store';

const DIMS = 8;

function vectorOf(id: number): number[] {
  return Array.from({ length: DIMS }, (_, i) => Math.sin(id * 7.3 + i * 1.7));
}

async function savedTombstones(dir: string): Promise<number[]> {
  const file = JSON.parse(await readFile(path.join(dir, 'tombstones.json'), 'utf8')) as { deleted: number[] };
  return [...file.deleted].sort((a, b) => a - b);
}

describe('vector-store: HnswVectorStore tombstones', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-tombstones-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('forgets deleted ids whose slots new ids took, and keeps the others hidden across a restart', async () => {
    let store = await HnswVectorStore.open<{ n: number }>({ dims: DIMS, dataDir: dir, durability: 'snapshot' });
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++)
        await store.insert({ id: round * 10 + i, vector: vectorOf(round * 10 + i), payload: { n: round } });
      if (round < 19) for (let i = 0; i < 10; i++) await store.delete(round * 10 + i);
    }
    await store.delete(190);
    await store.saveSnapshot();
    // 190 keeps its slot with a delete mark; the 190 ids before it lost theirs to later ids.
    assert.deepEqual(await savedTombstones(dir), [190]);
    await store.close();

    store = await HnswVectorStore.open<{ n: number }>({ dims: DIMS, dataDir: dir, durability: 'snapshot' });
    assert.equal(await store.count(), 9);
    for (const id of [0, 55, 189, 190]) {
      const hits = await store.search(vectorOf(id), { k: 20 });
      assert.ok(!hits.some((hit) => hit.id === id), `deleted id ${id} is found`);
    }
    assert.equal(await store.upsert({ id: 190, vector: vectorOf(190), payload: { n: 1 } }), 'revived');
    assert.equal(await store.upsert({ id: 3, vector: vectorOf(3), payload: { n: 1 } }), 'inserted');
    await store.close();
  });
});
