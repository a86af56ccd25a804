/**
 * A vector or query whose length differs from SVC_DIMS makes the request invalid (rule 1 of section 4 of the
 * specification): 400 INVALID_ARGUMENT saying the length expected and the length given, naming the field.
 */
import assert from 'node:assert/strict';
import { backendsUnderTest } from './qdrant-backend.js';
import { assertServiceError, axis, DIMS, seed, startService, type ServiceUnderTest } from './service-under-test.js';

const unit = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0));

const BODIES = {
  '/v1/insert': (vector: number[]) => ({ ext_id: 100, vector, answer: 'new' }),
  '/v1/upsert': (vector: number[]) => ({ ext_id: 1, vector, answer: 'changed' }),
  '/v1/search': (query: number[]) => ({ query, k: 2 }),
  '/v1/qa': (query: number[]) => ({ query, sim_threshold: 0.5 }),
} as const;

for (const backend of backendsUnderTest()) {
  describe(`vector-cache (${backend.name}): a vector of another length than SVC_DIMS`, () => {
    let svc: ServiceUnderTest;
    let assertUnchanged: () => Promise<void>;

    before(async () => {
      await backend.setUp();
      svc = await backend.start();
      assertUnchanged = await seed(svc);
    });
    after(async () => {
      await svc?.close();
      await backend.tearDown();
    });

    for (const [route, body] of Object.entries(BODIES)) {
      const field = route === '/v1/insert' || route === '/v1/upsert' ? 'vector' : 'query';
      for (const length of [0, 1, DIMS - 1, DIMS + 1, 3 * DIMS]) {
        it(`${route} with ${length} numbers: 400 "${field} must have ${DIMS} numbers, got ${length}"`, async () => {
          const error = assertServiceError(await svc.post(route, body(unit(length))), 400, 'INVALID_ARGUMENT', field);
          assert.equal(error.message, `${field} must have ${DIMS} numbers, got ${length}`);
          assert.deepEqual(error.details, { field });
        });
      }
    }

    it('is named before the values inside it, which cannot be right at the wrong length anyway', async () => {
      const error = assertServiceError(
        await svc.post('/v1/insert', BODIES['/v1/insert'](['x' as never])),
        400,
        'INVALID_ARGUMENT',
      );
      assert.equal(error.message, `vector must have ${DIMS} numbers, got 1`);
    });

    it('a vector of the right length still passes, and nothing refused changed anything', async () => {
      assert.equal((await svc.post('/v1/search', { query: axis(0) })).status, 200);
      await assertUnchanged();
    });
  });
}

describe('vector-cache: the length message at SVC_DIMS=384', () => {
  let svc: ServiceUnderTest;
  before(async () => (svc = await startService({ SVC_DIMS: '384' })));
  after(() => svc?.close());

  it('insert of 3 numbers: "vector must have 384 numbers, got 3"', async () => {
    const error = assertServiceError(
      await svc.post('/v1/insert', { ext_id: 1, vector: [1, 2, 3], answer: 'a' }),
      400,
      'INVALID_ARGUMENT',
    );
    assert.equal(error.message, 'vector must have 384 numbers, got 3');
    assert.deepEqual(error.details, { field: 'vector' });
  });
});
