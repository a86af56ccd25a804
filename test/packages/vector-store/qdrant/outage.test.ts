import assert from 'node:assert/strict';
import { QdrantVectorStore, VectorStoreError, type VectorStore } from '@sluice/vector-store';
import { QdrantPeer } from '../../../fixtures/qdrant-peer.js';
import { collectionName, type ContractPayload } from './store-backends.js';
import { at, record } from './vector-store-contract.js';

const SECRET_ANSWER = 'the-cached-answer-text-71';

function unavailable(operation: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof VectorStoreError, String(error));
    assert.equal(error.code, 'unavailable');
    assert.match(error.message, operation);
    assert.ok(!error.message.includes(SECRET_ANSWER), error.message);
    return true;
  };
}

async function drain(store: VectorStore<ContractPayload>): Promise<number> {
  let seen = 0;
  for await (const _ of store.iterate()) seen++;
  return seen;
}

describe('vector-store: QdrantVectorStore when Qdrant is down, slow or gone', () => {
  let peer: QdrantPeer;
  let store: QdrantVectorStore<ContractPayload>;
  let collection: string;

  beforeEach(async () => {
    peer = await QdrantPeer.start();
    collection = collectionName();
    store = await QdrantVectorStore.open<ContractPayload>({ url: peer.url, collection, vectorSize: 4, timeoutMs: 300 });
    await store.insert(record(1, at(0), { answer: SECRET_ANSWER }));
  });
  afterEach(() => peer.close());

  it('fails every operation with unavailable naming it while the peer is down, and recovers when it is back', async () => {
    await peer.stop();
    // The first call may meet the connection being cut; from then on nothing listens.
    await assert.rejects(store.count(), unavailable(/^qdrant count failed/));
    await assert.rejects(store.search(at(0), { k: 1 }), unavailable(/^qdrant search failed \(unavailable\)/));
    await assert.rejects(
      store.upsert(record(2, at(5), { answer: SECRET_ANSWER })),
      unavailable(/^qdrant upsert: look up id failed/),
    );
    await assert.rejects(store.insert(record(2, at(5))), unavailable(/^qdrant insert: look up id failed/));
    await assert.rejects(store.get(1), unavailable(/^qdrant get failed/));
    await assert.rejects(store.delete(1), unavailable(/^qdrant delete: look up id failed/));
    await assert.rejects(store.deleteWhere({ match: { scope: 'scope-a' } }), unavailable(/^qdrant deleteWhere: count failed/));
    await assert.rejects(drain(store), unavailable(/^qdrant iterate failed/));
    const health = await store.health();
    assert.equal(health.ok, false);
    assert.match(health.ok ? '' : health.reason, /^qdrant health failed \(unavailable\)/);

    await peer.start();
    assert.deepEqual(await store.health(), { ok: true, version: '1.18.0' });
    assert.equal((await store.get(1))?.payload.answer, SECRET_ANSWER);
    assert.equal(await store.upsert(record(2, at(5))), 'inserted');
    assert.deepEqual(
      (await store.search(at(0), { k: 2 })).map((hit) => hit.id),
      [1, 2],
    );
  });

  it('a call that outlasts timeoutMs fails with unavailable and says so; the next one works', async () => {
    peer.delayMs = 60_000;
    await assert.rejects(store.search(at(0), { k: 1 }), unavailable(/^qdrant search timed out after 300 ms$/));
    peer.delayMs = 0;
    assert.equal(await store.count(), 1);
  });

  it('a collection deleted under the store is unavailable with the server’s word for it; health says it is missing', async () => {
    peer.storage.collections.delete(collection);
    await assert.rejects(
      store.count(),
      unavailable(/^qdrant count failed \(not_found\): Not found: Collection `.+` doesn't exist!$/),
    );
    assert.deepEqual(await store.health(), { ok: false, reason: `qdrant collection "${collection}" is missing` });
  });

  it('after close every call is refused and nothing reaches Qdrant', async () => {
    await store.close();
    const before = peer.calls.length;
    await assert.rejects(store.count(), unavailable(/the vector store is closed/));
    await assert.rejects(store.search(at(0), { k: 1 }), unavailable(/the vector store is closed/));
    assert.equal(peer.calls.length, before);
    assert.deepEqual(await store.health(), { ok: false, reason: 'the vector store is closed' });
  });
});
