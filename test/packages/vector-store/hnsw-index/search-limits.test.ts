import assert from 'node:assert/strict';
import hnswlib from 'hnswlib-node';
import { indexOf, randomVectors } from './index-under-test.js';

/** Counts the ef values hnswlib receives, by standing in for its class while a test runs. */
function recordSetEf(): { calls: number[]; restore: () => void } {
  const original = hnswlib.HierarchicalNSW;
  const calls: number[] = [];
  class Recording extends original {
    override setEf(ef: number): void {
      calls.push(ef);
      super.setEf(ef);
    }
  }
  Reflect.set(hnswlib, 'HierarchicalNSW', Recording);
  return { calls, restore: () => Reflect.set(hnswlib, 'HierarchicalNSW', original) };
}

describe('vector-store: HnswIndex search limits', () => {
  it('an empty index returns empty arrays', () => {
    assert.deepEqual(indexOf(3).search([1, 2, 3], 5), { ids: [], distances: [] });
  });

  it('an index whose ids are all deleted returns empty arrays', () => {
    const index = indexOf(3);
    index.add(1, [1, 2, 3]);
    index.remove(1);
    assert.deepEqual(index.search([1, 2, 3], 5), { ids: [], distances: [] });
  });

  it('k above the active count returns what there is, without padding', () => {
    const index = indexOf(2, 'l2', { initialCapacity: 4 });
    index.add(1, [0, 0]);
    index.add(2, [1, 1]);
    index.add(3, [2, 2]);
    index.remove(2);
    const { ids, distances } = index.search([0, 0], 3);
    assert.deepEqual(ids, [1, 3]);
    assert.equal(distances.length, 2);
  });

  it('k above the capacity does not throw', () => {
    const index = indexOf(2, 'l2', { initialCapacity: 2 });
    index.add(1, [0, 0]);
    assert.deepEqual(index.search([0, 0], 1000).ids, [1]);
  });

  it('sets ef only when it changes, raises an ef below k to k, and defaults to efSearch', () => {
    const recorder = recordSetEf();
    try {
      const index = indexOf(4, 'cosine', { efSearch: 64 });
      randomVectors(30, 4, 5).forEach((vector, id) => index.add(id, vector));
      assert.deepEqual(recorder.calls, [64]);
      index.search([1, 0, 0, 0], 5);
      index.search([0, 1, 0, 0], 5, 64);
      assert.deepEqual(recorder.calls, [64]);
      index.search([1, 0, 0, 0], 5, 200);
      index.search([1, 0, 0, 0], 5, 200);
      assert.deepEqual(recorder.calls, [64, 200]);
      index.search([1, 0, 0, 0], 20, 3);
      assert.deepEqual(recorder.calls, [64, 200, 20]);
      assert.equal(index.search([1, 0, 0, 0], 20, 3).ids.length, 20);
      index.search([1, 0, 0, 0], 1);
      assert.deepEqual(recorder.calls, [64, 200, 20, 64]);
    } finally {
      recorder.restore();
    }
  });
});
