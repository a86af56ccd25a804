/**
 * The semantic cache's resources from start to stop: the embedder, whose output length is checked at
 * start; the vector store, opened for the kernel's mode and bounded when in process; autosave and the
 * hand-over of a reload (StoreKeeping); prune and the final close. Apart from the taps, which only use what
 * is open, so that a failed or fail-open start leaves a plugin whose lookups are plain misses.
 */
import { GatewayError } from '@sluice/core';
import type { RestoreProgress } from '@sluice/vector-store';
import { BoundedStore } from './bounded-store.js';
import type { CacheContext } from './cache-context.js';
import { createEmbedder } from './embeddings/create-embedder.js';
import type { Embedder } from './embeddings/embedder.js';
import { failureReason } from './failure-reason.js';
import { PLUGIN_NAME } from './lookup-slot.js';
import { openSemanticStore, type OpenedStore } from './semantic-store.js';
import { StoreKeeping } from './store-keeping.js';

/** What the taps use once the cache is open. */
export interface OpenCache {
  readonly embedder: Embedder;
  readonly opened: OpenedStore;
  /** The in-process store within its bound; undefined on Qdrant, a collection the server holds and sizes. */
  readonly bounded: BoundedStore | undefined;
  readonly keeping: StoreKeeping;
}

export class StoreLifecycle {
  #embedder: Embedder | undefined;
  #open: OpenCache | undefined;
  #unavailable: string | undefined;

  constructor(
    readonly serverVersion: string,
    readonly onRestore: ((progress: RestoreProgress) => void) | undefined,
  ) {}

  /** The open cache, or undefined before start, after stop, or when a fail-open start left it disabled. */
  get open(): OpenCache | undefined {
    return this.#open;
  }

  /** Why a fail-open start left the cache disabled until restart. */
  get unavailable(): string | undefined {
    return this.#unavailable;
  }

  async start(context: Omit<CacheContext, 'health'>): Promise<void> {
    try {
      await this.#start(context);
    } catch (error) {
      // The kernel stops only plugins that started; a failed start releases its own connections.
      await this.#embedder?.close?.();
      this.#embedder = undefined;
      throw error;
    }
  }

  async #start({ options, kernel, metrics }: Omit<CacheContext, 'health'>): Promise<void> {
    const embedder = createEmbedder(options.embedding, kernel.metrics, options.store.vectorSize);
    this.#embedder = embedder;
    const configured = options.store.vectorSize;
    let dims: number;
    try {
      dims = await embeddingDims(embedder, configured);
    } catch (error) {
      // A wrong answer (a status, another length) is a wrong configuration; no answer is an outage.
      if (!unanswered(error)) throw error;
      const reason = failureReason(error);
      if (configured !== undefined) {
        // The embedder checks every reply against the configured length instead.
        kernel.logger.warn(
          { dependency: 'embedding', reason },
          'the embedding endpoint did not answer the start-up length check; using vectordb_vector_size',
        );
        dims = configured;
      } else {
        if (!options.failOpen && kernel.mode === 'enforce') throw error;
        kernel.logger.error(
          { dependency: 'embedding', reason },
          'semantic cache disabled until restart: the embedding output length is unknown (set vectordb_vector_size)',
        );
        this.#unavailable = `embedding: ${reason}`;
        return;
      }
    }
    let opened: OpenedStore;
    try {
      opened = await openSemanticStore(options.store, kernel.mode, dims, kernel.logger, this.serverVersion, this.onRestore);
    } catch (error) {
      const reason = failureReason(error);
      if (!options.failOpen && kernel.mode === 'enforce') throw new Error(`vectordb: ${reason}`, { cause: error });
      kernel.logger.error(
        { dependency: 'vectordb', reason },
        'semantic cache disabled until restart: the vector store could not be opened',
      );
      this.#unavailable = reason;
      return;
    }
    const { maxEntries, maxBytes } = options.store;
    const bounded =
      opened.backend === 'hnsw'
        ? await BoundedStore.open(opened, { maxEntries, maxBytes }, dims, kernel.logger, metrics)
        : undefined;
    const keeping = new StoreKeeping(opened, bounded, options.store.autosaveSeconds, kernel.logger);
    this.#open = { embedder, opened, bounded, keeping };
    keeping.start();
  }

  async stop(): Promise<void> {
    const open = this.#open;
    this.#open = undefined;
    await open?.keeping.close();
    await this.#embedder?.close?.();
  }

  /** Saves an in-process store for the runtime a reload starts and leaves its directory to it (StoreKeeping). */
  handOver(): Promise<void> {
    return this.#open?.keeping.handOver() ?? Promise.resolve();
  }

  /** The reload failed: this runtime keeps its store as before the hand-over. */
  takeBack(): void {
    this.#open?.keeping.takeBack();
  }

  /** Deletes expired entries of the store in use; returns how many. */
  async pruneExpired(now: number): Promise<number> {
    const open = this.#open;
    if (open === undefined) throw new Error(`${PLUGIN_NAME}: the store is not open`);
    const { opened, bounded } = open;
    if (bounded !== undefined) {
      const removed = await bounded.pruneExpired(now);
      await bounded.save();
      return removed;
    }
    const removed = await opened.store.deleteWhere({ range: { expires_at: { lte: now } } });
    await opened.save();
    return removed;
  }
}

/** The embedder's output length, checked against `vectordb_vector_size` when that is set. */
async function embeddingDims(embedder: Embedder, configured: number | undefined): Promise<number> {
  // A remote model's output length is known only from a call: one at start-up, before any traffic.
  const known = embedder.provider === 'local' ? embedder.dims : undefined;
  const dims = known ?? (await embedder.embed('sluice embedding dimension check')).vector.length;
  if (configured !== undefined && configured !== dims) {
    throw new Error(
      `vectordb_vector_size ${configured} does not match the embedding output length ${dims} (${embedder.provider} ${embedder.model})`,
    );
  }
  return dims;
}

/** The embedding endpoint gave no answer at all: down, unreachable or too slow (not a status or a bad reply). */
function unanswered(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  return error.code === 'embedding_timeout' || (error.code === 'embedding_unavailable' && error.cause !== undefined);
}
