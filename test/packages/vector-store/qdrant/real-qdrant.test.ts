/**
 * The VectorStore contract and the collection checks against a real Qdrant, when QDRANT_URL names its gRPC
 * port (e.g. `QDRANT_URL=http://127.0.0.1:6334`, plus QDRANT_API_KEY when it has one). Without it the suite
 * says SKIPPED loudly and passes: the local peer suites still run.
 */
import assert from 'node:assert/strict';
import { Distance, QdrantClient } from '@qdrant/js-client-grpc';
import { QdrantVectorStore, VectorStoreError } from '@sluice/vector-store';
import { collectionName, qdrantBackend, type ContractPayload, type StoreBackend } from './store-backends.js';
import { vectorStoreContract } from './vector-store-contract.js';

const url = process.env.QDRANT_URL ?? '';
const apiKey =
  process.env.QDRANT_API_KEY === undefined || process.env.QDRANT_API_KEY === '' ? undefined : process.env.QDRANT_API_KEY;

const unset: StoreBackend = {
  name: 'unset',
  open: () => Promise.reject(new Error('QDRANT_URL is not set')),
  cleanup: async () => undefined,
};

describe('vector-store: the qdrant backend against a real Qdrant (QDRANT_URL)', function () {
  const backend = url === '' ? unset : qdrantBackend(url, apiKey);

  before(function () {
    if (url !== '') return;
    console.error(
      '\n  SKIPPED: QDRANT_URL is not set — the qdrant backend was tested against the local gRPC peer only.\n' +
        '  To run this suite: QDRANT_URL=http://127.0.0.1:6334 [QDRANT_API_KEY=…] npx mocha test/packages/vector-store/qdrant/real-qdrant.test.ts\n',
    );
    this.skip();
  });

  vectorStoreContract(() => backend);

  it('refuses an existing collection of another vector size, naming both sizes', async () => {
    const client = new QdrantClient({ url, checkCompatibility: false, ...(apiKey === undefined ? {} : { apiKey }) });
    const collection = collectionName();
    await client.api('collections').create({
      collectionName: collection,
      vectorsConfig: { config: { case: 'params', value: { size: 8n, distance: Distance.Cosine } } },
    });
    try {
      await assert.rejects(
        QdrantVectorStore.open<ContractPayload>({ url, collection, vectorSize: 4, ...(apiKey === undefined ? {} : { apiKey }) }),
        (error: unknown) =>
          error instanceof VectorStoreError && error.code === 'failed_precondition' && /size 8 .* size 4/.test(error.message),
      );
    } finally {
      await client.api('collections').delete({ collectionName: collection });
    }
  });
});
