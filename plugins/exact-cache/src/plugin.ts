/** Answers byte-identical repeats from a key-value store; a store fault is a miss, never an error. */
import {
  answersAtAge,
  CACHE_CONTROL_ERRORS,
  cacheControlAttributes,
  cacheControlsOf,
  storeTtlSeconds,
  type CacheControls,
} from '@sluice/cache-controls';
import {
  Stage,
  validateOptions,
  type DependencyHealth,
  type EvidenceAttributes,
  type Exchange,
  type Kernel,
  type Mode,
  type ModelResponse,
  type Plugin,
} from '@sluice/core';
import { maskUrl } from '@sluice/util';
import { KEY, LAYER, PLUGIN_NAME, tapCacheHeaders } from './cache-headers.js';
import { canonicalRequestKey } from './canonical-key.js';
import { EmbeddingsCache } from './embeddings/embeddings-cache.js';
import { noopEntryStore, type EntryStore } from './entry-store.js';
import { exactCacheMetrics, type ExactCacheMetrics } from './exact-cache-metrics.js';
import { memoryEntryStore } from './memory-store.js';
import { ExactCacheOptionsSchema, type ExactCacheOptions, type ExactCacheOptionsInput } from './options.js';
import { redisEntryStore } from './redis-store.js';

/**
 * @example
 * kernel.use(new ExactCachePlugin({ kvUrl: 'redis://127.0.0.1:6379', ttlSeconds: 3600 }));
 */
export class ExactCachePlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  /** A malformed cache control header; the semantic cache declares the same table, registered once. */
  readonly errors = CACHE_CONTROL_ERRORS;
  readonly options: Readonly<ExactCacheOptions>;
  #store: EntryStore | undefined;
  #kernel: Kernel | undefined;
  /** Embeddings are cached input by input (`embeddings/`), not as whole requests. */
  #embeddings: EmbeddingsCache | undefined;
  /**
   * Keys of original requests. The host hands every repeat of one body the same deep-frozen request,
   * so its canonical JSON and SHA-256 (about a third of a hit's CPU in the kernel) are paid once.
   */
  readonly #originalKeys = new WeakMap<object, { readonly scope: string; readonly mode: Mode; readonly key: string }>();

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
    const embeddings = (this.#embeddings = new EmbeddingsCache(kernel, {
      store: () => this.#requireStore(),
      fault: (exchange, operation, error) => this.#fault(kernel, exchange, metrics, operation, error),
      requestHit: (exchange, hit) => metrics.outcome(exchange.mode, hit),
      storedAt: (exchange, storedAtMs) => void (exchange.slot(KEY).storedAtMs = storedAtMs),
      ttlSeconds: this.options.ttlSeconds,
      maxEntryBytes: this.options.maxEntryBytes,
    }));
    // A batch the cache answered in part is put back in the client's order once the upstream answered the rest.
    kernel.hooks.restore.tap(PLUGIN_NAME, (response, exchange) =>
      exchange.endpoint === 'embeddings' ? embeddings.restore(response, exchange) : response,
    );
    tapCacheHeaders(kernel);
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
    const controls = cacheControlsOf(exchange);
    if (exchange.endpoint === 'embeddings') return this.#embeddings!.lookup(exchange, controls);
    const key = this.#key(exchange, controls.scope);
    const slot = exchange.slot(KEY);
    slot.key = key;
    const applied = cacheControlAttributes(controls);
    if (!controls.read) {
      // `no-cache` or `max-age=0`: the answer comes from upstream, and is stored unless `no-store` says otherwise.
      this.#lookupEvidence(kernel, exchange, key, 'bypassed', applied);
      return undefined;
    }
    let entry;
    try {
      entry = await this.#requireStore().get(key);
    } catch (error) {
      this.#fault(kernel, exchange, metrics, 'get', error);
      return undefined;
    }
    const found = entry?.v === 1 ? entry : undefined;
    const storedAtMs = found === undefined ? undefined : Date.parse(found.stored_at);
    // Older than the client's max-age: a miss, and the fresh answer replaces the entry under the same key.
    const tooOld = storedAtMs !== undefined && !answersAtAge(controls, Date.now() - storedAtMs);
    const hit = found !== undefined && !tooOld;
    metrics.outcome(exchange.mode, hit);
    this.#lookupEvidence(kernel, exchange, key, hit ? 'hit' : 'miss', tooOld ? { ...applied, reason: 'max_age' } : applied);
    if (!hit || found === undefined) return undefined;
    slot.storedAtMs = storedAtMs;
    return { status: 200, body: found.body, layer: LAYER };
  }

  #lookupEvidence(
    kernel: Kernel,
    exchange: Exchange,
    key: string,
    outcome: 'hit' | 'miss' | 'bypassed',
    attributes: EvidenceAttributes | undefined,
  ): void {
    kernel.evidence(exchange, { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome }, () => ({
      cache: {
        cache_type: LAYER,
        operation: 'lookup',
        outcome,
        cache_key_hash: keyHash(key),
        upstream_called: outcome !== 'hit' || exchange.mode === 'observe',
      },
      ...(attributes ? { attributes } : {}),
    }));
  }

  #key(exchange: Exchange, scope: string): string {
    const { mode } = exchange;
    const keyScope = { cacheScope: scope, mode, volatileUser: this.options.volatileUser, endpoint: exchange.endpoint };
    // Only the original is deep-frozen, so only its key cannot go stale; a rewritten request is keyed each time.
    if (exchange.request !== exchange.original) return canonicalRequestKey(exchange.request, keyScope);
    const known = this.#originalKeys.get(exchange.original);
    if (known !== undefined && known.scope === scope && known.mode === mode) return known.key;
    const key = canonicalRequestKey(exchange.original, keyScope);
    this.#originalKeys.set(exchange.original, { scope, mode, key });
    return key;
  }

  async #save(kernel: Kernel, exchange: Exchange, response: ModelResponse, metrics: ExactCacheMetrics): Promise<void> {
    if (exchange.endpoint === 'embeddings') return this.#embeddings!.save(exchange, response, cacheControlsOf(exchange));
    const key = exchange.slot(KEY).key;
    if (key === '' || !Array.isArray(response.body.choices)) return;
    const controls = cacheControlsOf(exchange);
    if (!controls.store) {
      this.#storeSkipped(kernel, exchange, key, controls);
      return;
    }
    if (JSON.stringify(response.body).length > this.options.maxEntryBytes) return;
    const ttlSeconds = storeTtlSeconds(controls, this.options.ttlSeconds);
    try {
      const entry = {
        v: 1 as const,
        body: response.body,
        stored_at: new Date().toISOString(),
        ...(response.body.model ? { model: response.body.model } : {}),
        ...(response.body.usage ? { usage: response.body.usage } : {}),
      };
      await this.#requireStore().set(key, entry, Math.round(ttlSeconds * 1000));
    } catch (error) {
      this.#fault(kernel, exchange, metrics, 'set', error);
      return;
    }
    const attributes = cacheControlAttributes(controls);
    kernel.evidence(exchange, { source: 'gateway', category: 'cache', event_type: 'cache.store', outcome: 'stored' }, () => ({
      cache: { cache_type: LAYER, operation: 'store', outcome: 'stored', cache_key_hash: keyHash(key) },
      ...(attributes ? { attributes } : {}),
    }));
  }

  /** `no-store`: the answer is the client's alone; the event says why nothing was stored. */
  #storeSkipped(kernel: Kernel, exchange: Exchange, key: string, controls: CacheControls): void {
    const attributes = cacheControlAttributes(controls);
    kernel.evidence(exchange, { source: 'gateway', category: 'cache', event_type: 'cache.store', outcome: 'skipped' }, () => ({
      cache: { cache_type: LAYER, operation: 'store', outcome: 'skipped', cache_key_hash: keyHash(key) },
      ...(attributes ? { attributes } : {}),
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

/** The first 16 hex digits of the key's digest: enough to correlate, nothing to recover. */
function keyHash(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1, key.lastIndexOf(':') + 17);
}
