/** A PayloadFilter as a Qdrant Filter, so Qdrant applies it inside the search instead of after it. */
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ConditionSchema, FilterSchema } from '@qdrant/js-client-grpc';
import type { PayloadFilter } from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';

export type QdrantFilterInit = MessageInitShape<typeof FilterSchema>;
type ConditionInit = MessageInitShape<typeof ConditionSchema>;
type Bounds = { gt?: number; gte?: number; lt?: number; lte?: number };

function checkKey(key: string): void {
  // Qdrant reads `a.b` and `a[]` as paths into nested values; our filters name top-level fields only.
  if (key === '' || /[.[\]]/.test(key)) {
    throw new VectorStoreError(
      'invalid_argument',
      `filter field "${key}" must be a top-level payload field name without ".", "[" or "]"`,
    );
  }
}

function finite(key: string, value: number): number {
  if (!Number.isFinite(value)) throw new VectorStoreError('invalid_argument', `filter on "${key}" needs a finite number`);
  return value;
}

function range(key: string, bounds: Bounds): ConditionInit {
  const qdrantRange: Bounds = {};
  if (bounds.gt !== undefined) qdrantRange.gt = finite(key, bounds.gt);
  if (bounds.gte !== undefined) qdrantRange.gte = finite(key, bounds.gte);
  if (bounds.lt !== undefined) qdrantRange.lt = finite(key, bounds.lt);
  if (bounds.lte !== undefined) qdrantRange.lte = finite(key, bounds.lte);
  return { conditionOneOf: { case: 'field', value: { key, range: qdrantRange } } };
}

function match(key: string, value: string | number | boolean): ConditionInit {
  switch (typeof value) {
    case 'string':
      return { conditionOneOf: { case: 'field', value: { key, match: { matchValue: { case: 'keyword', value } } } } };
    case 'boolean':
      return { conditionOneOf: { case: 'field', value: { key, match: { matchValue: { case: 'boolean', value } } } } };
    case 'number':
      if (Number.isSafeInteger(value)) {
        return {
          conditionOneOf: { case: 'field', value: { key, match: { matchValue: { case: 'integer', value: BigInt(value) } } } },
        };
      }
      // Qdrant matches integers only; equality on a fractional number is the one-point range.
      return range(key, { gte: finite(key, value), lte: value });
    default:
      throw new VectorStoreError('invalid_argument', `filter on "${key}" must match a string, a number or a boolean`);
  }
}

/**
 * Every `match` and `range` entry as one `must` condition; undefined for a filter with none.
 * @example
 * toQdrantFilter({ match: { scope: 'a1' }, range: { expires_at: { gt: Date.now() } } });
 * // { must: [ keyword match on scope, range on expires_at ] }
 */
export function toQdrantFilter(filter: PayloadFilter | undefined): QdrantFilterInit | undefined {
  const must: ConditionInit[] = [];
  for (const [key, value] of Object.entries(filter?.match ?? {})) {
    checkKey(key);
    must.push(match(key, value));
  }
  for (const [key, bounds] of Object.entries(filter?.range ?? {})) {
    checkKey(key);
    must.push(range(key, bounds));
  }
  return must.length === 0 ? undefined : { must };
}
