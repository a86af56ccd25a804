/** Exact k nearest neighbours by a full scan (hnswlib's brute-force index), and recall against them. */
import hnswlib from 'hnswlib-node';
import { row, type VectorSet } from './dataset.js';

/**
 * The ids of the k nearest stored rows for each query, by cosine distance. hnswlib's scan is exact and
 * uses the same distance code as the HNSW graph, so ties break the same way and recall measures the graph.
 */
export function exactNeighbours(stored: VectorSet, queries: VectorSet, k: number): number[][] {
  const scan = new hnswlib.BruteforceSearch('cosine', stored.dims);
  scan.initIndex(stored.count);
  for (let i = 0; i < stored.count; i++) scan.addPoint(Array.from(row(stored, i)), i);
  const answers: number[][] = [];
  for (let q = 0; q < queries.count; q++) answers.push(scan.searchKnn(Array.from(row(queries, q)), k).neighbors);
  return answers;
}

/** The share of the exact k nearest that were found, over all queries. */
export function recall(exact: readonly (readonly number[])[], found: readonly (readonly number[])[]): number {
  let wanted = 0;
  let hits = 0;
  exact.forEach((truth, q) => {
    const got = new Set(found[q]);
    wanted += truth.length;
    for (const id of truth) if (got.has(id)) hits++;
  });
  return wanted === 0 ? Number.NaN : hits / wanted;
}
