/** recall@10 of the service's /v1/search against exact neighbours, on the clustered and the real set. */
import { insertBody, qaBody, searchBody } from './bodies.js';
import { holdOut, noisyCopies, realEmbeddings, type SeededRandom, type VectorSet } from './dataset.js';
import { exactNeighbours, recall } from './exact.js';
import { postAll } from './http-load.js';
import type { NodeProcess } from './node-process.js';
import { startVectorCache } from './servers.js';

const K = 10;
/** Moves a real embedding to cosine ≈ 0.93 of where it was: a rephrased question. */
const REAL_NOISE = 0.02;

/** recall@k of the service's /v1/search at its default ef against the exact neighbours. */
export async function httpRecall(url: string, queries: VectorSet, exact: number[][]): Promise<number> {
  const found: number[][] = [];
  await postAll({
    url: `${url}/v1/search`,
    count: queries.count,
    concurrency: 4,
    body: (q) => searchBody(queries, q, K),
    onReply: (q, reply) => (found[q] = (reply as { hits: { id: number }[] }).hits.map((hit) => hit.id)),
  });
  return recall(exact, found);
}

/** The share of load queries /v1/qa answers from the cache; also warms the qa path before it is measured. */
export async function qaHitRate(url: string, queries: VectorSet): Promise<number> {
  let hits = 0;
  await postAll({
    url: `${url}/v1/qa`,
    count: queries.count,
    concurrency: 4,
    body: (q) => qaBody(queries, q),
    onReply: (_, reply) => void ((reply as { hit: boolean }).hit && hits++),
  });
  return hits / queries.count;
}

/** The real embeddings: every 10th held out as a query, the rest stored in a fresh service. */
export async function realSetRecall(dataDir: string, queries: number, random: SeededRandom, track: (proc: NodeProcess) => void) {
  const { stored, heldOut } = holdOut(await realEmbeddings(), 10);
  const noisy = noisyCopies(stored, queries, REAL_NOISE, random);
  const service = await startVectorCache({ dataDir, dims: stored.dims, durability: 'wal' });
  track(service);
  try {
    await postAll({ url: `${service.url}/v1/insert`, count: stored.count, concurrency: 8, body: (i) => insertBody(stored, i) });
    return {
      realStored: stored.count,
      realHeldOut: { queries: heldOut.count, value: await httpRecall(service.url, heldOut, exactNeighbours(stored, heldOut, K)) },
      realNoisy: { queries: noisy.count, value: await httpRecall(service.url, noisy, exactNeighbours(stored, noisy, K)) },
    };
  } finally {
    await service.stop('SIGKILL');
  }
}
