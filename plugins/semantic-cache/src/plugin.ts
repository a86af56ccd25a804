/**
 * Answers near-repeats of the last user turn from a vector store: eligible requests only, within an
 * exact scope, above the similarity threshold and past the verification step. A fault is a miss
 * (fail-open, and always in observe mode) or the request's error (fail-closed).
 *
 * The class only wires the parts: the store's lifecycle (store-lifecycle), the lookup tap (lookup), the
 * store tap (store-answer), the reply's cache headers (cache-headers), faults and evidence (step-fault,
 * cache-evidence) and the store's health.
 */
import { CACHE_CONTROL_ERRORS } from '@sluice/cache-controls';
import { Stage, validateOptions, type DependencyHealth, type Kernel, type Plugin } from '@sluice/core';
import type { RestoreProgress } from '@sluice/vector-store';
import { AnswerComparison } from './answer-comparison.js';
import type { CacheContext } from './cache-context.js';
import { tapCacheHeaders } from './cache-headers.js';
import { SEMANTIC_CACHE_ERRORS } from './errors.js';
import { semanticLookup } from './lookup.js';
import { PLUGIN_NAME } from './lookup-slot.js';
import {
  optionsInForce,
  SemanticCacheOptionsSchema,
  type SemanticCacheOptions,
  type SemanticCacheOptionsInput,
} from './options.js';
import { semanticMetrics } from './semantic-metrics.js';
import { storeAnswer } from './store-answer.js';
import { StoreHealth } from './store-health.js';
import { StoreLifecycle } from './store-lifecycle.js';

/**
 * @example
 * kernel.use(new SemanticCachePlugin({ threshold: 0.92, store: { dataDir: './data/semantic-cache' } }));
 */
export class SemanticCachePlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  /**
   * What the cache answers with when it fails closed, and a malformed cache control header (a table the
   * exact cache declares too: one registration, listed once).
   */
  readonly errors = Object.freeze({ ...SEMANTIC_CACHE_ERRORS, ...CACHE_CONTROL_ERRORS });
  readonly options: Readonly<SemanticCacheOptions>;
  readonly #health = new StoreHealth();
  readonly #lifecycle: StoreLifecycle;
  #context: CacheContext | undefined;

  constructor(
    options: SemanticCacheOptionsInput = {},
    readonly serverVersion = '0.0.0',
    /** Called as the in-process store is restored at start: each phase, and each log record replayed. */
    readonly onRestore?: (progress: RestoreProgress) => void,
  ) {
    this.options = optionsInForce(validateOptions(PLUGIN_NAME, SemanticCacheOptionsSchema, options));
    this.#lifecycle = new StoreLifecycle(serverVersion, onRestore);
  }

  apply(kernel: Kernel): void {
    const context: CacheContext = { options: this.options, kernel, metrics: semanticMetrics(kernel), health: this.#health };
    this.#context = context;
    const comparison = new AnswerComparison(context.metrics);
    // Not open (before start, after stop, or disabled by a fail-open start): a miss, and nothing stored.
    kernel.hooks.cacheLookup.tapPromise({ name: PLUGIN_NAME, stage: Stage.SIMILAR }, (exchange) => {
      const open = this.#lifecycle.open;
      return open === undefined ? Promise.resolve(undefined) : semanticLookup(context, open, exchange);
    });
    kernel.hooks.cacheStore.tapPromise(PLUGIN_NAME, (exchange, response) => {
      const open = this.#lifecycle.open;
      return open === undefined ? Promise.resolve() : storeAnswer(context, open, comparison, exchange, response);
    });
    tapCacheHeaders(kernel);
  }

  /** The evaluation (observe) or production location in use, for `/version`. */
  get location(): string | undefined {
    return this.#lifecycle.open?.opened.location;
  }

  async start(): Promise<void> {
    if (this.#context === undefined) throw new Error(`${PLUGIN_NAME}: apply(kernel) must run before start()`);
    await this.#lifecycle.start(this.#context);
  }

  stop(): Promise<void> {
    return this.#lifecycle.stop();
  }

  health(): readonly DependencyHealth[] {
    const open = this.#lifecycle.open;
    if (open !== undefined) this.#health.probe(open.opened, () => this.#lifecycle.open?.opened);
    const initialised = open !== undefined;
    const reason = this.#lifecycle.unavailable ?? this.#health.down;
    return [
      {
        name: 'vectordb',
        readinessRequired: this.options.store.readinessRequired && this.options.store.vectordbUrl !== undefined,
        initialised,
        up: initialised && this.#health.down === undefined,
        ...(reason === undefined ? {} : { reason }),
      },
    ];
  }

  /** Saves an in-process store for the runtime a reload starts and leaves its directory to it (StoreKeeping). */
  handOver(): Promise<void> {
    return this.#lifecycle.handOver();
  }

  /** The reload failed: this runtime keeps its store as before the hand-over. */
  takeBack(): void {
    this.#lifecycle.takeBack();
  }

  /** Deletes expired entries of the store in use; returns how many. */
  pruneExpired(now = Date.now()): Promise<number> {
    return this.#lifecycle.pruneExpired(now);
  }
}
