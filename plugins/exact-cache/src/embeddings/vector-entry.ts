/** One cached embedding input: its vector as the provider sent it, and the tokens it cost. */
import type { CacheEntry } from '../entry-store.js';

/**
 * A vector read back from the store.
 * @example
 * const vector: StoredVector = { embedding: [0.1, 0.2], tokens: 3, storedAtMs: Date.now() };
 */
export interface StoredVector {
  /** Numbers, or base64 when the request asked for it (the format is part of the key). */
  readonly embedding: readonly number[] | string;
  /** The input's share of the usage of the call that made it: what answering it again saves. */
  readonly tokens: number;
  readonly model?: string;
  readonly storedAtMs: number;
}

const OBJECT = 'embedding';

/**
 * The store entry of one input's vector.
 * @example
 * await store.set(key, vectorEntry([0.1, 0.2], 3, 'text-embedding-3-small'), ttlMs);
 */
export function vectorEntry(embedding: readonly number[] | string, tokens: number, model: string | undefined): CacheEntry {
  return {
    v: 1,
    body: { object: OBJECT, embedding, prompt_tokens: tokens },
    stored_at: new Date().toISOString(),
    ...(model ? { model } : {}),
  };
}

/**
 * The vector of an entry, or undefined when the entry is not one (a store shared with another version).
 * @example
 * const vector = storedVector(await store.get(key));
 */
export function storedVector(entry: CacheEntry | undefined): StoredVector | undefined {
  if (entry?.v !== 1 || entry.body.object !== OBJECT) return undefined;
  const { embedding, prompt_tokens: tokens } = entry.body as { embedding?: unknown; prompt_tokens?: unknown };
  const storedAtMs = Date.parse(entry.stored_at);
  if (typeof tokens !== 'number' || !Number.isFinite(storedAtMs)) return undefined;
  if (typeof embedding !== 'string' && !Array.isArray(embedding)) return undefined;
  return {
    embedding: embedding as StoredVector['embedding'],
    tokens,
    storedAtMs,
    ...(entry.model ? { model: entry.model } : {}),
  };
}
