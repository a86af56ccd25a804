import assert from 'node:assert/strict';
import { toJson } from '@bufbuild/protobuf';
import {
  FilterSchema,
  ValueSchema,
  type CountPoints,
  type CreateFieldIndexCollection,
  type DeletePoints,
  type QueryPoints,
  type UpsertPoints,
} from '@qdrant/js-client-grpc';
import { QdrantVectorStore, VectorStoreError } from '@sluice/vector-store';
import { QdrantPeer } from '../../../fixtures/qdrant-peer.js';
import { collectionName, INDEXED_FIELDS, type ContractPayload } from './store-backends.js';
import { at, NOW, record } from './vector-store-contract.js';

describe('vector-store: what QdrantVectorStore sends to Qdrant', () => {
  let peer: QdrantPeer;
  let store: QdrantVectorStore<ContractPayload>;
  let collection: string;

  beforeEach(async () => {
    peer = await QdrantPeer.start();
    collection = collectionName();
    store = await QdrantVectorStore.open<ContractPayload>({
      url: peer.url,
      collection,
      vectorSize: 4,
      indexedFields: INDEXED_FIELDS,
    });
  });
  afterEach(() => peer.close());

  const lastQuery = () => peer.requests<QueryPoints>('qdrant.Points/Query').at(-1)!;

  it('pushes the filter down as must conditions: keyword, integer and boolean matches, ranges, and a one-point range for fractions', async () => {
    const filter = {
      match: { scope: 'scope-a', tier: 3, flag: true, weight: 0.5 },
      range: { expires_at: { gt: NOW, lte: NOW + 10 } },
    };
    await store.search(at(0), { k: 3, filter });
    assert.deepEqual(toJson(FilterSchema, lastQuery().filter!), {
      must: [
        { field: { key: 'scope', match: { keyword: 'scope-a' } } },
        { field: { key: 'tier', match: { integer: '3' } } },
        { field: { key: 'flag', match: { boolean: true } } },
        { field: { key: 'weight', range: { gte: 0.5, lte: 0.5 } } },
        { field: { key: 'expires_at', range: { gt: NOW, lte: NOW + 10 } } },
      ],
    });
    assert.equal(lastQuery().limit, 3n);
  });

  it('sends ef as params.hnsw_ef, raised to k; no params without ef; no filter without conditions', async () => {
    await store.search(at(0), { k: 8, ef: 64 });
    assert.equal(lastQuery().params?.hnswEf, 64n);
    await store.search(at(0), { k: 8, ef: 2 });
    assert.equal(lastQuery().params?.hnswEf, 8n);
    await store.search(at(0), { k: 8, filter: {} });
    assert.equal(lastQuery().params, undefined);
    assert.equal(lastQuery().filter, undefined);
  });

  it('refuses filter field names Qdrant would read as nested paths', async () => {
    for (const key of ['a.b', 'list[]', '']) {
      await assert.rejects(
        store.search(at(0), { k: 1, filter: { match: { [key]: 'x' } } }),
        (error: unknown) => error instanceof VectorStoreError && error.code === 'invalid_argument',
      );
    }
  });

  it('writes with wait: true, counts exactly, and deleteWhere deletes by the filter it counted', async () => {
    await store.upsert(record(1, at(0), { expires_at: NOW - 1 }));
    await store.delete(1);
    await store.upsert(record(2, at(0), { expires_at: NOW - 1 }));
    assert.equal(await store.deleteWhere({ range: { expires_at: { lte: NOW } } }), 1);
    assert.ok(peer.requests<UpsertPoints>('qdrant.Points/Upsert').every((request) => request.wait === true));
    assert.ok(
      peer.requests<CreateFieldIndexCollection>('qdrant.Points/CreateFieldIndex').every((request) => request.wait === true),
    );
    const deletes = peer.requests<DeletePoints>('qdrant.Points/Delete');
    assert.equal(deletes.length, 2);
    assert.ok(deletes.every((request) => request.wait === true));
    const counted = peer.requests<CountPoints>('qdrant.Points/Count').at(-1)!;
    assert.equal(counted.exact, true);
    const selector = deletes[1]!.points?.pointsSelectorOneOf;
    assert.equal(selector?.case, 'filter');
    assert.deepEqual(toJson(FilterSchema, selector.value), toJson(FilterSchema, counted.filter!));
  });

  it('skips the delete call when deleteWhere counts nothing, and delete of an unknown id writes nothing', async () => {
    assert.equal(await store.deleteWhere({ match: { scope: 'none' } }), 0);
    assert.equal(await store.delete(42), false);
    assert.equal(peer.requests('qdrant.Points/Delete').length, 0);
  });

  it('stores each top-level payload field as its own Qdrant payload field, typed as Qdrant reads it', async () => {
    await store.insert(record(9, at(0), { tier: 2, weight: 0.75, flag: false, extra: { list: [1, 'a', null], ok: true } }));
    const stored = peer.collection(collection)!.points.get(9n)!.payload;
    const json = Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, toJson(ValueSchema, value)]));
    assert.deepEqual(json, {
      scope: { stringValue: 'scope-a' },
      expires_at: { integerValue: String(NOW + 3_600_000) },
      question_hash: { stringValue: 'q0' },
      answer: { stringValue: '{"id":"chatcmpl-1"}' },
      tier: { integerValue: '2' },
      weight: { doubleValue: 0.75 },
      flag: { boolValue: false },
      extra: {
        structValue: {
          fields: {
            list: { listValue: { values: [{ integerValue: '1' }, { stringValue: 'a' }, { nullValue: 'NULL_VALUE' }] } },
            ok: { boolValue: true },
          },
        },
      },
    });
  });
});
