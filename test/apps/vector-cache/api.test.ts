import assert from 'node:assert/strict';
import { backendsUnderTest } from './qdrant-backend.js';
import { axis, startService, type ServiceUnderTest } from './service-under-test.js';

for (const backend of backendsUnderTest()) {
  describe(`vector-cache (${backend.name}): the HTTP API end to end`, () => {
    let svc: ServiceUnderTest;
    before(() => backend.setUp());
    after(() => backend.tearDown());
    beforeEach(async () => (svc = await backend.start()));
    afterEach(async () => svc.close());

    it('inserts, searches and answers a near question from the cache', async () => {
      assert.deepEqual((await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one' })).body, { ok: true });
      await svc.post('/v1/insert', { ext_id: 2, vector: axis(3), answer: 'two' });
      const search = await svc.post('/v1/search', { query: axis(0, 0.1), k: 2 });
      assert.equal(search.status, 200);
      const hits = (search.body as { hits: { id: number; distance: number }[] }).hits;
      assert.deepEqual(
        hits.map((h) => h.id),
        [1, 2],
      );
      assert.ok(hits[0]!.distance < hits[1]!.distance);

      const qa = await svc.post('/v1/qa', { query: axis(0, 0.1), sim_threshold: 0.9 });
      const body = qa.body as { hit: boolean; id: number; similarity: number; distance: number; answer: string };
      assert.equal(body.hit, true);
      assert.equal(body.id, 1);
      assert.equal(body.answer, 'one');
      assert.ok(Math.abs(body.similarity - (1 - body.distance)) < 1e-9);
    });

    it('answers the miss form below the threshold', async () => {
      await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one' });
      const qa = await svc.post('/v1/qa', { query: axis(4), sim_threshold: 0.5 });
      assert.deepEqual(qa.body, { hit: false, id: null, distance: null, similarity: null, answer: null });
    });

    it('refuses to insert an active id with 409 and replaces it with upsert', async () => {
      await svc.post('/v1/insert', { ext_id: 5, vector: axis(0), answer: 'old' });
      const again = await svc.post('/v1/insert', { ext_id: 5, vector: axis(1), answer: 'new' });
      assert.equal(again.status, 409);
      assert.equal((again.body as { error: { code: string } }).error.code, 'ALREADY_EXISTS');
      await svc.post('/v1/upsert', { ext_id: 5, vector: axis(1), answer: 'new' });
      const qa = await svc.post('/v1/qa', { query: axis(1) });
      assert.equal((qa.body as { answer: string }).answer, 'new');
    });

    it('deletes an id, hides it, reports an unknown id as not deleted, and revives on insert', async () => {
      await svc.post('/v1/insert', { ext_id: 9, vector: axis(2), answer: 'nine' });
      assert.deepEqual((await svc.post('/v1/delete', { ext_id: 9 })).body, { deleted: true, ok: true });
      assert.deepEqual((await svc.post('/v1/delete', { ext_id: 9 })).body, { deleted: false, ok: true });
      assert.deepEqual((await svc.post('/v1/search', { query: axis(2) })).body, { hits: [] });
      assert.equal((await svc.post('/v1/insert', { ext_id: 9, vector: axis(2), answer: 'back' })).status, 200);
      assert.equal(((await svc.post('/v1/qa', { query: axis(2) })).body as { answer: string }).answer, 'back');
    });

    it('takes ids up to 2^53 − 1', async () => {
      const big = Number.MAX_SAFE_INTEGER;
      assert.equal((await svc.post('/v1/insert', { ext_id: big, vector: axis(6), answer: 'big' })).status, 200);
      const qa = (await svc.post('/v1/qa', { query: axis(6) })).body as { id: number; answer: string };
      assert.equal(qa.id, big);
      assert.equal(qa.answer, 'big');
    });

    if (backend.name === 'qdrant') {
      it('answers the snapshot and answers routes 501, naming Qdrant snapshots instead', async () => {
        for (const route of ['/v1/snapshot/save', '/v1/snapshot/load', '/v1/answers/save', '/v1/answers/load']) {
          const reply = await svc.post(route, {});
          assert.equal(reply.status, 501, route);
          const error = (reply.body as { error: { code: string; message: string } }).error;
          assert.equal(error.code, 'NOT_IMPLEMENTED');
          assert.match(error.message, /Qdrant's collection snapshots/);
        }
      });
    }

    if (backend.name === 'hnsw')
      it('saves and loads the paired snapshot set, and the answers alone', async () => {
        await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one' });
        const saved = await svc.post('/v1/snapshot/save', { path: 'backup/vcal.index', atomic: true });
        assert.equal(saved.status, 200);
        const savedBody = saved.body as { ok: boolean; path: string; bytes: number; unixtime: number };
        assert.equal(savedBody.ok, true);
        assert.ok(savedBody.path.endsWith('backup/vcal.index'));
        assert.ok(savedBody.bytes > 0);
        assert.ok(Math.abs(savedBody.unixtime - Date.now() / 1000) < 60);

        await svc.post('/v1/upsert', { ext_id: 1, vector: axis(0), answer: 'changed' });
        await svc.post('/v1/insert', { ext_id: 2, vector: axis(4), answer: 'two' });
        const answers = await svc.post('/v1/answers/save', { path: 'answers-export.json' });
        assert.equal(answers.status, 200);

        const loaded = await svc.post('/v1/snapshot/load', { path: 'backup/vcal.index' });
        assert.deepEqual(loaded.body, { ok: true, path: savedBody.path, vectors: 1 });
        assert.equal(((await svc.post('/v1/qa', { query: axis(0) })).body as { answer: string }).answer, 'one');
        const after = (await svc.post('/v1/search', { query: axis(4), k: 5 })).body as { hits: { id: number }[] };
        assert.deepEqual(
          after.hits.map((h) => h.id),
          [1],
          'id 2, inserted after the save, is gone with the load',
        );

        const restored = await svc.post('/v1/answers/load', { path: 'answers-export.json' });
        assert.equal((restored.body as { answers: number }).answers, 1);
        assert.equal(((await svc.post('/v1/qa', { query: axis(0) })).body as { answer: string }).answer, 'changed');
      });

    it('serves the license status, the probes, the metrics and the API docs', async () => {
      assert.deepEqual((await svc.get('/v1/license/status')).body, {
        valid: true,
        tier: 'community',
        org: '',
        days_until_expiry: -1,
      });
      assert.equal((await svc.get('/healthz')).status, 200);
      assert.equal((await svc.get('/readyz')).text, 'ready');
      await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one', prompt_tokens: 10, answer_tokens: 5 });
      await svc.post('/v1/qa', { query: axis(0) });
      await svc.post('/v1/qa', { query: axis(5) });
      const metrics = (await svc.get('/metrics')).text;
      for (const name of [
        'svc_active_ids 1',
        'svc_answers_cached 1',
        'svc_search_requests_total 2',
        'svc_search_errors_total 0',
        'svc_insert_requests_total 1',
        'svc_insert_errors_total 0',
        'svc_cache_hits_total 1',
        'svc_cache_misses_total 1',
        'svc_tokens_saved_total 15',
        'svc_snapshot_saves_total 0',
        'svc_license_days_until_expiry -1',
        'svc_search_duration_seconds_count 2',
      ]) {
        assert.ok(metrics.includes(`\n${name}\n`), `metrics lack "${name}"`);
      }
      // Then Node's process metrics, from the one registry the process's services share.
      assert.ok(metrics.indexOf('# TYPE svc_active_ids gauge') < metrics.indexOf('# TYPE process_cpu_seconds_total counter'));
      assert.ok(metrics.includes('\n# TYPE nodejs_gc_duration_seconds histogram\n'));
      const types = [...metrics.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);
      assert.equal(new Set(types).size, types.length, 'a metric name is exposed twice');
      const docs = await svc.get('/api-docs');
      assert.equal(docs.status, 200);
      assert.match(docs.text, /swagger-ui-bundle\.js/);
      const openapi = (await svc.get('/api-docs/openapi.json')).body as { openapi: string; paths: Record<string, unknown> };
      assert.equal(openapi.openapi, '3.1.0');
      assert.ok('/v1/qa' in openapi.paths && '/v1/snapshot/load' in openapi.paths);
      assert.equal((await svc.get('/api-docs/swagger-ui-bundle.js')).status, 200);
    });
  });
}

describe('vector-cache: exports never overwrite the data directory own set', () => {
  let svc: ServiceUnderTest;
  beforeEach(async () => (svc = await startService()));
  afterEach(async () => svc.close());

  it('refuses a snapshot export or an answers export beside the home set', async () => {
    await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one' });
    for (const [route, path] of [
      ['/v1/snapshot/save', 'other.index'],
      ['/v1/answers/save', 'answers.json'],
      ['/v1/answers/save', 'tombstones.json'],
    ] as const) {
      const reply = await svc.post(route, { path });
      assert.equal(reply.status, 400, `${route} ${path}`);
      assert.equal((reply.body as { error: { code: string } }).error.code, 'INVALID_ARGUMENT');
    }
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    assert.equal((await svc.post('/v1/answers/save', { path: 'exports/answers.json' })).status, 200);
    const restarted = await svc.restart();
    svc = restarted;
    assert.equal(((await svc.post('/v1/qa', { query: axis(0) })).body as { answer: string }).answer, 'one');
  });
});
