/**
 * Payloads to Qdrant `Value`s and back. Each top-level field becomes a Qdrant payload field of its own, so
 * Qdrant can index and filter on it; nested objects and arrays become Struct and List values.
 */
import type { MessageInitShape } from '@bufbuild/protobuf';
import { NullValue, type Value, type ValueSchema } from '@qdrant/js-client-grpc';
import { VectorStoreError } from '../vector-store-error.js';

/**
 * A JSON value, as a payload field may hold.
 * @example
 * const field: JsonValue = { tags: ['faq', 'billing'], weight: 0.5, reviewed: true, note: null };
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * A payload type whose every field is a JSON value; written as a constraint on `P` so that interfaces
 * (which have no index signature) qualify too.
 * @example
 * interface Entry { scope: string; expires_at: number }
 * const ok: JsonPayload<Entry> = { scope: 'a', expires_at: 1 };
 */
export type JsonPayload<P> = { readonly [K in keyof P]: JsonValue };

export type QdrantValueInit = MessageInitShape<typeof ValueSchema>;

function refuse(path: string, why: string): never {
  // The field's path only: a payload's content never goes into an error.
  throw new VectorStoreError('invalid_argument', `payload field ${path} ${why}: payloads hold JSON values only`);
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** One JSON value as a Qdrant `Value`; integers that are safe in JS travel as Qdrant integers, others as doubles. */
export function toQdrantValue(value: unknown, path: string): QdrantValueInit {
  switch (typeof value) {
    case 'string':
      return { kind: { case: 'stringValue', value } };
    case 'boolean':
      return { kind: { case: 'boolValue', value } };
    case 'number':
      if (Number.isSafeInteger(value)) return { kind: { case: 'integerValue', value: BigInt(value) } };
      if (Number.isFinite(value)) return { kind: { case: 'doubleValue', value } };
      return refuse(path, `is ${String(value)}`);
    case 'object':
      if (value === null) return { kind: { case: 'nullValue', value: NullValue.NULL_VALUE } };
      if (Array.isArray(value)) {
        // As JSON.stringify does: a hole or undefined in an array is null.
        const values = Array.from(value as unknown[], (item, i) => toQdrantValue(item ?? null, `${path}[${i}]`));
        return { kind: { case: 'listValue', value: { values } } };
      }
      if (!isPlainObject(value)) return refuse(path, 'is not a plain object');
      return { kind: { case: 'structValue', value: { fields: toQdrantFields(value as Record<string, unknown>, path) } } };
    default:
      return refuse(path, `is a ${typeof value}`);
  }
}

function toQdrantFields(object: Record<string, unknown>, path: string): Record<string, QdrantValueInit> {
  // As JSON.stringify does: an undefined field is left out. fromEntries defines own properties, so a field
  // named __proto__ stays a field instead of becoming the object's prototype.
  return Object.fromEntries(
    Object.entries(object)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, toQdrantValue(value, path === '' ? key : `${path}.${key}`)]),
  );
}

/**
 * A payload as Qdrant payload fields.
 * @example
 * toQdrantPayload({ scope: 'a1', expires_at: 1732300000000 });
 * // { scope: { kind: { case: 'stringValue', … } }, expires_at: { kind: { case: 'integerValue', … } } }
 */
export function toQdrantPayload(payload: unknown): Record<string, QdrantValueInit> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !isPlainObject(payload)) {
    throw new VectorStoreError('invalid_argument', 'a payload must be a plain object of JSON values');
  }
  return toQdrantFields(payload as Record<string, unknown>, '');
}

/** A Qdrant `Value` as JSON; integers beyond 2^53 (written by other tools) lose precision as JS numbers do. */
export function fromQdrantValue(value: Value | undefined): JsonValue {
  const kind = value?.kind;
  switch (kind?.case) {
    case 'stringValue':
    case 'boolValue':
    case 'doubleValue':
      return kind.value;
    case 'integerValue':
      return Number(kind.value);
    case 'structValue':
      return fromQdrantPayload(kind.value.fields);
    case 'listValue':
      return kind.value.values.map(fromQdrantValue);
    default:
      return null;
  }
}

/**
 * Qdrant payload fields as a JSON object.
 * @example
 * fromQdrantPayload(point.payload) as Entry;
 */
export function fromQdrantPayload(fields: { readonly [key: string]: Value }): { [key: string]: JsonValue } {
  // fromEntries defines own properties, so a field named __proto__ stays a field.
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromQdrantValue(value)]));
}
