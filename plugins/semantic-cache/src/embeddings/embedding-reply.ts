/** Reads an OpenAI-compatible `/v1/embeddings` reply body: the first vector and the billed tokens. */
import type { Embedding } from './embedder.js';
import { embeddingReplyFailure } from './embedding-failure.js';

/**
 * The embedding of the single input sent. Strict about the vector (a wrong vector in the index
 * answers wrong questions for as long as it lives), tolerant about usage: servers that do not bill
 * (a local model server) often leave it out, which reads as 0 tokens.
 * @example
 * readEmbeddingReply({ data: [{ embedding: [0.6, 0.8] }], usage: { prompt_tokens: 3 } }, 2);
 * // { vector: [0.6, 0.8], promptTokens: 3 }
 */
export function readEmbeddingReply(body: unknown, dims: number | undefined): Embedding {
  if (!isObject(body) || !Array.isArray(body.data)) throw embeddingReplyFailure('a body that is not an embedding list');
  const first: unknown = body.data.find((item) => isObject(item) && item.index === 0) ?? body.data[0];
  if (!isObject(first) || !Array.isArray(first.embedding)) throw embeddingReplyFailure('an embedding list without a vector');
  const vector = first.embedding as unknown[];
  if (vector.length === 0) throw embeddingReplyFailure('an empty vector');
  let zero = true;
  for (const value of vector) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw embeddingReplyFailure('a vector that is not all numbers');
    if (value !== 0) zero = false;
  }
  // A zero vector has no direction: no similarity can be computed against it.
  if (zero) throw embeddingReplyFailure('a zero vector');
  if (dims !== undefined && vector.length !== dims) {
    throw embeddingReplyFailure(
      `a vector of ${vector.length} dimensions where ${dims} are expected (embedding_model and vectordb_vector_size must agree)`,
    );
  }
  return { vector: vector as number[], promptTokens: promptTokensOf(body.usage) };
}

function promptTokensOf(usage: unknown): number {
  if (!isObject(usage)) return 0;
  const tokens = usage.prompt_tokens;
  return typeof tokens === 'number' && Number.isInteger(tokens) && tokens >= 0 ? tokens : 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
