import assert from 'node:assert/strict';
import { bruteForce, indexOf, randomVectors } from './index-under-test.js';

describe('vector-store: HnswIndex recall', () => {
  it('finds at least 95 % of the true 10 nearest neighbours at efSearch 128', () => {
    const dims = 32;
    const vectors = randomVectors(2000, dims, 11);
    const queries = randomVectors(50, dims, 12);
    const index = indexOf(dims, 'cosine', { initialCapacity: 256 });
    vectors.forEach((vector, id) => index.add(id, vector));
    let found = 0;
    for (const query of queries) {
      const truth = new Set(bruteForce('cosine', vectors, query, 10));
      found += index.search(query, 10).ids.filter((id) => truth.has(id)).length;
    }
    const recall = found / (queries.length * 10);
    assert.ok(recall >= 0.95, `recall@10 ${recall}`);
  });
});
