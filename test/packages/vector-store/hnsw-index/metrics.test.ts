import assert from 'node:assert/strict';
import { distance, indexOf } from './index-under-test.js';

const close = (actual: number | undefined, expected: number) =>
  assert.ok(actual !== undefined && Math.abs(actual - expected) < 1e-5, `${actual} is not ${expected}`);

describe('vector-store: HnswIndex metrics', () => {
  const a = [3, 4, 0];
  const b = [1, 2, 2];

  it('cosine: distance is 1 − cosine similarity, whatever the vectors’ lengths', () => {
    const index = indexOf(3, 'cosine');
    index.add(1, a);
    const { ids, distances } = index.search(b, 1);
    assert.deepEqual(ids, [1]);
    close(distances[0], 1 - 11 / 15);
    close(distances[0], distance('cosine', a, b));
  });

  it('cosine: the stored vector is the normalised one', () => {
    const index = indexOf(3, 'cosine');
    index.add(1, a);
    const stored = index.vector(1)!;
    close(stored[0], 0.6);
    close(stored[1], 0.8);
    close(stored[2], 0);
  });

  it('ip: distance is 1 − the dot product of the vectors as given', () => {
    const index = indexOf(3, 'ip');
    index.add(1, a);
    close(index.search(b, 1).distances[0], 1 - 11);
    assert.deepEqual(index.vector(1), a);
  });

  it('l2: distance is the squared Euclidean distance', () => {
    const index = indexOf(3, 'l2');
    index.add(1, a);
    close(index.search(b, 1).distances[0], 4 + 4 + 4);
    assert.deepEqual(index.vector(1), a);
  });

  it('l2 and ip accept a zero vector, which has a distance like any other', () => {
    const l2 = indexOf(3, 'l2');
    assert.equal(l2.add(1, [0, 0, 0]), 'inserted');
    close(l2.search([1, 2, 2], 1).distances[0], 9);
    const ip = indexOf(3, 'ip');
    assert.equal(ip.add(1, [0, 0, 0]), 'inserted');
    close(ip.search([1, 2, 2], 1).distances[0], 1);
  });

  it('orders hits nearest first', () => {
    const index = indexOf(2, 'l2');
    index.add(1, [0, 0]);
    index.add(2, [5, 5]);
    index.add(3, [1, 1]);
    const { ids, distances } = index.search([0.1, 0.1], 3);
    assert.deepEqual(ids, [1, 3, 2]);
    assert.deepEqual(
      [...distances].sort((x, y) => x - y),
      distances,
    );
  });
});
