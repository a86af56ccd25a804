import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import { StructSchema, ValueSchema } from '@qdrant/js-client-grpc';
// The sources, not the package: the error class must be the one these functions throw.
import { VectorStoreError } from '../../../../packages/vector-store/src/vector-store-error.js';
import {
  fromQdrantPayload,
  toQdrantPayload,
  toQdrantValue,
} from '../../../../packages/vector-store/src/qdrant/qdrant-payload.js';

/** Through the wire types and back, as a payload travels to Qdrant and returns. */
function roundTrip(payload: object): unknown {
  const fields = create(StructSchema, { fields: toQdrantPayload(payload) }).fields;
  return fromQdrantPayload(fields);
}

function refusedAt(path: string) {
  return (error: unknown) =>
    error instanceof VectorStoreError && error.code === 'invalid_argument' && error.message.startsWith(`payload field ${path} `);
}

describe('vector-store: payload values for Qdrant', () => {
  it('drops undefined fields and turns array holes into null, as JSON does', () => {
    assert.deepEqual(roundTrip({ a: 1, gone: undefined, list: [1, undefined, 3] }), { a: 1, list: [1, null, 3] });
  });

  it('keeps a field named __proto__ a field, without touching the prototype', () => {
    const payload = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object;
    const back = roundTrip(payload) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(back), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(back, '__proto__')?.value, { polluted: true });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('sends safe integers as Qdrant integers and every other number as a double', () => {
    assert.equal(create(ValueSchema, toQdrantValue(2 ** 53 - 1, 'n')).kind.case, 'integerValue');
    assert.equal(create(ValueSchema, toQdrantValue(2 ** 53, 'n')).kind.case, 'doubleValue');
    assert.equal(create(ValueSchema, toQdrantValue(0.5, 'n')).kind.case, 'doubleValue');
    assert.deepEqual(roundTrip({ big: 2 ** 60, small: -3, fraction: 1e-300 }), { big: 2 ** 60, small: -3, fraction: 1e-300 });
  });

  it('refuses what is not JSON, naming the field and never its content', () => {
    assert.throws(() => toQdrantPayload({ n: Number.NaN }), refusedAt('n'));
    assert.throws(() => toQdrantPayload({ deep: { list: [1, Infinity] } }), refusedAt('deep.list[1]'));
    assert.throws(() => toQdrantPayload({ when: new Date(0) }), refusedAt('when'));
    assert.throws(() => toQdrantPayload({ id: 10n }), refusedAt('id'));
    assert.throws(
      () => toQdrantPayload({ fn: () => 'secret' }),
      (error: unknown) => !(error as Error).message.includes('secret'),
    );
    assert.throws(() => toQdrantPayload(['not', 'an', 'object']), /a payload must be a plain object/);
  });
});
