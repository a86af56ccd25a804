/**
 * Answers near-repeats of the last user turn from a vector store: eligible requests only, within an
 * exact scope, above the similarity threshold and past the verification step. A fault is a miss
 * (fail-open, and always in observe mode) or the request's error (fail-closed).
 */
import {
  createSlot,
  GatewayError,
  Stage,
  validateOptions,
  type CachedResponse,
  type DependencyHealth,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
} from '@sluice/core';
import { maskUrl } from '@sluice/util';
import { answerText } from './answer-text.js';
import { semanticSkipReason } from './eligibility.js';
import { createEmbedder } from './embeddings/create-embedder.js';
import type { Embedder } from './embeddings/embedder.js';
import { LocalEmbedder } from './embeddings/local-embedder.js';
import type { SemanticEntry } from './entry.js';
import type { RestoreProgress } from '@sluice/vector-store';
import { SemanticCacheOptionsSchema, type SemanticCacheOptions, type SemanticCacheOptionsInput } from './options.js';
import { entryId, semanticKey, type SemanticKey } from './scope.js';
import { semanticMetrics, type SemanticMetrics } from './semantic-metrics.js';
import { verifiedSearch } from './verified-search.js';
import { openSemanticStore, type OpenedStore } from './semantic-store.js';
import { BoundedStore } from './bounded-store.js';
import { StoreKeeping } from './store-keeping.js';
import { cosine } from './cosine.js';

const PLUGIN_NAME = 'semantic-cache';
const LAYER = 'semantic';
const SLOT = createSlot(PLUGIN_NAME, () => ({
  key: undefined as SemanticKey | undefined,
  vector: undefined as number[] | undefined,
}));

/**
 * @example
 * kernel.use(new SemanticCachePlugin({ threshold: 0.92, store: { dataDir: './data/semantic-cache' } }));
 */
export class SemanticCachePlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<SemanticCacheOptions>;
  #kernel: Kernel | undefined;
  #metrics: SemanticMetrics | undefined;
  #embedder: Embedder | undefined;
  #opened: OpenedStore | undefined;
  /** The in-process store within its bound; undefined on Qdrant, a collection the server holds and sizes. */
  #bounded: BoundedStore | undefined;
  #unavailable: string | undefined;
  #down: string | undefined;
  /** Store faults so far; a probe clears `#down` only when none came after it started. */
  #faults = 0;
  #probing = false;
  #keeping: StoreKeeping | undefined;
  /** Compares cached and live answers in observe mode, whatever embedder the lookups use. */
  readonly #answers = new LocalEmbedder();

  constructor(
    options: SemanticCacheOptionsInput = {},
    readonly serverVersion = '0.0.0',
    /** Called as the in-process store is restored at start: each phase, and each log record replayed. */
    readonly onRestore?: (progress: RestoreProgress) => void,
  ) {
    this.options = validateOptions(PLUGIN_NAME, SemanticCacheOptionsSchema, options);
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    this.#metrics = semanticMetrics(kernel);
    kernel.hooks.cacheLookup.tapPromise({ name: PLUGIN_NAME, stage: Stage.SEMANTIC }, (exchange) => this.#lookup(exchange));
    kernel.hooks.cacheStore.tapPromise(PLUGIN_NAME, (exchange, response) => this.#store(exchange, response));
  }

  /** The evaluation (observe) or production location in use, for `/version`. */
  get location(): string | undefined {
    return this.#opened?.location;
  }

  async start(): Promise<void> {
    try {
      await this.#open();
    } catch (error) {
      // The kernel stops only plugins that started; a failed start releases its own connections.
      await this.#embedder?.close?.();
      this.#embedder = undefined;
      throw error;
    }
  }

  async #open(): Promise<void> {
    const kernel = this.#requireKernel();
    this.#embedder = createEmbedder(this.options.embedding, kernel.metrics, this.options.store.vectorSize);
    let dims: number;
    try {
      dims = await this.#embeddingDims(this.#embedder);
    } catch (error) {
      // A wrong answer (a status, another length) is a wrong configuration; no answer is an outage.
      if (!unanswered(error)) throw error;
      const reason = failureReason(error);
      const configured = this.options.store.vectorSize;
      if (configured !== undefined) {
        // The embedder checks every reply against the configured length instead.
        kernel.logger.warn(
          { dependency: 'embedding', reason },
          'the embedding endpoint did not answer the start-up length check; using vectordb_vector_size',
        );
        dims = configured;
      } else {
        if (!this.options.failOpen && kernel.mode === 'enforce') throw error;
        kernel.logger.error(
          { dependency: 'embedding', reason },
          'semantic cache disabled until restart: the embedding output length is unknown (set vectordb_vector_size)',
        );
        this.#unavailable = `embedding: ${reason}`;
        return;
      }
    }
    try {
      this.#opened = await openSemanticStore(
        this.options.store,
        kernel.mode,
        dims,
        kernel.logger,
        this.serverVersion,
        this.onRestore,
      );
    } catch (error) {
      const reason = failureReason(error);
      if (!this.options.failOpen && kernel.mode === 'enforce') throw new Error(`vectordb: ${reason}`, { cause: error });
      kernel.logger.error(
        { dependency: 'vectordb', reason },
        'semantic cache disabled until restart: the vector store could not be opened',
      );
      this.#unavailable = reason;
      return;
    }
    if (this.#opened.backend === 'hnsw') {
      const { maxEntries, maxBytes } = this.options.store;
      this.#bounded = await BoundedStore.open(this.#opened, { maxEntries, maxBytes }, dims, kernel.logger, this.#metrics!);
    }
    this.#keeping = new StoreKeeping(this.#opened, this.#bounded, this.options.store.autosaveSeconds, kernel.logger);
    this.#keeping.start();
  }

  async stop(): Promise<void> {
    const keeping = this.#keeping;
    this.#opened = undefined;
    this.#bounded = undefined;
    this.#keeping = undefined;
    await keeping?.close();
    await this.#embedder?.close?.();
  }

  health(): readonly DependencyHealth[] {
    if (this.#down !== undefined) this.#probe();
    const initialised = this.#opened !== undefined;
    const reason = this.#unavailable ?? this.#down;
    return [
      {
        name: 'vectordb',
        readinessRequired: this.options.store.readinessRequired && this.options.store.vectordbUrl !== undefined,
        initialised,
        up: initialised && this.#down === undefined,
        ...(reason === undefined ? {} : { reason }),
      },
    ];
  }

  /** Saves an in-process store for the runtime a reload starts and leaves its directory to it (StoreKeeping). */
  handOver(): Promise<void> {
    return this.#keeping?.handOver() ?? Promise.resolve();
  }

  /** The reload failed: this runtime keeps its store as before the hand-over. */
  takeBack(): void {
    this.#keeping?.takeBack();
  }

  /** Deletes expired entries of the store in use; returns how many. */
  async pruneExpired(now = Date.now()): Promise<number> {
    const opened = this.#opened;
    if (opened === undefined) throw new Error(`${PLUGIN_NAME}: the store is not open`);
    const bounded = this.#bounded;
    if (bounded !== undefined) {
      const removed = await bounded.pruneExpired(now);
      await bounded.save();
      return removed;
    }
    const removed = await opened.store.deleteWhere({ range: { expires_at: { lte: now } } });
    await opened.save();
    return removed;
  }

  async #lookup(exchange: Exchange): Promise<CachedResponse | undefined> {
    const opened = this.#opened;
    const embedder = this.#embedder;
    const metrics = this.#metrics!;
    if (opened === undefined || embedder === undefined) return undefined;
    const skip = semanticSkipReason(exchange.request, this.options);
    if (skip !== undefined) {
      metrics.skipped(skip);
      this.#evidence(exchange, 'skipped', { attributes: { reason: skip } });
      return undefined;
    }
    const key = semanticKey(exchange.request, exchange.tenant, this.options.volatileUser);
    const slot = exchange.slot(SLOT);
    slot.key = key;
    let vector: number[];
    try {
      // The local embedder never waits, and making the client's AbortSignal would cost every hit about 10 µs.
      const embedding = await embedder.embed(key.question, embedder.provider === 'local' ? undefined : exchange.signal);
      vector = embedding.vector;
      const overhead = Math.round(embedding.promptTokens * this.options.embedding.price);
      exchange.cost.overheadMicroUsd += overhead;
      metrics.overhead(overhead);
    } catch (error) {
      return this.#fault(exchange, 'embed', error);
    }
    slot.vector = vector;
    let best, found;
    try {
      ({ best, found } = await verifiedSearch(opened.store, vector, key, this.options, metrics));
      this.#down = undefined;
    } catch (error) {
      // No store of this request's answer either: it would wait out the same failing store a second time.
      slot.vector = undefined;
      return this.#fault(exchange, 'search', error);
    }
    metrics.outcome(exchange.mode, found !== undefined);
    this.#evidence(exchange, found ? 'hit' : 'miss', {
      cache: {
        record_id: found ? String(found.id) : undefined,
        similarity_score: best === undefined ? undefined : round(best.similarity),
        threshold: this.options.threshold,
        upstream_called: found === undefined || exchange.mode === 'observe',
      },
      // Observe mode records what enforce would have done next to what was done.
      ...(exchange.mode === 'observe'
        ? { attributes: { would_action: found ? 'serve_cached' : 'forward_upstream', applied_action: 'forward_upstream' } }
        : {}),
    });
    if (found === undefined) return undefined;
    this.#bounded?.use(found.id);
    return {
      status: 200,
      body: JSON.parse(found.payload.answer) as ModelResponse['body'],
      layer: LAYER,
      similarity: found.similarity,
    };
  }

  async #store(exchange: Exchange, response: ModelResponse): Promise<void> {
    const opened = this.#opened;
    const { key, vector } = exchange.slot(SLOT);
    // Handed over to a reloaded runtime: the directory is the next store's now.
    if (this.#keeping?.handedOver === true) return;
    if (opened === undefined || key === undefined || vector === undefined || !Array.isArray(response.body.choices)) return;
    if (exchange.mode === 'observe' && exchange.cache.wouldHit === true && exchange.cache.layer === LAYER && exchange.cached) {
      this.#compareAnswers(exchange.cached, response);
    }
    const answer = JSON.stringify(response.body);
    if (answer.length > this.options.maxEntryBytes) return;
    const now = Date.now();
    const payload: SemanticEntry = {
      scope: key.scope,
      expires_at: now + Math.round(this.options.ttlSeconds * 1000),
      created_at: now,
      question: key.question,
      answer,
      model: response.body.model ?? exchange.request.model,
    };
    try {
      const record = { id: entryId(key), vector, payload };
      const bounded = this.#bounded;
      if (bounded === undefined) await opened.store.upsert(record);
      // Larger than the whole byte bound: storing it would evict everything else and still not fit.
      else if (!(await bounded.upsert(record))) return;
      this.#down = undefined;
    } catch (error) {
      // The client already has its answer: a failed store is counted, never the request's error.
      this.#fault(exchange, 'store', error, true);
      return;
    }
    this.#evidence(exchange, 'stored', { cache: { operation: 'store' } });
  }

  /** How close the answer a would-be hit had cached is to the live one: the data to choose a threshold by. */
  #compareAnswers(cached: ModelResponse, live: ModelResponse): void {
    const a = answerText(cached.body);
    const b = answerText(live.body);
    if (a === undefined || b === undefined) return;
    void Promise.all([this.#answers.embed(a), this.#answers.embed(b)]).then(([x, y]) =>
      this.#metrics!.answerSimilarity(cosine(x.vector, y.vector)),
    );
  }

  #fault(exchange: Exchange, operation: 'embed' | 'search' | 'store', error: unknown, swallow = false): undefined {
    const kernel = this.#requireKernel();
    this.#metrics!.fault(exchange.mode, operation);
    const reason = failureReason(error);
    if (operation !== 'embed') {
      this.#down = reason;
      this.#faults += 1;
    }
    kernel.logger.warn(
      {
        dependency: operation === 'embed' ? 'embedding' : 'vectordb',
        operation,
        trace_id: exchange.traceId,
        reason,
      },
      'semantic cache step failed',
    );
    this.#evidence(exchange, 'failed', {
      cache: { operation: operation === 'store' ? 'store' : 'lookup' },
      attributes: { step: operation },
    });
    if (swallow || exchange.signal.aborted || this.options.failOpen || exchange.mode === 'observe') return undefined;
    if (error instanceof GatewayError) throw error;
    throw new GatewayError(operation === 'embed' ? 'embedding_unavailable' : 'vectordb_unavailable', { cause: error });
  }

  #evidence(
    exchange: Exchange,
    outcome: 'hit' | 'miss' | 'skipped' | 'stored' | 'failed',
    details: { cache?: Record<string, unknown>; attributes?: Record<string, string> } = {},
  ): void {
    const key = exchange.slot(SLOT).key;
    const eventType = outcome === 'stored' ? 'cache.store' : outcome === 'failed' ? 'cache.error' : 'cache.lookup';
    this.#requireKernel().evidence(
      exchange,
      { source: 'gateway', category: 'cache', event_type: eventType, outcome },
      {
        cache: {
          cache_type: LAYER,
          operation: 'lookup',
          outcome,
          ...(key ? { cache_key_hash: key.scope.slice(0, 16) } : {}),
          ...details.cache,
        },
        ...(details.attributes ? { attributes: details.attributes } : {}),
      },
    );
  }

  async #embeddingDims(embedder: Embedder): Promise<number> {
    // A remote model's output length is known only from a call: one at start-up, before any traffic.
    const known = embedder.provider === 'local' ? embedder.dims : undefined;
    const dims = known ?? (await embedder.embed('sluice embedding dimension check')).vector.length;
    const configured = this.options.store.vectorSize;
    if (configured !== undefined && configured !== dims) {
      throw new Error(
        `vectordb_vector_size ${configured} does not match the embedding output length ${dims} (${embedder.provider} ${embedder.model})`,
      );
    }
    return dims;
  }

  /**
   * Asks a store that failed whether it answers again. An unready instance gets no traffic, so the
   * readiness probe's own polling must be what finds the recovery.
   */
  #probe(): void {
    const opened = this.#opened;
    if (opened === undefined || this.#probing) return;
    this.#probing = true;
    const faults = this.#faults;
    void opened
      .probe()
      .then((reason) => {
        if (reason === undefined && this.#faults === faults && this.#opened === opened) this.#down = undefined;
      })
      .finally(() => {
        this.#probing = false;
      });
  }

  #requireKernel(): Kernel {
    if (this.#kernel === undefined) throw new Error(`${PLUGIN_NAME}: apply(kernel) must run before start()`);
    return this.#kernel;
  }
}

/** A failure as logs and health show it: a store or a proxy in front of it may quote a URL with its credentials. */
function failureReason(error: unknown): string {
  return maskUrl((error as Error).message);
}

/** The embedding endpoint gave no answer at all: down, unreachable or too slow (not a status or a bad reply). */
function unanswered(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  return error.code === 'embedding_timeout' || (error.code === 'embedding_unavailable' && error.cause !== undefined);
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
