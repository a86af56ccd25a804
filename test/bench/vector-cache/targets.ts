/** The benchmark's four targets, each with the measured value and whether it was met. */
import type { VectorCacheResults } from './report.js';

export interface MemoryPerVector {
  /** Service RSS after loading over HTTP minus its empty RSS, per vector, as found (undefined without /proc). */
  readonly loaded: number | undefined;
  /** The same with both taken right after a full garbage collection. */
  readonly loadedCollected: number;
  readonly restoredCollected: number;
  /** The hnswlib-only process. */
  readonly bare: number;
  readonly estimated: number;
}

export function memoryPerVector(r: VectorCacheResults): MemoryPerVector {
  const { wal } = r.inserts;
  const n = r.vectors;
  return {
    loaded: wal.loadedRss === undefined || wal.emptyRss === undefined ? undefined : (wal.loadedRss - wal.emptyRss) / n,
    loadedCollected: (wal.loadedCollected.rss - wal.emptyCollected.rss) / n,
    restoredCollected: (r.memory.restoredCollected.rss - wal.emptyCollected.rss) / n,
    bare: (r.memory.bareLoadedRss - r.memory.bareEmptyRss) / n,
    estimated: r.memory.estimate.bytes / n,
  };
}

const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

export function targetLines(r: VectorCacheResults): string[] {
  const { snapshot, wal } = r.inserts;
  const writes = wal.writesPerSecond / snapshot.writesPerSecond;
  const qa = r.load.qa.requestsPerSecond / r.load.bareQa.requestsPerSecond;
  const serviceCpu = r.load.qa.cpuMicrosPerRequest;
  const bareCpu = r.load.bareQa.cpuMicrosPerRequest;
  const qaByCpu = serviceCpu === undefined || bareCpu === undefined ? 'n/a' : percent(bareCpu / serviceCpu);
  const m = memoryPerVector(r);
  const lines = [
    `WAL writes at ${percent(writes)} of snapshot mode's (target ≥ 50%): ${verdict(writes >= 0.5)}`,
    `recall@10 on the clustered set ${r.recall.clustered.toFixed(4)} (target ≥ 0.95): ${verdict(r.recall.clustered >= 0.95)}`,
    `/v1/qa at ${percent(qa)} of the bare server's requests/s (target ≥ 50%): ${verdict(qa >= 0.5)}; by server CPU per request ${qaByCpu}`,
  ];
  if (m.loaded === undefined) {
    lines.push('memory per vector: n/a (no /proc)');
  } else {
    const vsBare = m.loaded / m.bare;
    lines.push(
      `service RSS per vector ${vsBare.toFixed(2)}× the hnswlib-only process's (target ≤ 1.3×): ${verdict(vsBare <= 1.3)}; ` +
        `${(m.loaded / m.estimated).toFixed(2)}× estimatedBytes(); after a full GC ${(m.loadedCollected / m.bare).toFixed(2)}× ` +
        `(loaded) and ${(m.restoredCollected / m.bare).toFixed(2)}× (restored) the hnswlib-only process's`,
    );
  }
  return lines;
}
