import assert from 'node:assert/strict';
import { HNSW_MAX_ID, HnswIndex, VectorStoreError, type VectorStoreErrorCode } from '@sluice/vector-store';
import { indexOf, options } from './index-under-test.js';

function refused(code: VectorStoreErrorCode, pattern: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof VectorStoreError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, pattern);
    return true;
  };
}

describe('vector-store: HnswIndex input checks', () => {
  it('refuses a zero vector with cosine, at insert and as a query, since it has no direction', () => {
    const index = indexOf(3, 'cosine');
    assert.throws(() => index.add(1, [0, 0, 0]), refused('invalid_argument', /zero .*no direction/));
    index.add(2, [1, 0, 0]);
    assert.throws(() => index.search([0, 0, 0], 1), refused('invalid_argument', /query is a zero/));
    assert.equal(index.has(1), false);
  });

  it('refuses a cosine vector whose norm underflows or overflows 32-bit floats', () => {
    const index = indexOf(2, 'cosine');
    assert.throws(() => index.add(1, [1e-30, 1e-30]), refused('invalid_argument', /no direction/));
    assert.throws(() => index.add(1, [1e30, 1e30]), refused('invalid_argument', /overflows/));
  });

  it('refuses a vector of the wrong length', () => {
    const index = indexOf(3, 'l2');
    assert.throws(() => index.add(1, [1, 2]), refused('invalid_argument', /2 components, the index has 3 dims/));
    assert.throws(() => index.search([1, 2, 3, 4], 1), refused('invalid_argument', /4 components/));
  });

  for (const bad of [NaN, Infinity, -Infinity, 1e39]) {
    it(`refuses a component of ${bad} (not a finite 32-bit float)`, () => {
      const index = indexOf(3, 'l2');
      assert.throws(() => index.add(1, [1, bad, 3]), refused('invalid_argument', /vector\[1\] is/));
      assert.throws(() => index.search([bad, 1, 1], 1), refused('invalid_argument', /query\[0\] is/));
    });
  }

  it('refuses a typed array with a clear message (hnswlib-node takes plain arrays only)', () => {
    const index = indexOf(3, 'l2');
    const typed = new Float32Array([1, 2, 3]) as unknown as number[];
    assert.throws(() => index.add(1, typed), refused('invalid_argument', /array of numbers/));
  });

  for (const id of [-1, 1.5, HNSW_MAX_ID + 1, 2 ** 53 - 1, NaN]) {
    it(`refuses id ${id}, which hnswlib would wrap onto another label`, () => {
      const index = indexOf(2, 'l2');
      assert.throws(() => index.add(id, [1, 2]), refused('invalid_argument', /id must be an integer in 0\.\.4294967295/));
      assert.equal(index.activeCount, 0);
    });
  }

  it('accepts the largest id hnswlib holds', () => {
    const index = indexOf(2, 'l2');
    index.add(HNSW_MAX_ID, [1, 2]);
    assert.deepEqual(index.search([1, 2], 1).ids, [HNSW_MAX_ID]);
  });

  it('refuses k and ef that are not positive integers', () => {
    const index = indexOf(2, 'l2');
    index.add(1, [1, 2]);
    assert.throws(() => index.search([1, 2], 0), refused('invalid_argument', /k must be/));
    assert.throws(() => index.search([1, 2], 1.5), refused('invalid_argument', /k must be/));
    assert.throws(() => index.search([1, 2], 1, -3), refused('invalid_argument', /ef must be/));
  });

  it('refuses options hnswlib cannot take, naming the field', () => {
    assert.throws(() => HnswIndex.create(options(0)), refused('invalid_argument', /^dims/));
    assert.throws(() => HnswIndex.create(options(3, 'dot' as 'ip')), refused('invalid_argument', /^metric/));
    assert.throws(() => HnswIndex.create(options(3, 'l2', { M: 1 })), refused('invalid_argument', /^M /));
    assert.throws(
      () => HnswIndex.create(options(3, 'l2', { initialCapacity: 0 })),
      refused('invalid_argument', /initialCapacity/),
    );
    assert.throws(() => HnswIndex.create(options(3, 'l2', { efSearch: 2.5 })), refused('invalid_argument', /efSearch/));
  });

  it('fills defaults into options and freezes them', () => {
    const index = HnswIndex.create(options(3));
    assert.equal(index.options.initialCapacity, 1024);
    assert.equal(index.options.seed, 100);
    assert.equal(index.capacity, 1024);
    assert.ok(Object.isFrozen(index.options));
  });
});
