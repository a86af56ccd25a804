/** `--prune-expired-semantic-cache`: deletes expired entries from the production and evaluation stores. */
import { access } from 'node:fs/promises';
import type { Logger } from 'pino';
import { validateOptions } from '@sluice/core';
import { createEmbedder } from './embeddings/create-embedder.js';
import { SemanticCacheOptionsSchema, type SemanticCacheOptionsInput } from './options.js';
import { openSemanticStore, storeLocation } from './semantic-store.js';
import type { Metrics } from '@sluice/core';
import { payloadPredicate, type VectorStore } from '@sluice/vector-store';
import type { SemanticEntry } from './entry.js';

export interface PruneResult {
  /** The collection or directory pruned. */
  readonly location: string;
  readonly removed: number;
}

/** How far a prune has come in one store, reported as it goes. */
export interface PruneProgress {
  readonly location: string;
  /** Entries in the store when its prune began. */
  readonly total: number;
  readonly scanned: number;
  readonly removed: number;
}

/** Deletes in flight at once in an in-process store. */
const DELETE_BATCH = 256;

/**
 * Lookups skip expired entries but never delete them; this does, for both modes' stores.
 * @example
 * const results = await pruneExpiredSemanticEntries(options, { logger, metrics, serverVersion: '0.1.0' });
 */
export async function pruneExpiredSemanticEntries(
  input: SemanticCacheOptionsInput,
  context: {
    logger: Logger;
    metrics: Metrics;
    serverVersion: string;
    now?: number;
    onProgress?: (progress: PruneProgress) => void;
  },
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
        const report = (progress: Omit<PruneProgress, 'location'>) => context.onProgress?.({ location, ...progress });
        const removed = await pruneStore(opened.store, context.now ?? Date.now(), report);
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

/**
 * An in-process store is scanned here, so the count of entries scanned and removed can be reported as it
 * goes; a remote one deletes by filter on the server, in one call.
 */
async function pruneStore(
  store: VectorStore<SemanticEntry>,
  now: number,
  report: (progress: Omit<PruneProgress, 'location'>) => void,
): Promise<number> {
  const filter = { range: { expires_at: { lte: now } } };
  const total = await store.count();
  report({ total, scanned: 0, removed: 0 });
  if (store.backend !== 'hnsw') {
    const removed = await store.deleteWhere(filter);
    report({ total, scanned: total, removed });
    return removed;
  }
  const expired = payloadPredicate(filter);
  let scanned = 0;
  let removed = 0;
  let deleting: Promise<boolean>[] = [];
  const settle = async () => {
    removed += (await Promise.all(deleting)).filter(Boolean).length;
    deleting = [];
  };
  for await (const record of store.iterate()) {
    scanned++;
    if (expired(record.payload)) deleting.push(store.delete(record.id));
    if (deleting.length >= DELETE_BATCH) await settle();
    report({ total, scanned, removed });
  }
  await settle();
  report({ total, scanned, removed });
  return removed;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
