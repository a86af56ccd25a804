/** What `--test-config` can tell from disk, connecting to nothing: an in-process store saved at another length. */
import type { Mode } from '@sluice/core';
import { enabledInConfig, optionsFromConfig, type DirectiveValues } from '@sluice/config';
import { SemanticCacheOptionsSchema } from './options.js';
import { otherLengthRefusal, storeLocation } from './semantic-store.js';

/**
 * The refusal the gateway would meet opening its in-process store in `mode`, when the saved set's length
 * differs from the embedding output length known without a call (the local embedder's, or
 * `vectordb_vector_size`); undefined when they agree, nothing is saved yet, or the store is Qdrant.
 * @example
 * const problem = await savedStoreProblem(config, 'enforce'); // "the semantic store in … holds vectors of 512 …"
 */
export async function savedStoreProblem(config: DirectiveValues, mode: Mode): Promise<string | undefined> {
  if (!enabledInConfig(SemanticCacheOptionsSchema, config)) return undefined;
  const options = optionsFromConfig(SemanticCacheOptionsSchema, config);
  if (options.store.vectordbUrl !== undefined) return undefined;
  const dims = options.embedding.provider === 'local' ? options.embedding.localDims : options.store.vectorSize;
  if (dims === undefined) return undefined;
  return (await otherLengthRefusal(storeLocation(options.store, mode), dims))?.message;
}
