/** Errors of vector stores, with a code a service maps to its own envelope. */

export type VectorStoreErrorCode =
  /** Bad input: wrong vector length, non-finite or zero vector, bad id, k or ef out of range. */
  | 'invalid_argument'
  /** An insert of an id that is active. */
  | 'already_exists'
  /** A persisted file is missing, torn, corrupt, or does not fit the configured store (dims, metric). */
  | 'failed_precondition'
  /** The backend cannot take the operation now (a dependency down, a write-ahead log that failed). */
  | 'unavailable';

export class VectorStoreError extends Error {
  constructor(
    readonly code: VectorStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VectorStoreError';
  }
}
