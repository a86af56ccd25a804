/** What hnswlib-node 3 does that HnswIndex relies on or works around; a failure here means an upgrade changed it. */
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import hnswlib from 'hnswlib-node';
import { withTempDir } from './index-under-test.js';

function native(space: 'l2' | 'cosine', dims: number, capacity: number) {
  const index = new hnswlib.HierarchicalNSW(space, dims);
  index.initIndex({ maxElements: capacity, m: 16, efConstruction: 200, randomSeed: 100, allowReplaceDeleted: true });
  return index;
}

describe('vector-store: hnswlib-node behaviour the HNSW index depends on', () => {
  it('takes plain arrays only, not Float32Array', () => {
    const index = native('l2', 3, 4);
    assert.throws(() => index.addPoint(new Float32Array([1, 2, 3]) as unknown as number[], 1), /must be an Array/);
  });

  it('returns fewer results when k exceeds the count, and throws when k exceeds the capacity', () => {
    const index = native('l2', 2, 4);
    index.addPoint([0, 0], 1);
    index.addPoint([1, 1], 2);
    assert.deepEqual(index.searchKnn([0, 0], 3).neighbors, [1, 2]);
    assert.throws(() => index.searchKnn([0, 0], 5), /greater than `maxElements`/);
  });

  it('stores cosine vectors normalised, as 32-bit floats', () => {
    const index = native('cosine', 2, 4);
    index.addPoint([3, 4], 1);
    assert.deepEqual(index.getPoint(1), [Math.fround(0.6), Math.fround(0.8)]);
  });

  it('lists deleted labels in getIdsList, refuses getPoint on them, and drops a label whose slot was reused', () => {
    const index = native('l2', 2, 4);
    index.addPoint([0, 0], 1);
    index.addPoint([1, 1], 2);
    index.markDelete(1);
    assert.deepEqual(index.getIdsList().sort(), [1, 2]);
    assert.throws(() => index.getPoint(1), /Label not found/);
    index.addPoint([2, 2], 3, true);
    assert.deepEqual(index.getIdsList().sort(), [2, 3]);
    assert.equal(index.getCurrentCount(), 2);
    assert.throws(() => index.unmarkDelete(1), /Label not found/);
  });

  it('refuses to update a deleted label while slot reuse is enabled', () => {
    const index = native('l2', 2, 4);
    index.addPoint([0, 0], 1);
    index.markDelete(1);
    assert.throws(() => index.addPoint([5, 5], 1), /Can't use addPoint to update deleted elements/);
  });

  it('resizes with deleted elements in place, keeping them deleted and the rest searchable', () => {
    const index = native('l2', 2, 3);
    index.addPoint([0, 0], 1);
    index.addPoint([1, 1], 2);
    index.addPoint([2, 2], 3);
    index.markDelete(2);
    index.resizeIndex(6);
    index.addPoint([3, 3], 4);
    assert.deepEqual(index.searchKnn([1, 1], 4).neighbors.sort(), [1, 3, 4]);
    index.addPoint([9, 9], 5, true);
    assert.deepEqual(index.getIdsList().sort(), [1, 3, 4, 5]);
  });

  it('wraps labels above 2^32 − 1 onto smaller ones', () => {
    const index = native('l2', 2, 4);
    index.addPoint([0, 0], 2 ** 32 + 5);
    assert.deepEqual(index.getIdsList(), [5]);
  });

  it('resolves writeIndex into a missing directory without writing anything', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, 'missing', 'index.hnsw');
      const index = native('l2', 2, 4);
      index.addPoint([0, 0], 1);
      assert.equal(await index.writeIndex(file), true);
      await assert.rejects(stat(file), /ENOENT/);
    });
  });
});
