/** Errors of vector stores, with a code a service maps to its own envelope. */

/**
 * What went wrong, for a service to map to its own error codes.
 * @example
 * const SERVICE_CODES: Record<VectorStoreErrorCode, string> = {
 *   invalid_argument: 'INVALID_ARGUMENT',
 *   already_exists: 'ALREADY_EXISTS',
 *   failed_precondition: 'FAILED_PRECONDITION',
 *   unavailable: 'UNAVAILABLE',
 * };
 */
export type VectorStoreErrorCode =
  /** Bad input: wrong vector length, non-finite or zero vector, bad id, k or ef out of range. */
  | 'invalid_argument'
  /** An insert of an id that is active. */
  | 'already_exists'
  /** A persisted file is missing, torn, corrupt, or does not fit the configured store (dims, metric). */
  | 'failed_precondition'
  /** The backend cannot take the operation now (a dependency down, a write-ahead log that failed). */
  | 'unavailable';

/**
 * An error of a vector store, with the code that says what kind.
 * @example
 * try {
 *   await store.insert(record);
 * } catch (error) {
 *   if (error instanceof VectorStoreError && error.code === 'already_exists') await store.upsert(record);
 *   else throw error;
 * }
 */
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
