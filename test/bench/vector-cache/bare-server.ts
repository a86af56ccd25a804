/**
 * The limit for /v1/search and /v1/qa: node:http and hnswlib-node with nothing between them. It reads the
 * graph the service saved (hnswlib's own file), so both answer from the same index. Prints its RSS
 * (after a full collection) before and after reading the index: the memory of hnswlib alone.
 * Usage: bare-server.ts <hnswlib index file> <dims>
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import hnswlib from 'hnswlib-node';
import { answerCollectRequests, collectedMemory } from './collect-garbage.js';

const [indexFile, dimsText] = process.argv.slice(2);
if (indexFile === undefined || dimsText === undefined) throw new Error('usage: bare-server.ts <index file> <dims>');
const EF_SEARCH = 128;

const emptyRss = collectedMemory().rss;
const index = new hnswlib.HierarchicalNSW('cosine', Number(dimsText));
await index.readIndex(indexFile);
index.setEf(EF_SEARCH);
const loadedRss = collectedMemory().rss;
answerCollectRequests();

interface Query {
  query: number[];
  k?: number;
  sim_threshold?: number;
}

function answer(path: string | undefined, body: Query): unknown {
  if (path === '/v1/qa') {
    const { neighbors, distances } = index.searchKnn(body.query, body.k ?? 1);
    const id = neighbors[0];
    const distance = distances[0];
    const similarity = distance === undefined ? undefined : 1 - distance;
    if (id === undefined || similarity === undefined || similarity < (body.sim_threshold ?? 0.8)) {
      return { hit: false, id: null, distance: null, similarity: null, answer: null };
    }
    return { hit: true, id, distance, similarity, answer: `answer ${id}` };
  }
  const { neighbors, distances } = index.searchKnn(body.query, body.k ?? 10);
  return { hits: neighbors.map((id, i) => ({ id, distance: distances[i] })) };
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let status = 200;
    let reply: string;
    try {
      reply = JSON.stringify(answer(req.url, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Query));
    } catch (error) {
      status = 400;
      reply = JSON.stringify({ error: { message: (error as Error).message } });
    }
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(reply) });
    res.end(reply);
  });
});
server.keepAliveTimeout = 65_000;
// A normal exit on SIGTERM, so --cpu-prof and the like get to write their output.
process.once('SIGTERM', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`listening ${port} rss-empty ${emptyRss} rss-loaded ${loadedRss}`);
});
