import assert from 'node:assert/strict';
import { QdrantVectorStore, VectorStoreError } from '@sluice/vector-store';
import { QdrantPeer } from '../../../fixtures/qdrant-peer.js';
import { collectionName, type ContractPayload } from './store-backends.js';
import { at, record } from './vector-store-contract.js';

describe('vector-store: QdrantVectorStore api key', () => {
  const KEY = 'qdrant-key-5f1c';
  let peer: QdrantPeer;
  let warn: typeof console.warn;

  beforeEach(async () => {
    peer = await QdrantPeer.start({ apiKey: KEY });
    // The client warns that a key travels over plain http, which is what a local peer speaks.
    warn = console.warn;
    console.warn = () => undefined;
  });
  afterEach(async () => {
    console.warn = warn;
    await peer.close();
  });

  const open = (apiKey?: string) =>
    QdrantVectorStore.open<ContractPayload>({
      url: peer.url,
      collection: collectionName(),
      vectorSize: 4,
      ...(apiKey === undefined ? {} : { apiKey }),
    });

  it('sends the key with every call', async () => {
    const store = await open(KEY);
    await store.insert(record(1, at(0)));
    assert.deepEqual(
      (await store.search(at(0), { k: 1 })).map((hit) => hit.id),
      [1],
    );
    assert.equal((await store.health()).ok, true);
  });

  for (const [title, key] of [
    ['no key', undefined],
    ['a wrong key', 'not-the-key'],
  ] as const) {
    it(`with ${title}, open fails with unavailable (unauthenticated) and the message never holds a key`, async () => {
      await assert.rejects(open(key), (error: unknown) => {
        assert.ok(error instanceof VectorStoreError);
        assert.equal(error.code, 'unavailable');
        assert.match(error.message, /^qdrant open: collection exists failed \(unauthenticated\)/);
        assert.ok(!error.message.includes(KEY) && !error.message.includes('not-the-key'), error.message);
        return true;
      });
    });
  }
});
