/** `--prune-expired-semantic-cache`: deletes expired entries from the production and evaluation stores. */
import { access } from 'node:fs/promises';
import type { Logger } from 'pino';
import { validateOptions } from '@sluice/core';
import { createEmbedder } from './embeddings/create-embedder.js';
import { SemanticCacheOptionsSchema, type SemanticCacheOptionsInput } from './options.js';
import { openSemanticStore, storeLocation } from './semantic-store.js';
import type { Metrics } from '@sluice/core';

export interface PruneResult {
  /** The collection or directory pruned. */
  readonly location: string;
  readonly removed: number;
}

/**
 * Lookups skip expired entries but never delete them; this does, for both modes' stores.
 * @example
 * const results = await pruneExpiredSemanticEntries(options, { logger, metrics, serverVersion: '0.1.0' });
 */
export async function pruneExpiredSemanticEntries(
  input: SemanticCacheOptionsInput,
  context: { logger: Logger; metrics: Metrics; serverVersion: string; now?: number },
): Promise<PruneResult[]> {
  const options = validateOptions('semantic-cache', SemanticCacheOptionsSchema, input);
  const embedder = createEmbedder(options.embedding, context.metrics, options.store.vectorSize);
  try {
    const dims =
      options.store.vectorSize ?? embedder.dims ?? (await embedder.embed('sluice embedding dimension check')).vector.length;
    const results: PruneResult[] = [];
    for (const mode of ['enforce', 'observe'] as const) {
      const location = storeLocation(options.store, mode);
      // An in-process store that was never written has nothing to prune; do not create it.
      if (options.store.vectordbUrl === undefined && !(await exists(location))) continue;
      const opened = await openSemanticStore(options.store, mode, dims, context.logger, context.serverVersion);
      try {
        const removed = await opened.store.deleteWhere({ range: { expires_at: { lte: context.now ?? Date.now() } } });
        results.push({ location, removed });
      } finally {
        await opened.store.close();
      }
    }
    return results;
  } finally {
    await embedder.close?.();
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
