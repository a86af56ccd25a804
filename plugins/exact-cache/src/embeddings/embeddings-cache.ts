/**
 * The exact cache on embeddings, input by input. The lookup keys every input; when all are cached it
 * answers whole, when some are it rewrites the request to the others, so the upstream is called once for
 * the misses alone; the store keeps each forwarded input's vector; the restore puts the client's list back
 * in its order. Usage counts only what was forwarded; the part the cache answered is left in
 * `exchange.cached`, so the cost meter counts what it saved.
 */
import { answersAtAge, cacheControlAttributes, storeTtlSeconds, type CacheControls } from '@sluice/cache-controls';
import {
  createSlot,
  type CachedResponse,
  type EvidenceAttributes,
  type Exchange,
  type Kernel,
  type ModelResponse,
} from '@sluice/core';
import { hash } from 'node:crypto';
import { LAYER, PLUGIN_NAME } from '../cache-headers.js';
import type { EntryStore } from '../entry-store.js';
import { cachedList, inputUsage, reassembledList } from './embeddings-lists.js';
import { embeddingsCacheMetrics, type EmbeddingsCacheMetrics } from './embeddings-metrics.js';
import { embeddingInputKeys } from './input-keys.js';
import { tokenShares } from './token-shares.js';
import { storedVector, vectorEntry, type StoredVector } from './vector-entry.js';

/** How many of the inputs the cache answered, e.g. `3/5`: the reply's `x-sluice-cache` names the request as a whole. */
export const INPUTS_HEADER = 'x-sluice-cache-inputs';

interface Plan {
  /** One per input the client sent. */
  keys: string[];
  /** Per input the client sent, the vector the cache answered it with; only set on a partial hit. */
  cached: (StoredVector | undefined)[] | undefined;
}

const PLAN = createSlot<Plan>(`${PLUGIN_NAME}:embeddings`, () => ({ keys: [], cached: undefined }));

/** What the plugin lends: its store, its fault report, and its bounds. */
export interface EmbeddingsCacheParts {
  readonly store: () => EntryStore;
  readonly fault: (exchange: Exchange, operation: 'get' | 'set', error: unknown) => void;
  readonly requestHit: (exchange: Exchange, hit: boolean) => void;
  readonly storedAt: (exchange: Exchange, storedAtMs: number) => void;
  readonly ttlSeconds: number;
  readonly maxEntryBytes: number;
}

export class EmbeddingsCache {
  readonly #metrics: EmbeddingsCacheMetrics;

  constructor(
    readonly kernel: Kernel,
    readonly parts: EmbeddingsCacheParts,
  ) {
    this.#metrics = embeddingsCacheMetrics(kernel);
  }

  async lookup(exchange: Exchange, controls: CacheControls): Promise<CachedResponse | undefined> {
    const request = exchange.request;
    const plan = exchange.slot(PLAN);
    plan.keys = embeddingInputKeys(request, { cacheScope: controls.scope, mode: exchange.mode });
    const applied = cacheControlAttributes(controls);
    if (!controls.read) {
      this.#evidence(exchange, 'bypassed', plan.keys.length, 0, applied);
      return undefined;
    }
    let found: (StoredVector | undefined)[];
    try {
      const store = this.parts.store();
      const entries = await Promise.all(plan.keys.map((key) => store.get(key)));
      const now = Date.now();
      found = entries
        .map(storedVector)
        .map((v) => (v !== undefined && answersAtAge(controls, now - v.storedAtMs) ? v : undefined));
    } catch (error) {
      this.parts.fault(exchange, 'get', error);
      return undefined;
    }
    const hits = found.filter((vector) => vector !== undefined).length;
    const all = hits === found.length;
    this.#metrics.looked(exchange.mode, hits, found.length - hits);
    this.parts.requestHit(exchange, all);
    this.#evidence(exchange, hits > 0 ? 'hit' : 'miss', found.length, hits, applied);
    if (exchange.mode === 'enforce') exchange.setResponseHeader(INPUTS_HEADER, `${hits}/${found.length}`);
    if (all) {
      this.parts.storedAt(exchange, Math.min(...found.map((vector) => vector!.storedAtMs)));
      return { status: 200, body: cachedList(found as StoredVector[], request.model), layer: LAYER };
    }
    // Observe mode serves nothing: the whole batch goes upstream, and the would-hits are counted above.
    if (hits === 0 || exchange.mode === 'observe') return undefined;
    plan.cached = found;
    exchange.request = { ...request, messages: request.messages.filter((_, i) => found[i] === undefined) };
    const answered = found.filter((vector): vector is StoredVector => vector !== undefined);
    exchange.cached = { status: 200, body: cachedList(answered, request.model), layer: LAYER };
    return undefined;
  }

  /** Stores the vector of each input the upstream answered, with its share of the call's tokens. */
  async save(exchange: Exchange, response: ModelResponse, controls: CacheControls): Promise<void> {
    const plan = exchange.slot(PLAN);
    const keys = plan.cached === undefined ? plan.keys : plan.keys.filter((_, i) => plan.cached![i] === undefined);
    const items = response.body.data;
    if (keys.length === 0 || !Array.isArray(items) || items.length !== keys.length) return;
    const attributes = cacheControlAttributes(controls);
    if (!controls.store) {
      this.#stored(exchange, 'skipped', 0, attributes);
      return;
    }
    const ttlMs = Math.round(storeTtlSeconds(controls, this.parts.ttlSeconds) * 1000);
    const tokens = tokenShares(
      response.body.usage?.prompt_tokens,
      exchange.request.messages.map((m) => m.content),
    );
    const entries = items.map((item, i) =>
      vectorEntry((item as { embedding: number[] | string }).embedding, tokens[i] ?? 0, response.body.model),
    );
    const fitting = entries
      .map((entry, i) => [keys[i]!, entry] as const)
      .filter(([, entry]) => JSON.stringify(entry.body).length <= this.parts.maxEntryBytes);
    try {
      const store = this.parts.store();
      await Promise.all(fitting.map(([key, entry]) => store.set(key, entry, ttlMs)));
    } catch (error) {
      this.parts.fault(exchange, 'set', error);
      return;
    }
    this.#stored(exchange, 'stored', fitting.length, attributes);
  }

  /** The client's list: a whole hit tells of no usage, a partial one is put back in the client's order. */
  restore(response: ModelResponse, exchange: Exchange): ModelResponse {
    if (exchange.cache.status === 'hit' && exchange.cache.layer === LAYER) {
      return { status: response.status, ...headersOf(response), body: { ...response.body, usage: inputUsage(0) } };
    }
    const cached = exchange.slot(PLAN).cached;
    if (cached === undefined || response.status !== 200) return response;
    return { status: response.status, ...headersOf(response), body: reassembledList(response.body, cached) };
  }

  #evidence(
    exchange: Exchange,
    outcome: 'hit' | 'miss' | 'bypassed',
    inputs: number,
    hits: number,
    applied: EvidenceAttributes | undefined,
  ): void {
    const keys = exchange.slot(PLAN).keys;
    this.kernel.evidence(exchange, { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome }, () => ({
      cache: {
        cache_type: LAYER,
        operation: 'lookup',
        outcome,
        cache_key_hash: keysHash(keys),
        upstream_called: hits < inputs || exchange.mode === 'observe',
      },
      attributes: { ...applied, embedding_inputs: inputs, embedding_inputs_cached: hits },
    }));
  }

  #stored(exchange: Exchange, outcome: 'stored' | 'skipped', count: number, applied: EvidenceAttributes | undefined): void {
    const keys = exchange.slot(PLAN).keys;
    this.kernel.evidence(exchange, { source: 'gateway', category: 'cache', event_type: 'cache.store', outcome }, () => ({
      cache: { cache_type: LAYER, operation: 'store', outcome, cache_key_hash: keysHash(keys) },
      attributes: { ...applied, embedding_inputs_stored: count },
    }));
  }
}

function headersOf(response: ModelResponse): { headers?: Readonly<Record<string, string>> } {
  return response.headers === undefined ? {} : { headers: response.headers };
}

/** The first 16 hex digits of the digest of the batch's keys: enough to correlate, nothing to recover. */
function keysHash(keys: readonly string[]): string {
  return hash('sha256', keys.join('\n')).slice(0, 16);
}
