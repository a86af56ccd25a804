/**
 * With the cosine metric a similarity is within [−1, 1] and a distance within [0, 2], also where hnswlib's
 * 32-bit arithmetic lands just outside: a vector queried with itself, or with its opposite.
 */
import assert from 'node:assert/strict';
import { backendsUnderTest } from './qdrant-backend.js';
import type { ServiceUnderTest } from './service-under-test.js';

const DIMS = 384;
const COUNT = 120;

/** Deterministic values of all sizes and signs, so every run sees the same rounding. */
function vectors(seed: number): number[][] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2 - 1;
  };
  return Array.from({ length: COUNT }, () => Array.from({ length: DIMS }, () => next() * 3.7));
}

interface QaBody {
  hit: boolean;
  id: number | null;
  distance: number | null;
  similarity: number | null;
}

for (const backend of backendsUnderTest()) {
  describe(`vector-cache (${backend.name}): similarity and distance stay within their bounds (cosine)`, function () {
    this.timeout(60_000);
    let svc: ServiceUnderTest;
    const stored = vectors(20260101);

    before(async () => {
      await backend.setUp();
      svc = await backend.start({ SVC_DIMS: String(DIMS), SVC_DURABILITY: 'snapshot' });
      for (const [i, vector] of stored.entries()) {
        assert.equal((await svc.post('/v1/insert', { ext_id: i, vector, answer: `${i}` })).status, 200);
      }
    });
    after(async () => {
      await svc?.close();
      await backend.tearDown();
    });

    it('a stored vector queried with itself: similarity at most 1, distance at least 0, in search and qa', async () => {
      for (const [i, vector] of stored.entries()) {
        const search = (await svc.post('/v1/search', { query: vector, k: 1 })).body as {
          hits: { id: number; distance: number }[];
        };
        assert.equal(search.hits[0]!.id, i);
        assert.ok(search.hits[0]!.distance >= 0, `search distance ${search.hits[0]!.distance} for id ${i}`);
        const qa = (await svc.post('/v1/qa', { query: vector, sim_threshold: 0.99 })).body as QaBody;
        assert.equal(qa.id, i);
        assert.ok(qa.similarity! <= 1, `qa similarity ${qa.similarity} for id ${i}`);
        assert.ok(qa.distance! >= 0, `qa distance ${qa.distance} for id ${i}`);
        assert.equal(qa.similarity, 1 - qa.distance!);
      }
    });

    it('every hit of a search over all entries: distance within [0, 2]', async () => {
      for (const query of [...stored.slice(0, 20), ...stored.slice(0, 20).map((v) => v.map((x) => -x))]) {
        const { hits } = (await svc.post('/v1/search', { query, k: COUNT })).body as { hits: { distance: number }[] };
        assert.equal(hits.length, COUNT);
        for (const hit of hits) assert.ok(hit.distance >= 0 && hit.distance <= 2, `distance ${hit.distance}`);
      }
    });

    it('an opposite vector is a hit at sim_threshold −1 (its similarity is −1, not a rounding below)', async () => {
      const opposite = await backend.start({ SVC_DIMS: String(DIMS), SVC_DURABILITY: 'snapshot' });
      try {
        let belowMinusOne = 0;
        for (const vector of stored.slice(0, 60)) {
          assert.equal((await opposite.post('/v1/upsert', { ext_id: 1, vector, answer: 'only' })).status, 200);
          const qa = (await opposite.post('/v1/qa', { query: vector.map((x) => -x), sim_threshold: -1 })).body as QaBody;
          if (!qa.hit) belowMinusOne++;
          else {
            assert.ok(qa.similarity! >= -1, `similarity ${qa.similarity}`);
            assert.ok(qa.distance! <= 2, `distance ${qa.distance}`);
          }
        }
        assert.equal(belowMinusOne, 0, 'opposite vectors missed at the lowest threshold');
      } finally {
        await opposite.close();
      }
    });
  });
}
