/**
 * The same requests to a service on `hnsw` and to one on `qdrant` (the local gRPC peer) answer the same
 * status and the same bytes: the hit and miss forms, refusals, deletes of ids that are gone, the probes.
 */
import assert from 'node:assert/strict';
import { backendsUnderTest } from './qdrant-backend.js';
import { axis, DIMS, type Reply, type ServiceUnderTest } from './service-under-test.js';

/** Near to every entry by a different amount, so no two hits tie (ties may come back in either order). */
const MIXED = [0.5, 0, 1, 0, 0.25, 0.25, 0, 0];

type Step = readonly [method: 'GET' | 'POST', route: string, body?: unknown];

const STEPS: readonly Step[] = [
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['POST', '/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one', prompt_tokens: 3, answer_tokens: 4 }],
  ['POST', '/v1/insert', { ext_id: 2, vector: axis(2), answer: 'two' }],
  ['POST', '/v1/insert', { ext_id: 3, vector: axis(4, 1), answer: 'three' }],
  ['POST', '/v1/insert', { ext_id: 1, vector: axis(1), answer: 'again' }],
  ['POST', '/v1/upsert', { ext_id: 2, vector: axis(2), answer: 'two, replaced' }],
  ['POST', '/v1/qa', { query: axis(0) }],
  ['POST', '/v1/qa', { query: axis(2), k: 3, sim_threshold: 1 }],
  ['POST', '/v1/qa', { query: axis(6), sim_threshold: 0.5 }],
  ['POST', '/v1/qa', { query: axis(4), sim_threshold: 0.7 }],
  ['POST', '/v1/search', { query: axis(0), k: 1 }],
  ['POST', '/v1/search', { query: MIXED, k: 2, ef: 2 }],
  ['POST', '/v1/search', { query: MIXED, k: 5, ef: 4 }],
  ['POST', '/v1/qa', { query: MIXED, k: 3, sim_threshold: 0.5 }],
  ['POST', '/v1/delete', { ext_id: 2 }],
  ['POST', '/v1/delete', { ext_id: 2 }],
  ['POST', '/v1/delete', { ext_id: 99 }],
  ['POST', '/v1/qa', { query: axis(2), sim_threshold: 0.9 }],
  ['POST', '/v1/insert', { ext_id: 2, vector: axis(2), answer: 'two, revived' }],
  ['POST', '/v1/qa', { query: axis(2) }],
  ['POST', '/v1/insert', { ext_id: 5, vector: new Array<number>(DIMS).fill(0), answer: 'zero' }],
  ['POST', '/v1/insert', { ext_id: 5, vector: [1, 2], answer: 'short' }],
  ['POST', '/v1/qa', { query: axis(0), colour: 'blue' }],
  ['POST', '/v1/qa', { query: axis(0), k: 1001 }],
  ['POST', '/v1/insert', { ext_id: -1, vector: axis(0), answer: 'negative' }],
  ['GET', '/v1/license/status'],
  ['GET', '/v1/nothing'],
  ['GET', '/v1/qa'],
];

describe('vector-cache: the same requests answer the same bytes on hnsw and on qdrant', () => {
  const backends = backendsUnderTest();
  const services: ServiceUnderTest[] = [];
  before(async () => {
    for (const backend of backends) {
      await backend.setUp();
      services.push(await backend.start());
    }
  });
  after(async () => {
    for (const service of services) await service.close();
    for (const backend of backends) await backend.tearDown();
  });

  it('answers every step alike', async () => {
    for (const [method, route, body] of STEPS) {
      const replies: Reply[] = [];
      for (const service of services) {
        replies.push(method === 'GET' ? await service.get(route) : await service.post(route, body));
      }
      const [hnsw, qdrant] = replies as [Reply, Reply];
      const step = `${method} ${route} ${JSON.stringify(body) ?? ''}`;
      assert.equal(qdrant.status, hnsw.status, step);
      assert.equal(qdrant.text, hnsw.text, step);
      assert.equal(qdrant.headers.get('content-type'), hnsw.headers.get('content-type'), step);
    }
  });

  it('reports the same metrics of those requests', async () => {
    const samples = async (service: ServiceUnderTest) =>
      (await service.get('/metrics')).text
        .split('\n')
        .filter((line) => /^svc_(?!search_duration_seconds_(sum|bucket))/.test(line))
        .join('\n');
    assert.equal(await samples(services[1]!), await samples(services[0]!));
  });
});
