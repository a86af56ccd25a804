/** What one entry of the in-process store counts toward `semantic_cache_max_bytes`. */
import type { SemanticEntry } from './entry.js';

/** Bytes of a number field of the payload (a double). */
const NUMBER_BYTES = 8;
/** Bytes of one dimension of a stored vector: hnswlib keeps 32-bit floats. */
const DIMENSION_BYTES = 4;

/**
 * The text of the payload as UTF-8 (what the saved answers file holds, and about what V8 holds for the
 * mostly ASCII text of chat answers), its numbers, and the vector. hnswlib's links and V8's object headers
 * are left out: they are the same few hundred bytes for every entry, which `semantic_cache_max_entries` bounds.
 * @example
 * entryBytes(payload, 256); // 1024 for the vector, plus the question, answer, scope and model text, plus 16
 */
export function entryBytes(payload: SemanticEntry, dims: number): number {
  const text =
    Buffer.byteLength(payload.question) +
    Buffer.byteLength(payload.answer) +
    Buffer.byteLength(payload.scope) +
    Buffer.byteLength(payload.model);
  return text + 2 * NUMBER_BYTES + dims * DIMENSION_BYTES;
}
