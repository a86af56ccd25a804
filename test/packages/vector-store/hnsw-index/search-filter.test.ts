import assert from 'node:assert/strict';
import { indexOf } from './index-under-test.js';

function lineIndex(count: number) {
  const index = indexOf(2, 'l2', { initialCapacity: count });
  for (let id = 0; id < count; id++) index.add(id, [id, 0]);
  return index;
}

describe('vector-store: HnswIndex filtered search', () => {
  it('applies the filter inside the search, so k results come back when near ones are rejected', () => {
    const index = lineIndex(200);
    const { ids } = index.search([0, 0], 5, undefined, (id) => id >= 100);
    assert.deepEqual(ids, [100, 101, 102, 103, 104]);
  });

  it('returns fewer than k when fewer pass the filter', () => {
    const index = lineIndex(50);
    assert.deepEqual(index.search([0, 0], 10, undefined, (id) => id === 7 || id === 40).ids, [7, 40]);
    assert.deepEqual(
      index.search([0, 0], 10, undefined, () => false),
      { ids: [], distances: [] },
    );
  });

  it('never offers a deleted id to the filter nor returns one', () => {
    const index = lineIndex(30);
    for (let id = 0; id < 30; id += 2) index.remove(id);
    const offered: number[] = [];
    const { ids } = index.search([0, 0], 30, undefined, (id) => {
      offered.push(id);
      return true;
    });
    assert.ok(
      offered.every((id) => id % 2 === 1),
      `offered ${offered.join(',')}`,
    );
    assert.equal(ids.length, 15);
    assert.ok(ids.every((id) => id % 2 === 1));
  });

  it('rethrows an error thrown by the filter instead of letting it reach hnswlib (which would abort the process)', () => {
    const index = lineIndex(20);
    let calls = 0;
    assert.throws(
      () =>
        index.search([0, 0], 5, undefined, () => {
          calls++;
          throw new Error('payload store unavailable');
        }),
      /payload store unavailable/,
    );
    assert.equal(calls, 1);
    assert.deepEqual(index.search([0, 0], 1).ids, [0]);
  });

  it('filters the ef nearest first: when k of them pass, the filter sees only those, not every visited node', () => {
    const index = lineIndex(2000);
    const offered: number[] = [];
    const { ids, distances } = index.search([0, 0], 3, 16, (id) => {
      offered.push(id);
      return id % 2 === 0;
    });
    assert.deepEqual(ids, [0, 2, 4]);
    assert.deepEqual(distances, [0, 4, 16]);
    assert.ok(offered.length <= 16, `the filter saw ${offered.length} ids`);
  });

  it('falls back to the walk when fewer than k of the ef nearest pass, and still finds the k nearest that pass', () => {
    const index = lineIndex(2000);
    const offered: number[] = [];
    const { ids } = index.search([0, 0], 3, 16, (id) => {
      offered.push(id);
      return id >= 1500;
    });
    assert.deepEqual(ids, [1500, 1501, 1502]);
    assert.ok(offered.length > 16, 'the walk ran with the filter');
  });
});
