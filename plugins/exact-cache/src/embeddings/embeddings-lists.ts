/**
 * Embeddings lists in the view's shape (`data` in input order, `choices: []`, usage in input tokens): one
 * made from cached vectors, and one reassembled from cached vectors and the upstream's reply to the rest.
 */
import { GatewayError, type ChatCompletion, type Usage } from '@sluice/core';
import type { StoredVector } from './vector-entry.js';

interface Item {
  readonly embedding?: unknown;
}

/** Usage of `tokens` input tokens; an embedding has no completion tokens. */
export function inputUsage(tokens: number): Usage {
  return { prompt_tokens: tokens, completion_tokens: 0, total_tokens: tokens };
}

/**
 * The list of cached vectors in the order given, its usage the tokens they cost when made (what answering
 * them saves; the client is told 0, see `forwardedUsage`).
 */
export function cachedList(vectors: readonly StoredVector[], requestedModel: string): ChatCompletion {
  return {
    object: 'list',
    data: vectors.map((vector, index) => ({ object: 'embedding', index, embedding: vector.embedding })),
    model: vectors[0]?.model ?? requestedModel,
    usage: inputUsage(vectors.reduce((sum, vector) => sum + vector.tokens, 0)),
    choices: [],
  };
}

/**
 * The client's list: position `i` from the cache when `cached[i]` is set, else the next item of the
 * upstream's reply (which answered only the inputs forwarded, in order), indexes renumbered. Usage is the
 * upstream's: only what was forwarded costs anything. Throws `upstream_invalid_response` when the reply
 * has not one item per forwarded input.
 */
export function reassembledList(fresh: ChatCompletion, cached: readonly (StoredVector | undefined)[]): ChatCompletion {
  const items = Array.isArray(fresh.data) ? (fresh.data as Item[]) : [];
  const forwarded = cached.filter((vector) => vector === undefined).length;
  if (items.length !== forwarded) throw new GatewayError('upstream_invalid_response');
  let next = 0;
  const data = cached.map((vector, index) => {
    const embedding = vector === undefined ? items[next++]!.embedding : vector.embedding;
    return { object: 'embedding', index, embedding };
  });
  return { ...fresh, data };
}
