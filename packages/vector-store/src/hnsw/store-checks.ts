/** Checks of what enters an HNSW store: ids from callers, payloads from files. */
import { VectorStoreError } from '../vector-store-error.js';

/** Refuses a payload read from a file that `check` finds wrong, naming the file and the id. */
export function checkPayloads(
  check: ((payload: unknown) => string | undefined) | undefined,
  payloads: ReadonlyMap<number, unknown>,
  file: string,
): void {
  if (check === undefined) return;
  for (const [id, payload] of payloads) {
    const problem = check(payload);
    if (problem !== undefined) throw new VectorStoreError('failed_precondition', `${file}: the payload of id ${id} ${problem}`);
  }
}

export function checkStoreId(id: number): void {
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new VectorStoreError('invalid_argument', `id must be an integer 0..${Number.MAX_SAFE_INTEGER}, got ${String(id)}`);
  }
}
