/** The vector cache benchmark's markdown table and its hardware line. */
import { cpus } from 'node:os';
import type { CollectedMemory } from './collect-garbage.js';
import type { InProcessRate } from './in-process.js';
import type { InsertResult } from './insert-run.js';
import type { LoadMeasure } from './load-rounds.js';
import { memoryPerVector, targetLines } from './targets.js';

interface Recall {
  readonly queries: number;
  readonly value: number;
}

export interface VectorCacheResults {
  readonly vectors: number;
  readonly dims: number;
  readonly clusters: number;
  readonly clusterNoise: number;
  readonly queryNoise: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly connections: number;
  readonly insertClients: number;
  readonly insertChunks: number;
  readonly recallQueries: number;
  readonly exactSeconds: number;
  readonly inserts: { readonly snapshot: InsertResult; readonly wal: InsertResult };
  readonly recall: {
    readonly clustered: number;
    readonly realStored: number;
    readonly realHeldOut: Recall;
    readonly realNoisy: Recall;
  };
  readonly qaHitRate: number;
  readonly load: {
    readonly search: LoadMeasure;
    readonly qa: LoadMeasure;
    readonly bareSearch: LoadMeasure;
    readonly bareQa: LoadMeasure;
  };
  readonly inProcess: { readonly search: InProcessRate; readonly qa: InProcessRate; readonly seconds: number };
  readonly memory: {
    readonly restoredRss: number | undefined;
    readonly restoredCollected: CollectedMemory;
    readonly bareEmptyRss: number;
    readonly bareLoadedRss: number;
    readonly estimate: { readonly bytes: number; readonly capacity: number };
  };
  readonly snapshot: {
    readonly saveSeconds: number;
    readonly stopSeconds: number;
    readonly restoreSeconds: number;
    readonly files: readonly [string, number][];
  };
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MiB`);
const micros = (n: number | undefined) => (n === undefined ? 'n/a' : `${int(n)} µs`);
const perVector = (n: number | undefined) => (n === undefined ? 'n/a' : `${int(n)} B/vector`);

/** What the V8 heap adds: the service's own per-vector structures, apart from hnswlib's native memory. */
function heapGrowth(empty: CollectedMemory, full: CollectedMemory, vectors: number): string {
  const used = full.heapUsed - empty.heapUsed;
  return `V8 heap in use +${mib(used)} (${perVector(used / vectors)}), committed ${mib(empty.heapTotal)} → ${mib(full.heapTotal)}`;
}

function rows(r: VectorCacheResults): [string, string, string][] {
  const table: [string, string, string][] = [];
  for (const insert of [r.inserts.snapshot, r.inserts.wal]) {
    table.push([
      `insert \`/v1/insert\`, \`SVC_DURABILITY=${insert.durability}\``,
      `${int(insert.writesPerSecond)} writes/s`,
      `${int(r.vectors)} vectors in ${insert.seconds.toFixed(1)} s (${r.insertChunks} chunks, modes taking turns), ${r.insertClients} clients; server CPU ${micros(insert.cpuMicrosPerWrite)}/write; data dir ${mib(insert.diskBytes)} after`,
    ]);
  }
  const { realHeldOut, realNoisy, realStored } = r.recall;
  table.push(
    [
      'recall@10, clustered, ef 128',
      r.recall.clustered.toFixed(4),
      `${int(r.recallQueries)} new points of the clusters vs brute force over ${int(r.vectors)}`,
    ],
    [
      'recall@10, real embeddings, ef 128',
      realHeldOut.value.toFixed(4),
      `${realHeldOut.queries} held-out embeddings vs brute force over ${realStored}`,
    ],
    [
      'recall@10, real embeddings, noisy copies',
      realNoisy.value.toFixed(4),
      `${int(realNoisy.queries)} stored embeddings + noise σ 0.02/dim`,
    ],
  );
  const load = (name: string, m: LoadMeasure, extra = '') =>
    table.push([
      name,
      `${int(m.requestsPerSecond)} req/s`,
      `p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99} ms; server CPU ${micros(m.cpuMicrosPerRequest)}/request; ${m.failures} failed${extra}`,
    ]);
  load('service `/v1/search` (k 10)', r.load.search);
  load('service `/v1/qa` (k 1)', r.load.qa, `; ${(r.qaHitRate * 100).toFixed(1)}% hits`);
  load('(e) bare node:http + hnswlib-node, search (k 10)', r.load.bareSearch);
  load('(e) bare node:http + hnswlib-node, qa (k 1)', r.load.bareQa);
  for (const [k, rate] of [
    [10, r.inProcess.search],
    [1, r.inProcess.qa],
  ] as const) {
    table.push([
      `hnswlib-node \`searchKnn\` in process, k ${k}`,
      `${int(rate.perSecond)} searches/s`,
      `one core, ${r.inProcess.seconds} s; CPU ${micros(rate.cpuMicrosPerSearch)}/search (${int(1e6 / rate.cpuMicrosPerSearch)}/s of CPU time)`,
    ]);
  }
  const wal = r.inserts.wal;
  const m = memoryPerVector(r);
  table.push(
    [
      'RSS, service after loading over HTTP',
      perVector(m.loaded),
      `(${mib(wal.loadedRss)} − ${mib(wal.emptyRss)} empty) / ${int(r.vectors)}; after a full GC ${perVector(m.loadedCollected)} ` +
        `(${mib(wal.loadedCollected.rss)} − ${mib(wal.emptyCollected.rss)}); ${heapGrowth(wal.emptyCollected, wal.loadedCollected, r.vectors)}`,
    ],
    [
      'RSS, service after restoring the snapshot',
      perVector(m.restoredCollected),
      `after a full GC: (${mib(r.memory.restoredCollected.rss)} − ${mib(wal.emptyCollected.rss)} empty) / ${int(r.vectors)}; ` +
        `before it ${mib(r.memory.restoredRss)}; ${heapGrowth(wal.emptyCollected, r.memory.restoredCollected, r.vectors)}`,
    ],
    [
      'RSS, process holding only the hnswlib index',
      perVector(m.bare),
      `after a full GC: (${mib(r.memory.bareLoadedRss)} − ${mib(r.memory.bareEmptyRss)} empty) / ${int(r.vectors)}`,
    ],
    ['`HnswIndex.estimatedBytes()`', perVector(m.estimated), `capacity ${int(r.memory.estimate.capacity)} slots`],
  );
  const files = r.snapshot.files.map(([name, size]) => `${name} ${mib(size)}`).join(', ');
  table.push(
    ['snapshot save `/v1/snapshot/save`', `${r.snapshot.saveSeconds.toFixed(2)} s`, `data dir after: ${files}`],
    [
      'restore (start on the saved data dir until /readyz)',
      `${r.snapshot.restoreSeconds.toFixed(2)} s`,
      `an empty start takes ${(wal.startMs / 1000).toFixed(2)} s; the clean stop before it (drain, final save) ${r.snapshot.stopSeconds.toFixed(2)} s`,
    ],
  );
  return table;
}

export function report(r: VectorCacheResults): void {
  console.log(`\nhardware: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log(
    `data: ${int(r.vectors)} vectors × ${r.dims} dims from ${int(r.clusters)} clusters (noise σ ${r.clusterNoise}/dim, seeded); ` +
      `load queries: stored vectors + noise σ ${r.queryNoise}/dim; load: ${r.connections} connections, ${r.seconds} s per path ` +
      `in ${r.rounds} alternating rounds (autocannon); exact neighbours took ${r.exactSeconds.toFixed(1)} s\n`,
  );
  console.log('| measurement | result | detail |');
  console.log('|---|---:|---|');
  for (const [name, result, detail] of rows(r)) console.log(`| ${name} | ${result} | ${detail} |`);
  console.log('');
  for (const line of targetLines(r)) console.log(line);
}
