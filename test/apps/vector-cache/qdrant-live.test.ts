/**
 * The vector answer cache on a real Qdrant, when QDRANT_URL names its gRPC port (e.g.
 * `QDRANT_URL=http://127.0.0.1:6334`, plus QDRANT_API_KEY when it has one). Without it the suite says SKIPPED
 * and passes: the suites on the local gRPC peer still run.
 */
import assert from 'node:assert/strict';
import { QdrantClient } from '@qdrant/js-client-grpc';
import { collectionName, qdrantEnv } from './qdrant-backend.js';
import { assertServiceError, axis, startService, type ServiceUnderTest } from './service-under-test.js';

const url = process.env.QDRANT_URL ?? '';
const apiKey = process.env.QDRANT_API_KEY === '' ? undefined : process.env.QDRANT_API_KEY;

describe('vector-cache (qdrant): two instances on a real Qdrant (QDRANT_URL)', function () {
  this.timeout(60_000);
  const collection = collectionName();
  let a: ServiceUnderTest | undefined;
  let b: ServiceUnderTest | undefined;

  before(async function () {
    if (url === '') {
      console.error(
        '\n  SKIPPED: QDRANT_URL is not set — the vector cache on Qdrant was tested against the local gRPC peer only.\n' +
          '  To run this suite: QDRANT_URL=http://127.0.0.1:6334 [QDRANT_API_KEY=…] npx mocha test/apps/vector-cache/qdrant-live.test.ts\n',
      );
      this.skip();
    }
    const env = qdrantEnv(url, collection, apiKey);
    a = await startService(env);
    b = await startService(env);
  });

  after(async () => {
    await a?.close();
    await b?.close();
    if (url === '') return;
    const client = new QdrantClient({ url, checkCompatibility: false, ...(apiKey === undefined ? {} : { apiKey }) });
    await client.api('collections').delete({ collectionName: collection });
  });

  it('is ready, and serves through one what the other wrote', async () => {
    assert.equal((await a!.get('/readyz')).text, 'ready');
    const entry = { ext_id: 7, vector: axis(2), answer: 'from a', prompt_tokens: 4, answer_tokens: 2 };
    assert.equal((await a!.post('/v1/insert', entry)).status, 200);
    const qa = (await b!.post('/v1/qa', { query: axis(2, 0.05), sim_threshold: 0.9 })).body as { id: number; answer: string };
    assert.deepEqual([qa.id, qa.answer], [7, 'from a']);
    assertServiceError(await b!.post('/v1/insert', entry), 409, 'ALREADY_EXISTS');
  });

  it('misses through one what the other deleted, and answers 501 for snapshot files', async () => {
    assert.deepEqual((await b!.post('/v1/delete', { ext_id: 7 })).body, { deleted: true, ok: true });
    assert.equal(((await a!.post('/v1/qa', { query: axis(2) })).body as { hit: boolean }).hit, false);
    assertServiceError(await a!.post('/v1/snapshot/save', {}), 501, 'NOT_IMPLEMENTED');
  });
});
