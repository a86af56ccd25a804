/** Answers byte-identical repeats from a key-value store; a store fault is a miss, never an error. */
import {
  createSlot,
  Stage,
  validateOptions,
  type CacheOutcome,
  type DependencyHealth,
  type Exchange,
  type Kernel,
  type Mode,
  type ModelResponse,
  type Plugin,
} from '@sluice/core';
import { maskUrl } from '@sluice/util';
import { canonicalRequestKey } from './canonical-key.js';
import { noopEntryStore, type EntryStore } from './entry-store.js';
import { exactCacheMetrics, type ExactCacheMetrics } from './exact-cache-metrics.js';
import { memoryEntryStore } from './memory-store.js';
import { ExactCacheOptionsSchema, type ExactCacheOptions, type ExactCacheOptionsInput } from './options.js';
import { redisEntryStore } from './redis-store.js';

const PLUGIN_NAME = 'exact-cache';
const LAYER = 'exact';
const KEY = createSlot(PLUGIN_NAME, () => ({ key: '' }));
/** A client skips the cache layers for one request with this header set to one of BYPASS_WORDS. */
const BYPASS_HEADER = 'x-sluice-cache-bypass';
const BYPASS_WORDS = new Set(['1', 'true', 'yes', 'on']);
/** Tells the client how the cache layers answered: `hit-<layer>`, `miss` or `bypass`. */
const OUTCOME_HEADER = 'x-sluice-cache';

/**
 * @example
 * kernel.use(new ExactCachePlugin({ kvUrl: 'redis://127.0.0.1:6379', ttlSeconds: 3600 }));
 */
export class ExactCachePlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<ExactCacheOptions>;
  #store: EntryStore | undefined;
  #kernel: Kernel | undefined;
  /**
   * Keys of original requests. The host hands every repeat of one body the same deep-frozen request,
   * so its canonical JSON and SHA-256 (about a third of a hit's CPU in the kernel) are paid once.
   */
  readonly #originalKeys = new WeakMap<object, { readonly tenant: string; readonly mode: Mode; readonly key: string }>();

  constructor(options: ExactCacheOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, ExactCacheOptionsSchema, options);
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    const metrics = exactCacheMetrics(kernel);
    kernel.hooks.cacheLookup.tapPromise({ name: PLUGIN_NAME, stage: Stage.EXACT }, (exchange) =>
      this.#lookup(kernel, exchange, metrics),
    );
    kernel.hooks.cacheStore.tapPromise(PLUGIN_NAME, (exchange, response) => this.#save(kernel, exchange, response, metrics));
    // ADMISSION: read before any guard can end the request, and always before the lookup the kernel then skips.
    kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: Stage.ADMISSION }, (exchange) => {
      if (BYPASS_WORDS.has((exchange.headers[BYPASS_HEADER] ?? '').trim().toLowerCase())) exchange.bypassCache = true;
      return undefined;
    });
    kernel.hooks.respond.tap(PLUGIN_NAME, (exchange) => {
      if (exchange.error === undefined) exchange.setResponseHeader(OUTCOME_HEADER, outcomeHeader(exchange.cache));
    });
  }

  async start(): Promise<void> {
    if (this.#store !== undefined) return;
    const timeoutMs = Math.round(this.options.timeoutSeconds * 1000);
    if (this.options.kvUrl === undefined) {
      this.#store = memoryEntryStore({ maxEntries: this.options.maxEntries, maxBytes: this.options.maxBytes });
      return;
    }
    const logger = this.#kernel?.logger;
    if (logger === undefined) throw new Error(`${PLUGIN_NAME}: apply(kernel) must run before start()`);
    try {
      this.#store = await redisEntryStore(
        {
          url: this.options.kvUrl,
          keyPrefix: this.options.keyPrefix,
          timeoutMs,
          connectTimeoutMs: Math.max(2000, timeoutMs * 4),
        },
        logger,
      );
    } catch (error) {
      // A client's message may quote the URL it was given.
      const reason = maskUrl((error as Error).message);
      if (!this.options.failOpen) throw new Error(`kv: ${reason}`, { cause: error });
      logger.error(
        { dependency: 'kv', url: maskUrl(this.options.kvUrl), reason },
        'exact cache disabled until restart: the store is unreachable (kv_fail_open on)',
      );
      this.#store = noopEntryStore(reason);
    }
  }

  async stop(): Promise<void> {
    const store = this.#store;
    this.#store = undefined;
    await store?.close();
  }

  health(): readonly DependencyHealth[] {
    const state = this.#store?.state() ?? { initialised: false, up: false, reason: 'not started' };
    return [{ name: 'kv', readinessRequired: this.options.readinessRequired, ...state }];
  }

  async #lookup(kernel: Kernel, exchange: Exchange, metrics: ExactCacheMetrics) {
    const key = this.#key(exchange);
    exchange.slot(KEY).key = key;
    let entry;
    try {
      entry = await this.#requireStore().get(key);
    } catch (error) {
      this.#fault(kernel, exchange, metrics, 'get', error);
      return undefined;
    }
    const hit = entry?.v === 1;
    metrics.outcome(exchange.mode, hit);
    kernel.evidence(
      exchange,
      { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome: hit ? 'hit' : 'miss' },
      () => ({
        cache: {
          cache_type: LAYER,
          operation: 'lookup',
          outcome: hit ? 'hit' : 'miss',
          cache_key_hash: keyHash(key),
          upstream_called: !hit || exchange.mode === 'observe',
        },
      }),
    );
    return hit && entry !== undefined ? { status: 200, body: entry.body, layer: LAYER } : undefined;
  }

  #key(exchange: Exchange): string {
    const { tenant, mode } = exchange;
    const scope = { tenant, mode, volatileUser: this.options.volatileUser };
    // Only the original is deep-frozen, so only its key cannot go stale; a rewritten request is keyed each time.
    if (exchange.request !== exchange.original) return canonicalRequestKey(exchange.request, scope);
    const known = this.#originalKeys.get(exchange.original);
    if (known !== undefined && known.tenant === tenant && known.mode === mode) return known.key;
    const key = canonicalRequestKey(exchange.original, scope);
    this.#originalKeys.set(exchange.original, { tenant, mode, key });
    return key;
  }

  async #save(kernel: Kernel, exchange: Exchange, response: ModelResponse, metrics: ExactCacheMetrics): Promise<void> {
    const key = exchange.slot(KEY).key;
    if (key === '' || !Array.isArray(response.body.choices)) return;
    if (JSON.stringify(response.body).length > this.options.maxEntryBytes) return;
    try {
      const entry = {
        v: 1 as const,
        body: response.body,
        stored_at: new Date().toISOString(),
        ...(response.body.model ? { model: response.body.model } : {}),
        ...(response.body.usage ? { usage: response.body.usage } : {}),
      };
      await this.#requireStore().set(key, entry, Math.round(this.options.ttlSeconds * 1000));
    } catch (error) {
      this.#fault(kernel, exchange, metrics, 'set', error);
      return;
    }
    kernel.evidence(exchange, { source: 'gateway', category: 'cache', event_type: 'cache.store', outcome: 'stored' }, () => ({
      cache: { cache_type: LAYER, operation: 'store', outcome: 'stored', cache_key_hash: keyHash(key) },
    }));
  }

  #fault(kernel: Kernel, exchange: Exchange, metrics: ExactCacheMetrics, operation: 'get' | 'set', error: unknown): void {
    metrics.fault(exchange.mode, operation);
    kernel.logger.warn(
      { dependency: 'kv', operation, trace_id: exchange.traceId, reason: (error as Error).message },
      'exact cache unavailable; continuing without it',
    );
    kernel.evidence(
      exchange,
      { source: 'gateway', category: 'cache', event_type: 'cache.error', outcome: 'failed' },
      {
        cache: { cache_type: LAYER, operation: operation === 'get' ? 'lookup' : 'store', outcome: 'failed' },
      },
    );
  }

  #requireStore(): EntryStore {
    if (this.#store === undefined) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    return this.#store;
  }
}

/** What the client is told; a would-be hit in observe mode is a miss, since the upstream answered. */
function outcomeHeader(cache: CacheOutcome): string {
  if (cache.status === 'hit') return `hit-${cache.layer ?? 'unknown'}`;
  return cache.status === 'bypass' ? 'bypass' : 'miss';
}

/** The first 16 hex digits of the key's digest: enough to correlate, nothing to recover. */
function keyHash(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1, key.lastIndexOf(':') + 17);
}
