/**
 * The behaviour every VectorStore backend shares, as one suite run against each backend factory, so `hnsw`
 * and `qdrant` are held to one contract.
 */
import assert from 'node:assert/strict';
import {
  similarityOf,
  VectorStoreError,
  type VectorStore,
  type VectorStoreErrorCode,
  type VectorRecord,
} from '@sluice/vector-store';
import type { ContractPayload, StoreBackend } from './store-backends.js';

export const DIMS = 4;
export const NOW = 1_732_300_000_000;

/** A unit vector in the first plane at `degrees`, so cosine similarities are known in advance. */
export function at(degrees: number): number[] {
  const radians = (degrees * Math.PI) / 180;
  return [Math.cos(radians), Math.sin(radians), 0, 0];
}

export function entry(overrides: Partial<ContractPayload> = {}): ContractPayload {
  return { scope: 'scope-a', expires_at: NOW + 3_600_000, question_hash: 'q0', answer: '{"id":"chatcmpl-1"}', ...overrides };
}

export function record(id: number, vector: number[], overrides: Partial<ContractPayload> = {}): VectorRecord<ContractPayload> {
  return { id, vector, payload: entry(overrides) };
}

export function failsWith(code: VectorStoreErrorCode) {
  return (error: unknown) => error instanceof VectorStoreError && error.code === code;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  const dot = a.reduce((sum, x, i) => sum + x * b[i]!, 0);
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}

/**
 * @example
 * describe('VectorStore contract: hnsw', () => vectorStoreContract(() => hnswBackend()));
 */
export function vectorStoreContract(backend: () => StoreBackend): void {
  let store: VectorStore<ContractPayload>;

  beforeEach(async () => {
    store = await backend().open(DIMS);
  });
  afterEach(() => store.close());
  after(() => backend().cleanup());

  it('insert adds a new id and refuses an active one with already_exists; upsert says inserted or replaced', async () => {
    assert.equal(await store.insert(record(1, at(0))), 'inserted');
    await assert.rejects(store.insert(record(1, at(90))), failsWith('already_exists'));
    assert.equal(await store.upsert(record(1, at(90), { answer: 'second' })), 'replaced');
    assert.equal(await store.upsert(record(2, at(45))), 'inserted');
    assert.equal((await store.get(1))?.payload.answer, 'second');
    assert.equal(await store.count(), 2);
  });

  it('delete says whether the id was active; a deleted id is gone from get, count and search', async () => {
    await store.insert(record(1, at(0)));
    await store.insert(record(2, at(30)));
    assert.equal(await store.delete(1), true);
    assert.equal(await store.delete(1), false);
    assert.equal(await store.delete(99), false);
    assert.equal(await store.get(1), undefined);
    assert.equal(await store.count(), 1);
    assert.deepEqual(
      (await store.search(at(0), { k: 5 })).map((hit) => hit.id),
      [2],
    );
    assert.match(await store.insert(record(1, at(0))), /^(inserted|revived)$/);
  });

  it('get returns the payload and a vector in the same direction; undefined for an unknown id', async () => {
    await store.insert(record(7, [3, 4, 0, 0], { question_hash: 'q7' }));
    const found = await store.get(7);
    assert.equal(found?.id, 7);
    assert.deepEqual(found?.payload, entry({ question_hash: 'q7' }));
    assert.equal(found?.vector.length, DIMS);
    assert.ok(cosine(found!.vector, [3, 4, 0, 0]) > 1 - 1e-6);
    assert.equal(await store.get(8), undefined);
  });

  it('takes every id up to 2^53 − 1', async () => {
    const big = Number.MAX_SAFE_INTEGER;
    await store.insert(record(big, at(10)));
    assert.equal((await store.get(big))?.id, big);
    assert.deepEqual(
      (await store.search(at(10), { k: 1 })).map((hit) => hit.id),
      [big],
    );
  });

  it('iterate yields every active record once, with its payload', async () => {
    const ids = [5, 1, 9, 3, 7, 2, 8];
    for (const id of ids) await store.insert(record(id, at(id * 10), { question_hash: `q${id}` }));
    await store.delete(9);
    const seen: VectorRecord<ContractPayload>[] = [];
    for await (const found of store.iterate()) seen.push(found);
    assert.deepEqual(
      seen.map((found) => found.id).sort((a, b) => a - b),
      [1, 2, 3, 5, 7, 8],
    );
    for (const found of seen) assert.equal(found.payload.question_hash, `q${found.id}`);
  });

  it('search returns nearest first with distance = 1 − cosine similarity and similarity = similarityOf(distance)', async () => {
    const angles = new Map([
      [1, 0],
      [2, 20],
      [3, 45],
      [4, 90],
      [5, 180],
    ]);
    for (const [id, degrees] of angles) await store.insert(record(id, at(degrees)));
    const hits = await store.search(at(12), { k: 5 });
    assert.deepEqual(
      hits.map((hit) => hit.id),
      [2, 1, 3, 4, 5],
    );
    for (const hit of hits) {
      const expected = 1 - Math.cos(((angles.get(hit.id)! - 12) * Math.PI) / 180);
      assert.ok(Math.abs(hit.distance - expected) < 1e-5, `distance of ${hit.id}: ${hit.distance} vs ${expected}`);
      assert.equal(hit.similarity, similarityOf(hit.distance));
      assert.deepEqual(hit.payload, entry());
    }
  });

  it('search returns at most k; all records when k exceeds them; k even when ef is smaller', async () => {
    for (let id = 0; id < 6; id++) await store.insert(record(id, at(id * 7)));
    assert.equal((await store.search(at(0), { k: 2 })).length, 2);
    assert.equal((await store.search(at(0), { k: 50 })).length, 6);
    assert.deepEqual(
      (await store.search(at(0), { k: 4, ef: 1 })).map((hit) => hit.id),
      [0, 1, 2, 3],
    );
  });

  it('applies a match filter inside the search: nearer filtered-out records are skipped and k results still come back', async () => {
    for (let id = 0; id < 30; id++) await store.insert(record(id, at(id * 0.1), { scope: 'scope-near' }));
    for (let id = 100; id < 106; id++) await store.insert(record(id, at(60 + id - 100), { scope: 'scope-far' }));
    const hits = await store.search(at(0), { k: 5, filter: { match: { scope: 'scope-far' } } });
    assert.deepEqual(
      hits.map((hit) => hit.id),
      [100, 101, 102, 103, 104],
    );
    assert.ok(hits.every((hit) => hit.payload.scope === 'scope-far'));
  });

  it('a range on expires_at keeps live entries only; with a scope match it is the semantic cache lookup', async () => {
    await store.insert(record(1, at(0), { expires_at: NOW - 1 }));
    await store.insert(record(2, at(1), { expires_at: NOW }));
    await store.insert(record(3, at(2), { expires_at: NOW + 1 }));
    await store.insert(record(4, at(3), { expires_at: NOW + 1, scope: 'scope-b' }));
    const live = { range: { expires_at: { gt: NOW } } };
    assert.deepEqual(
      (await store.search(at(0), { k: 10, filter: live })).map((hit) => hit.id),
      [3, 4],
    );
    const lookup = { match: { scope: 'scope-b' }, range: { expires_at: { gt: NOW } } };
    assert.deepEqual(
      (await store.search(at(0), { k: 10, filter: lookup })).map((hit) => hit.id),
      [4],
    );
    const window = { range: { expires_at: { gte: NOW - 1, lt: NOW + 1 } } };
    assert.deepEqual(
      (await store.search(at(0), { k: 10, filter: window })).map((hit) => hit.id),
      [1, 2],
    );
  });

  it('matches booleans, integers and fractional numbers; a record without the field never matches', async () => {
    await store.insert(record(1, at(0), { flag: true, tier: 2, weight: 0.25 }));
    await store.insert(record(2, at(1), { flag: false, tier: 3, weight: 0.5 }));
    await store.insert(record(3, at(2)));
    const ids = async (filter: object) => (await store.search(at(0), { k: 10, filter })).map((hit) => hit.id);
    assert.deepEqual(await ids({ match: { flag: false } }), [2]);
    assert.deepEqual(await ids({ match: { tier: 2 } }), [1]);
    assert.deepEqual(await ids({ match: { weight: 0.5 } }), [2]);
    assert.deepEqual(await ids({ range: { tier: { lte: 3 } } }), [1, 2]);
  });

  it('deleteWhere deletes the matching records and returns how many', async () => {
    for (let id = 0; id < 5; id++) await store.insert(record(id, at(id), { expires_at: NOW - 1000 + id * 500 }));
    await store.insert(record(10, at(10), { scope: 'scope-b' }));
    assert.equal(await store.deleteWhere({ range: { expires_at: { lte: NOW } } }), 3);
    assert.equal(await store.deleteWhere({ range: { expires_at: { lte: NOW } } }), 0);
    assert.equal(await store.count(), 3);
    assert.equal(await store.deleteWhere({ match: { scope: 'scope-b' } }), 1);
    assert.deepEqual(
      (await store.search(at(0), { k: 10 })).map((hit) => hit.id),
      [3, 4],
    );
  });

  it('payloads come back as they went in: strings, numbers, booleans, null, nested objects and arrays', async () => {
    const extra = {
      text: 'naïve "quoted" \\ line\nbreak 🚀',
      integers: [0, -7, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER],
      fractions: [0.1, -2.5e-8, 1.7976931348623157e308],
      yes: true,
      no: false,
      nothing: null,
      nested: { deeper: { list: [1, 'two', { three: [3] }, [], {}], empty: {} } },
    };
    const payload = entry({
      answer: JSON.stringify({ choices: [{ message: { content: 'Paris' } }] }),
      flag: true,
      tier: 0,
      weight: 1.5,
      extra,
    });
    await store.insert({ id: 1, vector: at(0), payload });
    assert.deepEqual((await store.get(1))?.payload, payload);
    assert.deepEqual((await store.search(at(0), { k: 1 }))[0]?.payload, payload);
    for await (const found of store.iterate()) assert.deepEqual(found.payload, payload);
  });

  it('refuses bad input with invalid_argument: vector length, zero or non-finite vectors, ids, k', async () => {
    const invalid = failsWith('invalid_argument');
    await assert.rejects(store.insert(record(1, [1, 0, 0])), invalid);
    await assert.rejects(store.insert(record(1, [0, 0, 0, 0])), invalid);
    await assert.rejects(store.insert(record(1, [1, Number.NaN, 0, 0])), invalid);
    await assert.rejects(store.upsert(record(-1, at(0))), invalid);
    await assert.rejects(store.upsert(record(1.5, at(0))), invalid);
    await assert.rejects(store.upsert(record(Number.MAX_SAFE_INTEGER + 1, at(0))), invalid);
    await assert.rejects(store.search([1, 0], { k: 1 }), invalid);
    await assert.rejects(store.search(at(0), { k: 0 }), invalid);
    assert.equal(await store.count(), 0);
  });
}
