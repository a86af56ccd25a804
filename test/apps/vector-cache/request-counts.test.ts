/**
 * Every request that reaches a data route counts in its family's requests, and every refused one in its
 * errors, whatever refused it: the key check, reading the body, validation or the store. Search and qa
 * count as search, insert and upsert as insert; delete has a requests counter only.
 */
import assert from 'node:assert/strict';
import { axis, DIMS, startService, type ServiceUnderTest } from './service-under-test.js';

const APP_KEY = 'app-key';
const BODY_LIMIT = 2048;
const COUNTERS = [
  'svc_search_requests_total',
  'svc_search_errors_total',
  'svc_insert_requests_total',
  'svc_insert_errors_total',
  'svc_delete_requests_total',
] as const;
type Counts = Record<(typeof COUNTERS)[number], number>;

const VALID = {
  '/v1/search': { query: axis(0), k: 2 },
  '/v1/qa': { query: axis(0), sim_threshold: 0.5 },
  '/v1/insert': { ext_id: 1, vector: axis(0), answer: 'one' },
  '/v1/upsert': { ext_id: 1, vector: axis(0), answer: 'one' },
  '/v1/delete': { ext_id: 1 },
} as const;
type DataRoute = keyof typeof VALID;

/** The counters a route counts in: [requests, errors]. */
const FAMILY: Record<DataRoute, readonly [keyof Counts, keyof Counts | undefined]> = {
  '/v1/search': ['svc_search_requests_total', 'svc_search_errors_total'],
  '/v1/qa': ['svc_search_requests_total', 'svc_search_errors_total'],
  '/v1/insert': ['svc_insert_requests_total', 'svc_insert_errors_total'],
  '/v1/upsert': ['svc_insert_requests_total', 'svc_insert_errors_total'],
  '/v1/delete': ['svc_delete_requests_total', undefined],
};

/** Ways to refuse a request to `route`: [what, body, headers, status]. */
function refusals(route: DataRoute): readonly (readonly [string, string, Record<string, string>, number])[] {
  const valid = VALID[route] as Record<string, unknown>;
  const key = { 'x-svc-key': APP_KEY };
  const vectorField = 'query' in valid ? 'query' : 'vector' in valid ? 'vector' : undefined;
  return [
    ['no key', JSON.stringify(valid), {}, 401],
    ['a wrong key', JSON.stringify(valid), { 'x-svc-key': 'wrong' }, 401],
    ['malformed JSON', '{"ext_id": 1,', key, 400],
    ['an empty body', '', key, 400],
    ['an unknown field', JSON.stringify({ ...valid, colour: 'red' }), key, 400],
    ['a body over SVC_MAX_BODY_BYTES', JSON.stringify({ ...valid, pad: 'x'.repeat(BODY_LIMIT) }), key, 413],
    ['a text/plain body', JSON.stringify(valid), { ...key, 'content-type': 'text/plain' }, 415],
    ...(vectorField === undefined
      ? []
      : [['a wrong length', JSON.stringify({ ...valid, [vectorField]: axis(0).slice(1) }), key, 400] as const]),
  ];
}

describe('vector-cache: svc_*_requests_total and svc_*_errors_total count refused requests', () => {
  let svc: ServiceUnderTest;

  const counts = async (): Promise<Counts> => {
    const text = (await svc.get('/metrics', { 'x-svc-key': APP_KEY })).text;
    const read = (name: string) => Number(new RegExp(`\\n${name} (\\S+)\\n`).exec(text)?.[1]);
    return Object.fromEntries(COUNTERS.map((name) => [name, read(name)])) as Counts;
  };
  /** The counters that changed while `send` ran, by how much. */
  const changedBy = async (send: () => Promise<unknown>): Promise<Partial<Counts>> => {
    const before = await counts();
    await send();
    const after = await counts();
    return Object.fromEntries(
      COUNTERS.filter((name) => after[name] !== before[name]).map((name) => [name, after[name] - before[name]]),
    );
  };

  before(async () => {
    svc = await startService({
      SVC_AUTH_REQUIRED: '1',
      SVC_APP_KEYS: APP_KEY,
      SVC_MAX_BODY_BYTES: String(BODY_LIMIT),
    });
    assert.equal(DIMS, axis(0).length);
  });
  after(() => svc?.close());

  for (const route of Object.keys(VALID) as DataRoute[]) {
    const [requests, errors] = FAMILY[route];
    for (const [what, body, headers, status] of refusals(route)) {
      it(`${route} refused for ${what} (${status}): one request and one error`, async () => {
        const delta = await changedBy(async () => {
          const reply = await svc.send('POST', route, body, headers);
          assert.equal(reply.status, status, reply.text);
        });
        assert.deepEqual(delta, errors === undefined ? { [requests]: 1 } : { [requests]: 1, [errors]: 1 });
      });
    }
    it(`${route} answered: one request, no error`, async () => {
      const delta = await changedBy(async () => {
        const reply = await svc.post(route, VALID[route], { 'x-svc-key': APP_KEY });
        assert.equal(reply.status, 200, reply.text);
      });
      assert.deepEqual(delta, { [requests]: 1 });
    });
  }

  it('a refusal by the store (insert of an active id, 409) is one request and one error, as before', async () => {
    await svc.post('/v1/insert', { ext_id: 7, vector: axis(3), answer: 'seven' }, { 'x-svc-key': APP_KEY });
    const delta = await changedBy(async () => {
      const reply = await svc.post('/v1/insert', { ext_id: 7, vector: axis(3), answer: 'again' }, { 'x-svc-key': APP_KEY });
      assert.equal(reply.status, 409);
    });
    assert.deepEqual(delta, { svc_insert_requests_total: 1, svc_insert_errors_total: 1 });
  });

  it('a qa miss is no error', async () => {
    const delta = await changedBy(async () => {
      const reply = await svc.post('/v1/qa', { query: axis(5), sim_threshold: 1 }, { 'x-svc-key': APP_KEY });
      assert.equal((reply.body as { hit: boolean }).hit, false);
    });
    assert.deepEqual(delta, { svc_search_requests_total: 1 });
  });

  it('requests to the admin routes and to unknown routes count in no data family', async () => {
    const delta = await changedBy(async () => {
      await svc.post('/v1/snapshot/save', {}, { 'x-svc-key': APP_KEY });
      await svc.post('/v1/searches', VALID['/v1/search'], { 'x-svc-key': APP_KEY });
      await svc.get('/v1/search', { 'x-svc-key': APP_KEY });
    });
    assert.deepEqual(delta, {});
  });
});
