/** Cheap checks on ids and vectors before they reach hnswlib, which would misread or silently corrupt them. */
import type { Metric } from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';
import { HNSW_MAX_ID } from './hnsw-options.js';

/** Ids are labels of hnswlib, read as unsigned 32-bit integers. */
export function checkId(id: number): void {
  if (!Number.isInteger(id) || id < 0 || id > HNSW_MAX_ID) {
    throw new VectorStoreError('invalid_argument', `id must be an integer in 0..${HNSW_MAX_ID}, got ${String(id)}`);
  }
}

/** A count such as k or ef: a positive integer hnswlib can hold. */
export function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > HNSW_MAX_ID) {
    throw new VectorStoreError('invalid_argument', `${name} must be an integer in 1..${HNSW_MAX_ID}, got ${String(value)}`);
  }
}

/**
 * hnswlib stores 32-bit floats: a component beyond their range becomes Infinity there. With `cosine` it
 * normalises in 32-bit floats too, so a vector whose norm is 0 (or underflows, or overflows) has no direction
 * and would be stored as zeros.
 */
export function checkVector(vector: readonly number[], dims: number, metric: Metric, what: string): void {
  if (!Array.isArray(vector)) {
    throw new VectorStoreError('invalid_argument', `${what} must be an array of numbers`);
  }
  if (vector.length !== dims) {
    throw new VectorStoreError('invalid_argument', `${what} has ${vector.length} components, the index has ${dims} dims`);
  }
  let squares = 0;
  for (let i = 0; i < dims; i++) {
    const value: unknown = vector[i];
    const single = typeof value === 'number' ? Math.fround(value) : NaN;
    if (!Number.isFinite(single)) {
      throw new VectorStoreError(
        'invalid_argument',
        `${what}[${i}] is ${String(value)}: components must be finite 32-bit floats`,
      );
    }
    squares = Math.fround(squares + Math.fround(single * single));
  }
  if (metric === 'cosine' && (squares === 0 || !Number.isFinite(squares))) {
    const why = squares === 0 ? 'a zero (or vanishingly small) vector' : 'a vector whose norm overflows 32-bit floats';
    throw new VectorStoreError('invalid_argument', `${what} is ${why}: it has no direction for cosine`);
  }
}
