import assert from 'node:assert/strict';
import { Distance, FieldType, QdrantClient } from '@qdrant/js-client-grpc';
import { QdrantVectorStore, VectorStoreError } from '@sluice/vector-store';
import { QdrantPeer } from '../../../fixtures/qdrant-peer.js';
import { collectionName, INDEXED_FIELDS, type ContractPayload } from './store-backends.js';
import { at, record } from './vector-store-contract.js';

describe('vector-store: QdrantVectorStore.open and the collection layout', () => {
  let peer: QdrantPeer;
  let client: QdrantClient;

  beforeEach(async () => {
    peer = await QdrantPeer.start();
    client = new QdrantClient({ url: peer.url, checkCompatibility: false });
  });
  afterEach(() => peer.close());

  const open = (collection: string, vectorSize = 4) =>
    QdrantVectorStore.open<ContractPayload>({ url: peer.url, collection, vectorSize, indexedFields: INDEXED_FIELDS });

  async function createForeign(collection: string, size: bigint, distance: Distance): Promise<void> {
    await client
      .api('collections')
      .create({ collectionName: collection, vectorsConfig: { config: { case: 'params', value: { size, distance } } } });
  }

  async function refusal(collection: string): Promise<VectorStoreError> {
    try {
      await open(collection);
    } catch (error) {
      assert.ok(error instanceof VectorStoreError);
      return error;
    }
    assert.fail('open succeeded');
  }

  it('creates a missing collection with Cosine distance and the vector size, and indexes the indexed fields', async () => {
    const collection = collectionName();
    const store = await open(collection);
    assert.equal(store.backend, 'qdrant');
    assert.equal(store.dims, 4);
    assert.equal(store.metric, 'cosine');
    const created = peer.collection(collection);
    assert.equal(created?.size, 4);
    assert.equal(created?.distance, Distance.Cosine);
    assert.deepEqual(Object.fromEntries(created!.payloadIndexes), {
      scope: FieldType.FieldTypeKeyword,
      expires_at: FieldType.FieldTypeInteger,
      flag: FieldType.FieldTypeBool,
      tier: FieldType.FieldTypeInteger,
    });
  });

  it('reopens an existing collection of the same layout without touching its points', async () => {
    const collection = collectionName();
    const first = await open(collection);
    await first.insert(record(1, at(0)));
    await first.close();
    const creates = peer.requests('qdrant.Collections/Create').length;
    const second = await open(collection);
    assert.equal(peer.requests('qdrant.Collections/Create').length, creates);
    assert.equal(await second.count(), 1);
  });

  it('refuses an existing collection of another vector size with failed_precondition, naming both sizes', async () => {
    const collection = collectionName();
    await createForeign(collection, 768n, Distance.Cosine);
    const error = await refusal(collection);
    assert.equal(error.code, 'failed_precondition');
    assert.match(error.message, new RegExp(`"${collection}" has vectors of size 768 with Cosine distance`));
    assert.match(error.message, /configured for size 4 with Cosine distance/);
  });

  it('refuses an existing collection of another distance, and one of named vectors', async () => {
    const dot = collectionName();
    await createForeign(dot, 4n, Distance.Dot);
    const wrongDistance = await refusal(dot);
    assert.equal(wrongDistance.code, 'failed_precondition');
    assert.match(wrongDistance.message, /size 4 with Dot distance; this store is configured for size 4 with Cosine distance/);
    const named = collectionName();
    const params = { size: 4n, distance: Distance.Cosine };
    await client
      .api('collections')
      .create({ collectionName: named, vectorsConfig: { config: { case: 'paramsMap', value: { map: { text: params } } } } });
    const namedVectors = await refusal(named);
    assert.equal(namedVectors.code, 'failed_precondition');
    assert.match(namedVectors.message, /named vectors \(text\)/);
  });

  it('two instances starting at once both open the collection: the second creator’s AlreadyExists counts as created', async () => {
    const collection = collectionName();
    // Held back, both existence checks are answered before either create arrives.
    peer.delayMs = 200;
    const [a, b] = await Promise.all([open(collection), open(collection)]);
    peer.delayMs = 0;
    assert.equal(peer.requests('qdrant.Collections/Create').length, 2);
    await a.insert(record(1, at(0)));
    assert.equal(await b.count(), 1);
  });

  it('refuses bad options before connecting, naming the field', async () => {
    const bad = async (options: object, pattern: RegExp) => {
      await assert.rejects(
        QdrantVectorStore.open({ url: peer.url, collection: 'c', vectorSize: 4, ...options }),
        (error: unknown) => error instanceof VectorStoreError && error.code === 'invalid_argument' && pattern.test(error.message),
      );
    };
    await bad({ url: '127.0.0.1:6334' }, /url must be an http:\/\/ or https:\/\/ URL/);
    await bad({ url: 'http://user:hunter2@[::1' }, /^(?!.*hunter2).*url must be an http:\/\/ or https:\/\/ URL/);
    await bad({ url: `${peer.url}/qdrant` }, /url must name a host and port only/);
    await bad({ vectorSize: 0 }, /vectorSize must be an integer in 1\.\.65536, got 0/);
    await bad({ timeoutMs: 0 }, /timeoutMs must be an integer/);
    await bad({ collection: 'a/b' }, /collection must be a name/);
    await bad(
      { indexedFields: { scope: 'text' } },
      /indexedFields\.scope must be one of keyword, integer, float, bool, got text/,
    );
    await bad({ indexedFields: { 'a.b': 'keyword' } }, /indexedFields: "a\.b" must be a top-level payload field name/);
    assert.equal(peer.calls.length, 0);
  });
});
