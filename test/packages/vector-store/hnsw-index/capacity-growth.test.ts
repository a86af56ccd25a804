import assert from 'node:assert/strict';
import { indexOf, randomVectors } from './index-under-test.js';

describe('vector-store: HnswIndex capacity growth', () => {
  it('doubles its capacity when full and keeps every vector searchable', () => {
    const index = indexOf(8, 'cosine', { initialCapacity: 4 });
    const vectors = randomVectors(40, 8, 1);
    const capacities = new Set<number>();
    vectors.forEach((vector, id) => {
      assert.equal(index.add(id, vector), 'inserted');
      capacities.add(index.capacity);
    });
    assert.deepEqual([...capacities], [4, 8, 16, 32, 64]);
    assert.equal(index.activeCount, 40);
    vectors.forEach((vector, id) => assert.equal(index.search(vector, 1).ids[0], id, `id ${id} is not its own nearest`));
  });

  it('does not grow while deleted slots can be reused', () => {
    const index = indexOf(8, 'l2', { initialCapacity: 4 });
    const vectors = randomVectors(8, 8, 2);
    for (let id = 0; id < 4; id++) index.add(id, vectors[id]!);
    index.remove(0);
    index.remove(1);
    index.add(4, vectors[4]!);
    index.add(5, vectors[5]!);
    assert.equal(index.capacity, 4);
    index.add(6, vectors[6]!);
    assert.equal(index.capacity, 8);
    assert.deepEqual(index.activeIds().sort(), [2, 3, 4, 5, 6]);
  });

  it('reports more memory as it grows', () => {
    const index = indexOf(8, 'l2', { initialCapacity: 2 });
    const before = index.estimatedBytes();
    randomVectors(3, 8, 3).forEach((vector, id) => index.add(id, vector));
    assert.equal(index.capacity, 4);
    assert.ok(index.estimatedBytes() > before);
  });
});
