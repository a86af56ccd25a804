/**
 * What no single option's schema can see: the local embedder's length against the collection's, and a
 * remote embedder without an address. Worded in directives, since `--test-config` reports it against the file.
 */

/** The options the check reads (defaults applied). */
export interface CheckedOptions {
  readonly embedding: { readonly provider: string; readonly baseUrl?: string; readonly localDims: number };
  readonly store: { readonly vectorSize?: number };
}

export function semanticOptionsProblem(options: CheckedOptions): string | undefined {
  const { embedding, store } = options;
  if (embedding.provider === 'local' && store.vectorSize !== undefined && embedding.localDims !== store.vectorSize)
    return `vectordb_vector_size ${store.vectorSize} does not match the local embedder's output length ${embedding.localDims} (embedding_local_dims)`;
  if (embedding.provider === 'openai_compatible' && embedding.baseUrl === undefined)
    return 'embedding_provider openai_compatible needs embedding_base_url';
  return undefined;
}
