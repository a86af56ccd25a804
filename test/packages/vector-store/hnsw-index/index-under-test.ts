/** Shared parts of the HnswIndex suites: small indexes, seeded random vectors, temp dirs and brute-force truth. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HnswIndex, type HnswIndexOptions, type Metric } from '@sluice/vector-store';

export function options(dims: number, metric: Metric = 'cosine', extra: Partial<HnswIndexOptions> = {}): HnswIndexOptions {
  return { dims, metric, M: 16, efConstruction: 200, efSearch: 128, ...extra };
}

export function indexOf(dims: number, metric: Metric = 'cosine', extra: Partial<HnswIndexOptions> = {}): HnswIndex {
  return HnswIndex.create(options(dims, metric, extra));
}

/** mulberry32: the same vectors on every run, so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomVectors(count: number, dims: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Array.from({ length: dims }, () => random() * 2 - 1));
}

/** The hnswlib distance for a metric, in doubles. */
export function distance(metric: Metric, a: readonly number[], b: readonly number[]): number {
  const dot = (x: readonly number[], y: readonly number[]) => x.reduce((sum, value, i) => sum + value * y[i]!, 0);
  if (metric === 'l2') return a.reduce((sum, value, i) => sum + (value - b[i]!) ** 2, 0);
  if (metric === 'ip') return 1 - dot(a, b);
  return 1 - dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
}

/** The k ids nearest to the query by exhaustive comparison. */
export function bruteForce(
  metric: Metric,
  vectors: readonly (readonly number[])[],
  query: readonly number[],
  k: number,
): number[] {
  return vectors
    .map((vector, id) => ({ id, d: distance(metric, query, vector) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, k)
    .map((hit) => hit.id);
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sluice-hnsw-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
