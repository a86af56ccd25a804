/** hnswlib-node alone in this process: the search rate of one core, and what HnswIndex says the graph costs. */
import hnswlib from 'hnswlib-node';
import { HnswIndex } from '@sluice/vector-store';
import { row, type VectorSet } from './dataset.js';

const EF_SEARCH = 128;
/** Each k gets slices this long in turn, so background load falls on all of them alike. */
const SLICE_MS = 250;

export interface InProcessRate {
  /** Searches per second of wall time. */
  readonly perSecond: number;
  /** CPU time of this process per search, µs: what a busy machine disturbs least. */
  readonly cpuMicrosPerSearch: number;
}

/**
 * `searchKnn` on the saved graph for each of `ks`, cycling through `queries`, `seconds` of searching per
 * k. Nothing else runs in this process meanwhile, so its CPU time is the searches'.
 */
export async function inProcessSearchRates(
  indexFile: string,
  queries: VectorSet,
  ks: readonly number[],
  seconds: number,
): Promise<InProcessRate[]> {
  const index = new hnswlib.HierarchicalNSW('cosine', queries.dims);
  await index.readIndex(indexFile);
  index.setEf(EF_SEARCH);
  // Converted up front, as a client library would hold them: only the search is timed.
  const points = Array.from({ length: queries.count }, (_, q) => Array.from(row(queries, q)));
  for (const k of ks) for (let q = 0; q < Math.min(200, points.length); q++) index.searchKnn(points[q]!, k);
  const totals = ks.map(() => ({ searches: 0, ms: 0, cpuMicros: 0 }));
  let next = 0;
  while (totals.some((total) => total.ms < seconds * 1000)) {
    ks.forEach((k, i) => {
      const total = totals[i]!;
      const started = performance.now();
      const cpu = process.cpuUsage();
      let elapsed = 0;
      while (elapsed < SLICE_MS) {
        for (let j = 0; j < 16; j++) index.searchKnn(points[next++ % points.length]!, k);
        total.searches += 16;
        elapsed = performance.now() - started;
      }
      const used = process.cpuUsage(cpu);
      total.ms += elapsed;
      total.cpuMicros += used.user + used.system;
    });
  }
  return totals.map((total) => ({
    perSecond: total.searches / (total.ms / 1000),
    cpuMicrosPerSearch: total.cpuMicros / total.searches,
  }));
}

/** `HnswIndex.estimatedBytes()` of the saved graph, read back with the store's own reader. */
export async function estimatedIndexBytes(indexFile: string, dims: number): Promise<{ bytes: number; capacity: number }> {
  const index = await HnswIndex.readFrom(indexFile, { dims, metric: 'cosine', M: 16, efConstruction: 200, efSearch: EF_SEARCH });
  return { bytes: index.estimatedBytes(), capacity: index.capacity };
}
