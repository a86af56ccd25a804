/**
 * Two `sluice vector-cache` processes on one Qdrant (the local gRPC peer) and one collection: what one writes
 * the other serves, what one deletes the other misses, and both say so when Qdrant goes down.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { qdrantEnv } from './qdrant-backend.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { assertServiceError, axis } from './service-under-test.js';

describe('vector-cache (qdrant): two service processes share one collection', function () {
  this.timeout(60_000);
  let peer: QdrantPeer;
  let dataDir: string;
  let a: ServiceProcess;
  let b: ServiceProcess;

  before(async () => {
    peer = await QdrantPeer.start({ apiKey: 'peer-secret-key' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-qdrant-'));
    const env = qdrantEnv(peer.url, 'shared_answers', 'peer-secret-key');
    [a, b] = await Promise.all([startServiceProcess(dataDir, env), startServiceProcess(dataDir, env)]);
  });

  after(async () => {
    await Promise.all([a?.child.kill(), b?.child.kill()]);
    await peer?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says at start where its store is: the Qdrant collection, no data directory', () => {
    const listening = a.child.lines.find((line) => line.includes('listening on')) ?? '';
    assert.match(listening, /qdrant http:\/\/127\.0\.0\.1:\d+, collection shared_answers\)/);
    assert.ok(!a.child.lines.some((line) => line.includes('snapshot') || line.includes('durability')), a.child.lines.join('\n'));
  });

  it('serves through one what was written through the other, answer and token counts included', async () => {
    const entry = { ext_id: 41, vector: axis(1), answer: 'written through a', prompt_tokens: 7, answer_tokens: 3 };
    assert.equal((await a.post('/v1/insert', entry)).status, 200);
    const qa = await b.post('/v1/qa', { query: axis(1, 0.05), sim_threshold: 0.9 });
    assert.equal(qa.status, 200);
    const body = qa.body as { hit: boolean; id: number; answer: string };
    assert.deepEqual([body.hit, body.id, body.answer], [true, 41, 'written through a']);
    assert.deepEqual((await b.post('/v1/search', { query: axis(1), k: 3 })).body, { hits: [{ id: 41, distance: 0 }] });
    assert.match((await b.get('/metrics')).text, /\nsvc_tokens_saved_total 10\n/);
    assert.match((await b.get('/metrics')).text, /\nsvc_active_ids 1\n/);
  });

  it('refuses through one an insert of an id the other inserted, and serves the other one’s upsert', async () => {
    await a.post('/v1/insert', { ext_id: 42, vector: axis(3), answer: 'first' });
    assertServiceError(await b.post('/v1/insert', { ext_id: 42, vector: axis(3), answer: 'again' }), 409, 'ALREADY_EXISTS');
    assert.equal((await b.post('/v1/upsert', { ext_id: 42, vector: axis(3), answer: 'replaced by b' })).status, 200);
    assert.equal(((await a.post('/v1/qa', { query: axis(3) })).body as { answer: string }).answer, 'replaced by b');
  });

  it('answers a miss through one for what the other deleted', async () => {
    await a.post('/v1/insert', { ext_id: 43, vector: axis(5), answer: 'soon gone' });
    assert.equal(((await b.post('/v1/qa', { query: axis(5) })).body as { hit: boolean }).hit, true);
    assert.deepEqual((await a.post('/v1/delete', { ext_id: 43 })).body, { deleted: true, ok: true });
    assert.deepEqual((await b.post('/v1/qa', { query: axis(5), sim_threshold: 0.9 })).body, {
      hit: false,
      id: null,
      distance: null,
      similarity: null,
      answer: null,
    });
    assert.deepEqual((await b.post('/v1/delete', { ext_id: 43 })).body, { deleted: false, ok: true });
  });

  it('is not ready and answers a clear 503 while Qdrant is down, and recovers when it is back', async () => {
    await peer.stop();
    try {
      for (const service of [a, b]) {
        const ready = await service.get('/readyz');
        const error = assertServiceError(ready, 503, 'UNAVAILABLE');
        assert.match(error.message, /^not ready: qdrant /);
        const qa = assertServiceError(await service.post('/v1/qa', { query: axis(1) }), 503, 'UNAVAILABLE');
        assert.match(qa.message, /^qdrant search failed/);
        const write = assertServiceError(
          await service.post('/v1/upsert', { ext_id: 44, vector: axis(2), answer: 'x' }),
          503,
          'UNAVAILABLE',
        );
        assert.match(write.message, /^qdrant [a-z :]+ failed \(unavailable\)/);
        // The gauges keep their last value: a scrape still answers while Qdrant is down.
        assert.equal((await service.get('/metrics')).status, 200);
      }
    } finally {
      await peer.start();
    }
    for (const service of [a, b]) assert.equal((await service.get('/readyz')).text, 'ready');
    assert.equal(((await b.post('/v1/qa', { query: axis(1) })).body as { id: number }).id, 41);
  });

  it('outlives Qdrant saying goodbye again and again (an idle connection closed while a call comes)', async () => {
    // Qdrant's HTTP/2 GOAWAY on an idle connection used to leave the gRPC client's deferred error with no
    // listener when a call came during the close: an uncaught exception that ended the process.
    for (let round = 0; round < 6; round++) {
      await peer.stop();
      for (const service of [a, b]) assertServiceError(await service.get('/readyz'), 503, 'UNAVAILABLE');
      await peer.start();
      for (const service of [a, b]) assert.equal((await service.get('/readyz')).text, 'ready');
    }
    for (const service of [a, b]) assert.equal(service.child.process.exitCode, null, service.child.lines.slice(-20).join('\n'));
  });

  it('is not ready while Qdrant hangs, answering the probe without waiting for the call timeout', async () => {
    peer.delayMs = 4000;
    try {
      const error = assertServiceError(await a.get('/readyz'), 503, 'UNAVAILABLE');
      assert.equal(error.message, 'not ready: qdrant did not answer the health check within 2000 ms');
    } finally {
      peer.delayMs = 0;
    }
    assert.equal((await a.get('/readyz')).text, 'ready');
  });

  it('never prints the Qdrant API key', () => {
    for (const service of [a, b]) assert.ok(!service.child.lines.join('\n').includes('peer-secret-key'));
  });
});
