/**
 * Loads one set into two fresh services (`snapshot` and `wal` durability) over HTTP, a chunk into each in
 * turn, so on a shared machine both see the same background load; measures write rates and server CPU.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatCount, Progress } from '@sluice/util';
import { insertBody } from './bodies.js';
import type { CollectedMemory } from './collect-garbage.js';
import type { VectorSet } from './dataset.js';
import { postAll } from './http-load.js';
import { startVectorCache, untilOk, type VectorCacheProcess } from './servers.js';

export type Durability = 'wal' | 'snapshot';

export interface InsertResult {
  readonly durability: Durability;
  /** Seconds spent inserting, over all chunks. */
  readonly seconds: number;
  readonly writesPerSecond: number;
  /** Server CPU per write, µs; undefined without /proc. */
  readonly cpuMicrosPerWrite: number | undefined;
  /** RSS of the service when ready and empty, and after the load, bytes, as found. */
  readonly emptyRss: number | undefined;
  readonly loadedRss: number | undefined;
  /** The same after a full collection, with the V8 heap. */
  readonly emptyCollected: CollectedMemory;
  readonly loadedCollected: CollectedMemory;
  /** The data directory after the load (the log in `wal` mode), bytes. */
  readonly diskBytes: number;
  /** Spawn until the first /readyz 200 on an empty data directory, ms. */
  readonly startMs: number;
  readonly dataDir: string;
  readonly service: VectorCacheProcess;
}

interface Loading {
  readonly durability: Durability;
  readonly dataDir: string;
  readonly service: VectorCacheProcess;
  readonly startMs: number;
  readonly emptyRss: number | undefined;
  readonly emptyCollected: CollectedMemory;
  seconds: number;
  cpuMicros: number | undefined;
}

export async function insertAlternating(options: {
  set: VectorSet;
  root: string;
  clients: number;
  chunks: number;
  track: (service: VectorCacheProcess) => void;
}): Promise<Record<Durability, InsertResult>> {
  const { set } = options;
  const loadings: Loading[] = [];
  for (const durability of ['snapshot', 'wal'] as const) {
    const dataDir = join(options.root, durability);
    await mkdir(dataDir, { recursive: true });
    const service = await startVectorCache({ dataDir, dims: set.dims, durability });
    options.track(service);
    const startMs = service.startMs + (await untilOk(`${service.url}/readyz`, 10_000));
    const emptyRss = service.rssBytes();
    const emptyCollected = await service.collectedMemory();
    loadings.push({ durability, dataDir, service, startMs, emptyRss, emptyCollected, seconds: 0, cpuMicros: 0 });
  }
  const chunk = Math.ceil(set.count / options.chunks);
  // Both services build their HNSW index from these inserts: on a terminal, a line at most once a second.
  const progress = new Progress({ label: `building ${formatCount(set.count)} entries in each service`, total: set.count });
  for (let from = 0; from < set.count; from += chunk) {
    const count = Math.min(chunk, set.count - from);
    for (const loading of loadings) {
      const cpuBefore = loading.service.cpuMicros();
      loading.seconds += await postAll({
        url: `${loading.service.url}/v1/insert`,
        count,
        concurrency: options.clients,
        body: (i) => insertBody(set, from + i),
      });
      const cpuAfter = loading.service.cpuMicros();
      loading.cpuMicros =
        loading.cpuMicros === undefined || cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : loading.cpuMicros + cpuAfter - cpuBefore;
    }
    progress.count(from + count);
  }
  progress.end();
  const results: Partial<Record<Durability, InsertResult>> = {};
  for (const { durability, dataDir, service, startMs, emptyRss, emptyCollected, seconds, cpuMicros } of loadings) {
    results[durability] = {
      durability,
      seconds,
      writesPerSecond: set.count / seconds,
      cpuMicrosPerWrite: cpuMicros === undefined ? undefined : cpuMicros / set.count,
      emptyRss,
      loadedRss: service.rssBytes(),
      emptyCollected,
      loadedCollected: await service.collectedMemory(),
      diskBytes: (await fileSizes(dataDir)).reduce((sum, [, bytes]) => sum + bytes, 0),
      startMs,
      dataDir,
      service,
    };
  }
  return results as Record<Durability, InsertResult>;
}

/** `[name, bytes]` of the regular files directly in `dir`. */
export async function fileSizes(dir: string): Promise<[string, number][]> {
  const sizes: [string, number][] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile()) sizes.push([entry.name, (await stat(join(dir, entry.name))).size]);
  }
  return sizes.sort(([a], [b]) => a.localeCompare(b));
}
