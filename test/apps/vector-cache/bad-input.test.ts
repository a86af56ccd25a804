import assert from 'node:assert/strict';
import { backendsUnderTest } from './qdrant-backend.js';
import { axis, assertServiceError, DIMS, seed, type Reply, type ServiceUnderTest } from './service-under-test.js';

const BODY_LIMIT = 4096;

const json = (value: unknown) => JSON.stringify(value);
/** A new entry (id 100): if a refused insert landed anyway, the id shows up. */
const entry = (over: Record<string, unknown> = {}) => json({ ext_id: 100, vector: axis(5), answer: 'new', ...over });
/** A replacement of id 1: if a refused upsert landed anyway, its answer or vector changes. */
const upsertOne = (over: Record<string, unknown> = {}) => json({ ext_id: 1, vector: axis(6), answer: 'changed', ...over });
const omit = (body: string, field: string) => {
  const value = JSON.parse(body) as Record<string, unknown>;
  delete value[field];
  return json(value);
};
const zeros = (n = DIMS) => new Array<number>(n).fill(0);
const unit = (n: number) => [1, ...zeros(n - 1)];
/** `text` spliced into a raw body, for numbers JSON.stringify cannot write (1e400 parses as Infinity). */
const rawVector = (first: string) => `[${[first, ...zeros(DIMS - 1).map(String)].join(',')}]`;

interface BadCase {
  readonly name: string;
  readonly route: string;
  readonly body: string;
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly headers?: Record<string, string>;
}

const bad = (name: string, route: string, body: string, field?: string): BadCase => ({
  name,
  route,
  body,
  status: 400,
  code: 'INVALID_ARGUMENT',
  ...(field === undefined ? {} : { field }),
});

/** Refused for its Content-Type alone: 415, whatever the body. */
function notJson(name: string, route: string, body: string, type: string): BadCase[] {
  return [
    { name, route, body, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'Content-Type', headers: { 'content-type': type } },
  ];
}

const CASES: readonly BadCase[] = [
  // The body as a whole.
  bad('malformed JSON', '/v1/insert', '{"ext_id": 100, "vector": [1,'),
  bad('an empty body', '/v1/insert', ''),
  bad('a body of blanks', '/v1/upsert', '  \n '),
  bad('a JSON array', '/v1/insert', `[${entry()}]`),
  bad('a JSON string', '/v1/upsert', json(upsertOne())),
  bad('JSON null', '/v1/delete', 'null'),
  bad('a JSON number', '/v1/delete', '1'),
  // Wrong types.
  bad('ext_id as a string', '/v1/insert', entry({ ext_id: '7' }), 'ext_id'),
  bad('ext_id as a boolean', '/v1/delete', json({ ext_id: true }), 'ext_id'),
  bad('a vector of strings', '/v1/upsert', upsertOne({ vector: axis(6).map(String) }), 'vector.0'),
  bad('a vector that is an object', '/v1/insert', entry({ vector: { 0: 1 } }), 'vector'),
  bad('an answer that is a number', '/v1/upsert', upsertOne({ answer: 42 }), 'answer'),
  bad('a query of strings', '/v1/search', json({ query: axis(0).map(String) }), 'query.0'),
  bad('atomic as a string', '/v1/snapshot/save', json({ atomic: 'yes' }), 'atomic'),
  bad('a path that is a number', '/v1/answers/save', json({ path: 7 }), 'path'),
  bad('an empty path', '/v1/snapshot/save', json({ path: '' }), 'path'),
  // Missing fields.
  bad('insert without ext_id', '/v1/insert', omit(entry(), 'ext_id'), 'ext_id'),
  bad('insert without vector', '/v1/insert', omit(entry(), 'vector'), 'vector'),
  bad('upsert without answer', '/v1/upsert', omit(upsertOne(), 'answer'), 'answer'),
  bad('search without query', '/v1/search', json({ k: 3 }), 'query'),
  bad('qa without query', '/v1/qa', json({ sim_threshold: 0.5 }), 'query'),
  bad('delete without ext_id', '/v1/delete', json({}), 'ext_id'),
  // Unknown fields: a misspelt field never falls back to a default.
  bad('an unknown field on insert', '/v1/insert', entry({ colour: 'red' }), 'colour'),
  bad('a __proto__ field', '/v1/insert', entry().replace('{', '{"__proto__":{"answer":"polluted"},'), '__proto__'),
  bad('a misspelt field on upsert', '/v1/upsert', upsertOne({ Answer: 'x' }), 'Answer'),
  bad('a qa field on search', '/v1/search', json({ query: axis(0), sim_threshold: 0.5 }), 'sim_threshold'),
  bad('a search field on qa', '/v1/qa', json({ query: axis(0), ef: 64 }), 'ef'),
  bad('atomic on snapshot load', '/v1/snapshot/load', json({ path: 'vcal.index', atomic: true }), 'atomic'),
  // Vector length.
  bad('a shorter vector', '/v1/insert', entry({ vector: unit(DIMS - 1) }), 'vector'),
  bad('a longer vector', '/v1/upsert', upsertOne({ vector: unit(DIMS + 1) }), 'vector'),
  bad('an empty vector', '/v1/insert', entry({ vector: [] }), 'vector'),
  bad('a shorter query', '/v1/search', json({ query: unit(DIMS - 1) }), 'query'),
  bad('a longer query', '/v1/qa', json({ query: unit(DIMS + 1) }), 'query'),
  // Numbers sent as strings or nulls.
  bad('a vector component as a string', '/v1/upsert', upsertOne({ vector: [1, '0.5', ...zeros(DIMS - 2)] }), 'vector.1'),
  bad('a vector component null', '/v1/insert', entry({ vector: [1, 0, 0, null, ...zeros(DIMS - 4)] }), 'vector.3'),
  bad('k as a string', '/v1/search', json({ query: axis(0), k: '5' }), 'k'),
  bad('k null', '/v1/qa', json({ query: axis(0), k: null }), 'k'),
  bad('ef as a string', '/v1/search', json({ query: axis(0), ef: '64' }), 'ef'),
  bad('ext_id null', '/v1/delete', json({ ext_id: null }), 'ext_id'),
  bad('answer null', '/v1/upsert', upsertOne({ answer: null }), 'answer'),
  bad('sim_threshold null', '/v1/qa', json({ query: axis(0), sim_threshold: null }), 'sim_threshold'),
  // Numbers too large for a double (JSON.parse reads them as ±Infinity), or for hnswlib's 32-bit floats.
  bad('1e400 in a vector', '/v1/insert', `{"ext_id":100,"vector":${rawVector('1e400')},"answer":"x"}`, 'vector.0'),
  bad('-1e400 in an upsert', '/v1/upsert', `{"ext_id":1,"vector":${rawVector('-1e400')},"answer":"x"}`, 'vector.0'),
  bad('1e400 in a query', '/v1/search', `{"query":${rawVector('1e400')}}`, 'query.0'),
  bad('k of 1e400', '/v1/search', `{"query":${json(axis(0))},"k":1e400}`, 'k'),
  bad('sim_threshold of 1e400', '/v1/qa', `{"query":${json(axis(0))},"sim_threshold":1e400}`, 'sim_threshold'),
  bad('ext_id of 1e400', '/v1/insert', `{"ext_id":1e400,"vector":${json(axis(5))},"answer":"x"}`, 'ext_id'),
  bad('1e39, beyond a 32-bit float', '/v1/upsert', upsertOne({ vector: [1e39, ...zeros(DIMS - 1)] }), 'vector'),
  // A zero vector has no direction for cosine.
  bad('a zero vector on insert', '/v1/insert', entry({ vector: zeros() }), 'vector'),
  bad('a zero vector on upsert', '/v1/upsert', upsertOne({ vector: zeros() }), 'vector'),
  bad('a zero query on search', '/v1/search', json({ query: zeros() }), 'query'),
  bad('a zero query on qa', '/v1/qa', json({ query: zeros() }), 'query'),
  // ext_id out of 0..2^53−1.
  bad('a negative ext_id', '/v1/insert', entry({ ext_id: -1 }), 'ext_id'),
  bad('a fractional ext_id', '/v1/insert', entry({ ext_id: 100.5 }), 'ext_id'),
  bad('ext_id 2^53', '/v1/insert', `{"ext_id":9007199254740992,"vector":${json(axis(5))},"answer":"x"}`, 'ext_id'),
  bad('a fractional ext_id on delete', '/v1/delete', json({ ext_id: 1.5 }), 'ext_id'),
  bad('a negative ext_id on delete', '/v1/delete', json({ ext_id: -2 }), 'ext_id'),
  bad('ext_id 2^53 on delete', '/v1/delete', '{"ext_id":9007199254740993}', 'ext_id'),
  // k, ef and sim_threshold out of range.
  bad('k 0 on search', '/v1/search', json({ query: axis(0), k: 0 }), 'k'),
  bad('k 1001 on search', '/v1/search', json({ query: axis(0), k: 1001 }), 'k'),
  bad('k 2.5 on search', '/v1/search', json({ query: axis(0), k: 2.5 }), 'k'),
  bad('k 0 on qa', '/v1/qa', json({ query: axis(0), k: 0 }), 'k'),
  bad('k 1001 on qa', '/v1/qa', json({ query: axis(0), k: 1001 }), 'k'),
  bad('k 2.5 on qa', '/v1/qa', json({ query: axis(0), k: 2.5 }), 'k'),
  bad('ef 0', '/v1/search', json({ query: axis(0), k: 1, ef: 0 }), 'ef'),
  bad('ef 10001', '/v1/search', json({ query: axis(0), ef: 10001 }), 'ef'),
  bad('ef below k', '/v1/search', json({ query: axis(0), k: 5, ef: 3 }), 'ef'),
  bad('ef below the default k (10)', '/v1/search', json({ query: axis(0), ef: 5 }), 'ef'),
  bad('sim_threshold -1.5', '/v1/qa', json({ query: axis(0), sim_threshold: -1.5 }), 'sim_threshold'),
  bad('sim_threshold 1.5', '/v1/qa', json({ query: axis(0), sim_threshold: 1.5 }), 'sim_threshold'),
  bad('sim_threshold as a string', '/v1/qa', json({ query: axis(0), sim_threshold: '0.5' }), 'sim_threshold'),
  // Size and media type.
  {
    ...bad('a body over SVC_MAX_BODY_BYTES (Content-Length)', '/v1/insert', entry({ answer: 'x'.repeat(BODY_LIMIT) })),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    ...bad('an admin body over SVC_MAX_BODY_BYTES', '/v1/snapshot/save', json({ path: 'a'.repeat(BODY_LIMIT) })),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  ...notJson('a text/plain body', '/v1/insert', entry(), 'text/plain'),
  ...notJson('a text/plain body', '/v1/qa', json({ query: axis(0) }), 'text/plain;charset=UTF-8'),
  ...notJson('a form body', '/v1/upsert', upsertOne(), 'application/x-www-form-urlencoded'),
  ...notJson('a multipart body', '/v1/insert', entry(), 'multipart/form-data; boundary=b'),
  ...notJson('a body with an empty Content-Type', '/v1/insert', entry(), ''),
  ...notJson('a form body', '/v1/snapshot/save', json({}), 'application/x-www-form-urlencoded'),
  ...notJson('an empty form', '/v1/snapshot/save', '', 'application/x-www-form-urlencoded'),
  ...notJson('an empty text/plain body', '/v1/answers/load', '', 'text/plain'),
];

/** Snapshot and answers files are refused as a whole on qdrant (501), before their bodies are read. */
const isFileRoute = (route: string) => /^\/v1\/(snapshot|answers)\//.test(route);

for (const backend of backendsUnderTest()) {
  describe(`vector-cache (${backend.name}): bad input answers the error envelope and changes nothing`, () => {
    let svc: ServiceUnderTest;
    let assertUnchanged: () => Promise<void>;

    const sendCase = (c: BadCase): Promise<Reply> => svc.send('POST', c.route, c.body, c.headers);

    // One service for all cases: each must leave it as it was, which is the point.
    before(async () => {
      await backend.setUp();
      svc = await backend.start({ SVC_MAX_BODY_BYTES: String(BODY_LIMIT) });
      assertUnchanged = await seed(svc);
    });
    after(async () => {
      await svc?.close();
      await backend.tearDown();
    });

    for (const c of CASES.filter((c) => backend.name === 'hnsw' || !isFileRoute(c.route))) {
      it(`${c.name} on ${c.route}: ${c.status} ${c.code}`, async () => {
        assertServiceError(await sendCase(c), c.status, c.code, c.field);
        await assertUnchanged();
      });
    }

    it('a body just at SVC_MAX_BODY_BYTES is read; one byte more is 413', async () => {
      const search = json({ query: axis(0), k: 3 });
      const atLimit = search + ' '.repeat(BODY_LIMIT - Buffer.byteLength(search));
      assert.equal((await svc.send('POST', '/v1/search', atLimit)).status, 200);
      assertServiceError(await svc.send('POST', '/v1/search', `${atLimit} `), 413, 'PAYLOAD_TOO_LARGE');
      await assertUnchanged();
    });

    it('the bounds themselves are accepted, so the refusals above are about the bounds', async () => {
      for (const [route, body] of [
        ['/v1/search', { query: axis(0), k: 1000, ef: 10000 }],
        ['/v1/search', { query: axis(0), k: 1, ef: 1 }],
        ['/v1/search', { query: axis(0), k: 7, ef: 7 }],
        ['/v1/qa', { query: axis(0), k: 1000, sim_threshold: -1 }],
        ['/v1/qa', { query: axis(0), k: 1, sim_threshold: 1 }],
        ['/v1/delete', { ext_id: 0 }],
        ['/v1/delete', { ext_id: Number.MAX_SAFE_INTEGER }],
      ] as const) {
        const reply = await svc.post(route, body);
        assert.equal(reply.status, 200, `${route} ${JSON.stringify(body)}: ${reply.text}`);
      }
      await assertUnchanged();
    });

    it('a chunked body over SVC_MAX_BODY_BYTES is 413 too, on data and admin routes', async () => {
      const piece = 'x'.repeat(1000);
      const insert = ['{"ext_id":100,"vector":', json(axis(5)), ',"answer":"', ...new Array<string>(5).fill(piece), '"}'];
      const reply = await svc.postChunked('/v1/insert', insert);
      assertServiceError(reply, 413, 'PAYLOAD_TOO_LARGE');
      const save = ['{"path":"', ...new Array<string>(5).fill(piece), '"}'];
      if (backend.name === 'hnsw') assertServiceError(await svc.postChunked('/v1/snapshot/save', save), 413, 'PAYLOAD_TOO_LARGE');
      // The connection was not left in a broken state by the unread rest.
      assert.equal((await svc.postChunked('/v1/search', [json({ query: axis(0) })])).status, 200);
      await assertUnchanged();
    });

    for (const [method, route] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/inserts'],
      ['POST', '/admin/snapshot/save'],
      ['GET', '/v2/search'],
      ['GET', '/api-docs/nope.js'],
      ['GET', '/api-docs/..%2F..%2Fpackage.json'],
    ] as const) {
      it(`an unknown route (${method} ${route}): 404 NOT_FOUND`, async () => {
        assertServiceError(await svc.send(method, route, method === 'POST' ? entry() : undefined), 404, 'NOT_FOUND');
        await assertUnchanged();
      });
    }

    for (const [method, route, allowed] of [
      ['GET', '/v1/insert', 'POST'],
      ['PUT', '/v1/upsert', 'POST'],
      ['DELETE', '/v1/delete', 'POST'],
      ['GET', '/v1/snapshot/load', 'POST'],
      ['POST', '/healthz', 'GET'],
      ['POST', '/v1/license/status', 'GET'],
    ] as const) {
      it(`a wrong method on a known route (${method} ${route}): 405 with Allow`, async () => {
        const reply = await svc.send(method, route, method === 'GET' ? undefined : json({ ext_id: 1 }));
        assertServiceError(reply, 405, 'METHOD_NOT_ALLOWED');
        assert.ok((reply.headers.get('allow') ?? '').split(/,\s*/).includes(allowed), `Allow: ${reply.headers.get('allow')}`);
        await assertUnchanged();
      });
    }
  });
}
