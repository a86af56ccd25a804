/** What the semantic cache needs of an embedding model. */

export interface Embedding {
  readonly vector: number[];
  /** Tokens the provider billed for the input (0 for the local embedder). */
  readonly promptTokens: number;
}

/**
 * Turns text into a vector. Implementations: the OpenAI-compatible HTTP client and the offline local
 * embedder. A failure throws a `GatewayError` (`embedding_timeout`, `embedding_unavailable`, ...).
 * @example
 * const { vector } = await embedder.embed('how do I reset my password?', signal);
 */
export interface Embedder {
  /** `local` or `openai_compatible`. */
  readonly provider: string;
  readonly model: string;
  /** Output length when it is known without a call (the local embedder); undefined otherwise. */
  readonly dims: number | undefined;
  embed(text: string, signal?: AbortSignal): Promise<Embedding>;
  close?(): Promise<void>;
}
