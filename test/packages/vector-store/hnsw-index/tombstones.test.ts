import assert from 'node:assert/strict';
import { indexOf } from './index-under-test.js';

const near = (actual: readonly number[] | undefined, expected: readonly number[]) =>
  assert.ok(
    actual?.every((value, i) => Math.abs(value - expected[i]!) < 1e-6),
    `${String(actual)} is not ${String(expected)}`,
  );

describe('vector-store: HnswIndex deletes, slot reuse, revive and replace', () => {
  it('a deleted id is a tombstone: not active, never found, listed as deleted, deleted once', () => {
    const index = indexOf(2, 'l2');
    index.add(1, [0, 0]);
    index.add(2, [10, 10]);
    assert.equal(index.remove(1), true);
    assert.equal(index.has(1), false);
    assert.equal(index.vector(1), undefined);
    assert.deepEqual(index.search([0, 0], 2).ids, [2]);
    assert.deepEqual(index.deletedIds(), [1]);
    assert.deepEqual(index.activeIds(), [2]);
    assert.equal(index.activeCount, 1);
    assert.equal(index.remove(1), false);
    assert.equal(index.remove(99), false);
  });

  it('a new id takes a deleted slot instead of growing, and the deleted id leaves the index', () => {
    const index = indexOf(2, 'l2', { initialCapacity: 2 });
    index.add(1, [0, 0]);
    index.add(2, [10, 10]);
    index.remove(1);
    assert.equal(index.add(3, [1, 1]), 'inserted');
    assert.equal(index.capacity, 2);
    assert.deepEqual(index.deletedIds(), []);
    assert.deepEqual(index.search([0, 0], 2).ids, [3, 2]);
    // Its slot is gone, so adding it again is an insert, not a revive.
    assert.equal(index.add(1, [5, 5]), 'inserted');
    assert.equal(index.capacity, 4);
    assert.deepEqual(index.activeIds().sort(), [1, 2, 3]);
  });

  it('with several tombstones, one reuse leaves exactly the others listed', () => {
    const index = indexOf(2, 'l2', { initialCapacity: 8 });
    for (let id = 0; id < 6; id++) index.add(id, [id, id]);
    for (const id of [0, 2, 4]) index.remove(id);
    index.add(10, [9, 9]);
    const deleted = index.deletedIds();
    assert.equal(deleted.length, 2);
    assert.ok(deleted.every((id) => [0, 2, 4].includes(id)));
    // The one that left can only come back as new; the ones still there are revived.
    const outcomes = [0, 2, 4].map((id) => index.add(id, [id + 0.5, id + 0.5]));
    assert.deepEqual(outcomes.filter((o) => o === 'revived').length, 2);
    assert.deepEqual(outcomes.filter((o) => o === 'inserted').length, 1);
    assert.deepEqual(index.deletedIds(), []);
    assert.equal(index.activeCount, 7);
  });

  it('adding a deleted id still in the index revives it with the new vector', () => {
    const index = indexOf(2, 'l2');
    index.add(1, [0, 0]);
    index.add(2, [10, 10]);
    index.remove(1);
    assert.equal(index.add(1, [20, 20]), 'revived');
    assert.equal(index.has(1), true);
    assert.deepEqual(index.deletedIds(), []);
    near(index.vector(1), [20, 20]);
    assert.deepEqual(index.search([21, 21], 1).ids, [1]);
    assert.deepEqual(index.search([0, 0], 2).ids, [2, 1]);
  });

  it('adding an active id replaces its vector', () => {
    const index = indexOf(2, 'l2');
    index.add(1, [0, 0]);
    index.add(2, [10, 10]);
    assert.equal(index.add(1, [30, 30]), 'replaced');
    near(index.vector(1), [30, 30]);
    assert.deepEqual(index.search([29, 29], 2).ids, [1, 2]);
    assert.equal(index.activeCount, 2);
  });
});
