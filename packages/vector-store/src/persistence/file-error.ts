/** The one error every persistence reader raises for a bad, torn or corrupt file: it names the file and the reason. */
import { VectorStoreError } from '../vector-store-error.js';

/** `VectorStoreError('failed_precondition', '<file>: <reason>')`. */
export function fileError(file: string, reason: string, cause?: unknown): VectorStoreError {
  return new VectorStoreError('failed_precondition', `${file}: ${reason}`, cause === undefined ? undefined : { cause });
}

/** The errno code of a Node system error, if it is one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
