/** Our ids, vectors and records against Qdrant's point ids (uint64) and vector outputs. */
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  toDenseVector,
  type PointId,
  type PointIdSchema,
  type PointsSelectorSchema,
  type PointStructSchema,
  type RetrievedPoint,
} from '@qdrant/js-client-grpc';
import { checkVector } from '../hnsw/vector-check.js';
import type { VectorRecord } from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';
import { fromQdrantPayload } from './qdrant-payload.js';

export type PointIdInit = MessageInitShape<typeof PointIdSchema>;
export type PointStructInit = MessageInitShape<typeof PointStructSchema>;
export type PointsSelectorInit = MessageInitShape<typeof PointsSelectorSchema>;

/** Ids are integers 0..2^53−1: all of them fit Qdrant's uint64 point ids. */
export function checkStoreId(id: number): void {
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new VectorStoreError('invalid_argument', `id must be an integer 0..${Number.MAX_SAFE_INTEGER}, got ${String(id)}`);
  }
}

/**
 * Qdrant stores 32-bit floats and, for Cosine, normalises each vector: one of the wrong length, with a
 * non-finite component or without a direction (zero) is refused here, as the `hnsw` backend refuses it.
 */
export function checkStoreVector(vector: readonly number[], dims: number, what: string): void {
  checkVector(vector, dims, 'cosine', what);
}

export function toPointId(id: number): PointIdInit {
  return { pointIdOptions: { case: 'num', value: BigInt(id) } };
}

/** Our id of a point; undefined for a UUID or a number beyond 2^53−1 (a point another tool wrote). */
export function fromPointId(id: PointId | undefined): number | undefined {
  const options = id?.pointIdOptions;
  if (options?.case !== 'num' || options.value > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(options.value);
}

/**
 * A retrieved point as a record; undefined for one that is not ours (foreign id, no dense vector).
 * @example
 * const record = toRecord<Entry>(reply.result[0]);
 */
export function toRecord<P>(point: RetrievedPoint | undefined): VectorRecord<P> | undefined {
  const id = fromPointId(point?.id);
  const output = point?.vectors?.vectorsOptions;
  const dense = output?.case === 'vector' ? toDenseVector(output.value) : undefined;
  if (point === undefined || id === undefined || dense === undefined) return undefined;
  return { id, vector: dense.data, payload: fromQdrantPayload(point.payload) as P };
}
