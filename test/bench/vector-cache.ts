/**
 * `npm run bench -- vector-cache`: the vector answer cache over HTTP (insert rate with and without the
 * write-ahead log, recall, search and qa rates, memory per vector, snapshot save and restore) against
 * hnswlib-node alone, in one run. `BENCH_VECTORS` and `BENCH_SECONDS` shrink it for a quick run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractEnvelopePayload } from '@sluice/vector-store';
import { allBodies, qaBody, searchBody } from './vector-cache/bodies.js';
import { clusteredSpace, drawClustered, noisyCopies, SeededRandom } from './vector-cache/dataset.js';
import { exactNeighbours } from './vector-cache/exact.js';
import { httpRecall, qaHitRate, realSetRecall } from './vector-cache/recall-run.js';
import { estimatedIndexBytes, inProcessSearchRates } from './vector-cache/in-process.js';
import { fileSizes, insertAlternating } from './vector-cache/insert-run.js';
import { measureInRounds } from './vector-cache/load-rounds.js';
import type { NodeProcess } from './vector-cache/node-process.js';
import { report, type VectorCacheResults } from './vector-cache/report.js';
import { startBareServer, startVectorCache, untilOk } from './vector-cache/servers.js';

const VECTORS = Number(process.env.BENCH_VECTORS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** The service and the bare server take turns, BENCH_SECONDS per path split over these rounds. */
const LOAD_ROUNDS = 4;
/** Clients inserting at once: the log's group commit shares one fdatasync among the writes in flight. */
const INSERT_CLIENTS = Number(process.env.BENCH_INSERT_CLIENTS ?? 32);
/** The two durability modes take turns, a chunk of the set each. */
const INSERT_CHUNKS = 20;
const DIMS = 384;
const K = 10;
const RECALL_QUERIES = 1000;
/** 1,000 clusters at 100k vectors: about 100 points each. */
const CLUSTERS = Math.max(1, Math.round(VECTORS / 100));
/**
 * Per-dimension noise around a centre. At 0.03 two points of one cluster sit at cosine ≈ 0.74, about
 * where the real set's 10th nearest neighbours sit (0.73).
 */
const CLUSTER_NOISE = 0.03;
/** Load queries are stored vectors moved to cosine ≈ 0.98: the repeat questions a cache is for. */
const QUERY_NOISE = 0.01;
const SEED = 0x5eed;

export async function benchVectorCache(): Promise<void> {
  const suiteStarted = performance.now();
  const loadAtStart = loadavg()[0]!;
  const root = await mkdtemp(join(tmpdir(), 'sluice-bench-vector-cache-'));
  const started: NodeProcess[] = [];
  const track = (proc: NodeProcess) => void started.push(proc);
  const stopOnSignal = () => process.exit(130);
  process.once('SIGINT', stopOnSignal);
  try {
    const random = new SeededRandom(SEED);
    const space = clusteredSpace(CLUSTERS, DIMS, CLUSTER_NOISE, random);
    const data = drawClustered(space, VECTORS, random);
    const recallQueries = drawClustered(space, RECALL_QUERIES, random);
    const loadQueries = noisyCopies(data, 1000, QUERY_NOISE, random);
    let clock = performance.now();
    const exact = exactNeighbours(data, recallQueries, K);
    const exactSeconds = (performance.now() - clock) / 1000;
    progress(`data ready; exact neighbours of ${RECALL_QUERIES} queries in ${exactSeconds.toFixed(1)} s`);

    const inserts = await insertAlternating({ set: data, root, clients: INSERT_CLIENTS, chunks: INSERT_CHUNKS, track });
    // Nothing more is needed of the snapshot-mode service; SIGKILL skips its final save.
    await inserts.snapshot.service.stop('SIGKILL');
    const { service, dataDir: walDir } = inserts.wal;
    progress(
      `inserted: snapshot mode ${Math.round(inserts.snapshot.writesPerSecond)} writes/s, wal mode ${Math.round(inserts.wal.writesPerSecond)} writes/s`,
    );

    const clusteredRecall = await httpRecall(service.url, recallQueries, exact);
    const qaHits = await qaHitRate(service.url, loadQueries);

    clock = performance.now();
    await post(`${service.url}/v1/snapshot/save`);
    const saveSeconds = (performance.now() - clock) / 1000;
    const files = await fileSizes(walDir);
    const graphFile = join(root, 'graph.hnsw');
    await extractEnvelopePayload(join(walDir, 'vcal.index'), graphFile);
    const bare = await startBareServer(graphFile, DIMS);
    track(bare);
    progress(`snapshot saved in ${saveSeconds.toFixed(2)} s; measuring search and qa`);

    const searchBodies = allBodies(loadQueries, (set, q) => searchBody(set, q, K));
    const qaBodies = allBodies(loadQueries, qaBody);
    const load = await measureInRounds(
      [
        { name: 'search', server: service, path: '/v1/search', bodies: searchBodies },
        { name: 'bareSearch', server: bare, path: '/v1/search', bodies: searchBodies },
        { name: 'qa', server: service, path: '/v1/qa', bodies: qaBodies },
        { name: 'bareQa', server: bare, path: '/v1/qa', bodies: qaBodies },
      ],
      { rounds: LOAD_ROUNDS, seconds: SECONDS, connections: CONNECTIONS },
    );
    await bare.stop('SIGKILL');

    clock = performance.now();
    await service.stop('SIGTERM');
    const stopSeconds = (performance.now() - clock) / 1000;
    const restored = await startVectorCache({ dataDir: walDir, dims: DIMS, durability: 'wal' });
    track(restored);
    const restoreMs = restored.startMs + (await untilOk(`${restored.url}/readyz`, 60_000));
    const restoredRss = restored.rssBytes();
    const restoredCollected = await restored.collectedMemory();
    await restored.stop('SIGKILL');
    progress(`restored in ${(restoreMs / 1000).toFixed(2)} s`);

    const inProcessSeconds = Math.min(SECONDS, 5);
    const [inProcessSearch, inProcessQa] = await inProcessSearchRates(graphFile, loadQueries, [K, 1], inProcessSeconds);
    const estimate = await estimatedIndexBytes(graphFile, DIMS);
    progress('limits measured');

    const real = await realSetRecall(join(root, 'real'), RECALL_QUERIES, random, track);
    const results: VectorCacheResults = {
      vectors: VECTORS,
      dims: DIMS,
      clusters: CLUSTERS,
      clusterNoise: CLUSTER_NOISE,
      queryNoise: QUERY_NOISE,
      seconds: SECONDS,
      connections: CONNECTIONS,
      insertClients: INSERT_CLIENTS,
      insertChunks: INSERT_CHUNKS,
      recallQueries: RECALL_QUERIES,
      exactSeconds,
      inserts,
      recall: { clustered: clusteredRecall, ...real },
      qaHitRate: qaHits,
      rounds: LOAD_ROUNDS,
      load: {
        search: load.get('search')!,
        qa: load.get('qa')!,
        bareSearch: load.get('bareSearch')!,
        bareQa: load.get('bareQa')!,
      },
      inProcess: { search: inProcessSearch!, qa: inProcessQa!, seconds: inProcessSeconds },
      memory: { restoredRss, restoredCollected, bareEmptyRss: bare.emptyRss, bareLoadedRss: bare.loadedRss, estimate },
      snapshot: { saveSeconds, stopSeconds, restoreSeconds: restoreMs / 1000, files },
    };
    report(results);
    const took = ((performance.now() - suiteStarted) / 1000).toFixed(0);
    console.log(
      `\nthe suite took ${took} s; 1-minute load average ${loadAtStart.toFixed(2)} at its start, ${loadavg()[0]!.toFixed(2)} at its end`,
    );
  } finally {
    process.off('SIGINT', stopOnSignal);
    await Promise.all(started.map((proc) => proc.stop('SIGKILL')));
    await rm(root, { recursive: true, force: true });
  }
}

function progress(message: string): void {
  console.error(`vector-cache: ${message}`);
}

async function post(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
}
