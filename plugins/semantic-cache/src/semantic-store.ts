/** Opens the vector store of the semantic cache: production or evaluation, in process or on Qdrant. */
import path from 'node:path';
import type { Logger } from 'pino';
import type { Mode } from '@sluice/core';
import {
  DEFAULT_INDEX_NAME,
  HnswVectorStore,
  QdrantVectorStore,
  readEnvelopeHeader,
  VectorStoreError,
  type RestoreProgress,
  type VectorStore,
} from '@sluice/vector-store';
import { INDEXED_FIELDS, type SemanticEntry } from './entry.js';
import type { SemanticCacheOptions } from './options.js';

/** A store, and how to keep it saved (in-process stores) or healthy (remote ones). */
export interface OpenedStore {
  readonly store: VectorStore<SemanticEntry>;
  /** Where evaluation entries live (a collection or a directory), reported by `/version`. */
  readonly location: string;
  readonly backend: 'hnsw' | 'qdrant';
  /** Saves an in-process store; resolves at once for remote ones. */
  save(): Promise<void>;
  /** In-process stores: closes without the final save, once another store owns the directory. */
  readonly release?: () => Promise<void>;
  /** Why a remote store does not answer now, or undefined when it does; never rejects. */
  probe(): Promise<string | undefined>;
  /** In-process stores: the payload of an active id, read without copying its vector out of the index. */
  readonly payloadOf?: (id: number) => SemanticEntry | undefined;
}

/** Observe mode keeps its shadow entries apart, so they can never warm the production cache. */
export function storeLocation(options: SemanticCacheOptions['store'], mode: Mode): string {
  if (options.vectordbUrl !== undefined) return mode === 'observe' ? `${options.collection}_evaluation` : options.collection;
  return path.resolve(options.dataDir, mode === 'observe' ? 'evaluation' : 'live');
}

/**
 * @example
 * const { store } = await openSemanticStore(options.store, 'enforce', 256, logger, '0.1.0');
 */
export async function openSemanticStore(
  options: SemanticCacheOptions['store'],
  mode: Mode,
  dims: number,
  logger: Logger,
  serverVersion: string,
  onRestore?: (progress: RestoreProgress) => void,
): Promise<OpenedStore> {
  const location = storeLocation(options, mode);
  if (options.vectordbUrl !== undefined) {
    const store = await QdrantVectorStore.open<SemanticEntry>({
      url: options.vectordbUrl,
      ...(options.apiKey === undefined || options.apiKey === '' ? {} : { apiKey: options.apiKey }),
      collection: location,
      vectorSize: dims,
      timeoutMs: Math.round(options.timeoutSeconds * 1000),
      indexedFields: INDEXED_FIELDS,
    }).catch((error: unknown) => {
      throw otherLayoutRefusal(error);
    });
    const probe = async () => {
      const health = await store.health();
      return health.ok ? undefined : health.reason;
    };
    return { store, location, backend: 'qdrant', save: async () => undefined, probe };
  }
  const store = await HnswVectorStore.open<SemanticEntry>({
    dims,
    metric: 'cosine',
    dataDir: location,
    durability: 'snapshot',
    serverVersion,
    logger,
    ...(onRestore === undefined ? {} : { onRestore }),
  }).catch(async (error: unknown) => {
    throw (await otherLengthRefusal(location, dims)) ?? error;
  });
  return {
    store,
    location,
    backend: 'hnsw',
    save: async () => void (await store.saveSnapshot()),
    release: () => store.close({ finalSave: false }),
    probe: async () => undefined,
    payloadOf: (id) => store.payloadOf(id),
  };
}

/**
 * The refusal of a saved set written at another vector length, saying what to set: the likeliest cause
 * is a store written by an earlier release, whose local embedder made 512 numbers by default.
 */
export async function otherLengthRefusal(location: string, dims: number): Promise<VectorStoreError | undefined> {
  const header = await readEnvelopeHeader(path.join(location, DEFAULT_INDEX_NAME)).catch(() => undefined);
  if (header === undefined || header.dims === dims) return undefined;
  const earlierDefault = header.dims === 512 ? ", the local embedder's default in earlier releases" : '';
  return new VectorStoreError(
    'failed_precondition',
    `the semantic store in ${location} holds vectors of ${header.dims} dimensions and the embedder makes ${dims}. ` +
      `To keep it, set embedding_local_dims ${header.dims}${earlierDefault}, or use an embedding model of that length; ` +
      `to start an empty cache, move the directory away`,
  );
}

/**
 * A Qdrant collection of another layout, with what to set: most often its size is another embedding
 * length, e.g. one made by an earlier release, whose local embedder made 512 numbers by default.
 */
function otherLayoutRefusal(error: unknown): unknown {
  if (!(error instanceof VectorStoreError) || error.code !== 'failed_precondition') return error;
  return new VectorStoreError(
    'failed_precondition',
    `${error.message}. To keep it, make the embedding output its size (embedding_local_dims, 512 by default in ` +
      `earlier releases, or embedding_model) and set vectordb_vector_size to match; or name another vectordb_collection`,
    { cause: error },
  );
}
