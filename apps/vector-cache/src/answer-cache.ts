/** The vector answer cache's operations over its store (either backend): entries, search, similarity-gated answers. */
import { VectorStoreError, type VectorHit } from '@sluice/vector-store';
import type { AnswerRecord } from './answer-record.js';
import type { AnswerStore } from './backend/answer-store.js';
import type { LicenseGate } from './license-gate.js';
import { LIMITS, type EntryBody, type QaBody, type SearchBody } from './http/schemas.js';
import { ServiceError } from './service-error.js';
import type { ServiceMetrics } from './service-metrics.js';

export interface QaResult {
  hit: boolean;
  id: number | null;
  distance: number | null;
  similarity: number | null;
  answer: string | null;
}

export interface AnswerCacheOptions {
  readonly store: AnswerStore;
  readonly metrics: ServiceMetrics;
  readonly license: LicenseGate;
  readonly efSearch: number;
  /** Tokens counted as saved on a hit whose entry has no token counts. */
  readonly tokensPerHit: number;
  readonly now?: () => number;
}

/**
 * @example
 * const cache = new AnswerCache({ store, metrics, license, efSearch: 128, tokensPerHit: 0 });
 * await cache.insert({ ext_id: 1, vector, answer: 'Paris' });
 * const result = await cache.qa({ query: vector }); // { hit: true, id: 1, similarity: 1, answer: 'Paris', … }
 */
export class AnswerCache {
  readonly #store: AnswerStore;
  readonly #metrics: ServiceMetrics;
  readonly #license: LicenseGate;
  readonly #efSearch: number;
  readonly #tokensPerHit: number;
  readonly #now: () => number;

  constructor(options: AnswerCacheOptions) {
    this.#store = options.store;
    this.#metrics = options.metrics;
    this.#license = options.license;
    this.#efSearch = options.efSearch;
    this.#tokensPerHit = options.tokensPerHit;
    this.#now = options.now ?? Date.now;
  }

  get store(): AnswerStore {
    return this.#store;
  }

  async insert(entry: EntryBody): Promise<void> {
    await this.#write(entry, 'insert');
  }

  async upsert(entry: EntryBody): Promise<void> {
    await this.#write(entry, 'upsert');
  }

  async delete(id: number): Promise<boolean> {
    this.#license.checkWrite();
    return translate(() => this.#store.delete(id));
  }

  async search(body: SearchBody): Promise<{ id: number; distance: number }[]> {
    const k = body.k ?? LIMITS.k.search;
    const hits = await this.#search(body.query, k, body.ef);
    return hits.map((hit) => ({ id: hit.id, distance: hit.distance }));
  }

  async qa(body: QaBody): Promise<QaResult> {
    const threshold = body.sim_threshold ?? LIMITS.simThreshold.default;
    const hits = await this.#search(body.query, body.k ?? LIMITS.k.qa);
    const best = hits[0];
    if (best === undefined || best.similarity < threshold) {
      this.#metrics.cacheMisses.inc();
      return { hit: false, id: null, distance: null, similarity: null, answer: null };
    }
    this.#metrics.cacheHits.inc();
    const { prompt_tokens: prompt, answer_tokens: answer } = best.payload;
    const tokens = prompt === undefined && answer === undefined ? this.#tokensPerHit : (prompt ?? 0) + (answer ?? 0);
    if (tokens > 0) this.#metrics.tokensSaved.inc(tokens);
    return { hit: true, id: best.id, distance: best.distance, similarity: best.similarity, answer: best.payload.answer };
  }

  /** Nearest first; the store holds distance and similarity within the metric's bounds. */
  async #search(query: readonly number[], k: number, ef?: number): Promise<VectorHit<AnswerRecord>[]> {
    if (ef !== undefined && ef < k) {
      throw new ServiceError('INVALID_ARGUMENT', `ef: must be at least k (${k}), got ${ef}`, { field: 'ef' });
    }
    const stop = this.#metrics.searchDuration.startTimer();
    try {
      return await translate(() => this.#store.search(query, { k, ef: ef ?? Math.max(this.#efSearch, k) }));
    } finally {
      stop();
    }
  }

  async #write(entry: EntryBody, mode: 'insert' | 'upsert'): Promise<void> {
    this.#license.checkWrite();
    const existing = await translate(async () => this.#store.payloadOf(entry.ext_id));
    const now = this.#now();
    const payload: AnswerRecord = {
      answer: entry.answer,
      created_at: existing?.created_at ?? now,
      updated_at: now,
      ...(entry.prompt_tokens === undefined ? {} : { prompt_tokens: entry.prompt_tokens }),
      ...(entry.answer_tokens === undefined ? {} : { answer_tokens: entry.answer_tokens }),
    };
    const record = { id: entry.ext_id, vector: entry.vector, payload };
    // The store checks max_vectors right before it adds a new id: writes that waited together behind a
    // save would all pass a check made here, before the wait.
    // Without a limit there is nothing to check, and a shared store need not count its ids for it.
    const admitNew = this.#license.limitsCapacity ? (activeIds: number) => this.#license.checkCapacity(activeIds) : undefined;
    await translate(() => (mode === 'insert' ? this.#store.insert(record, admitNew) : this.#store.upsert(record, admitNew)));
  }
}

const STORE_CODES = {
  invalid_argument: 'INVALID_ARGUMENT',
  already_exists: 'ALREADY_EXISTS',
  failed_precondition: 'FAILED_PRECONDITION',
  unavailable: 'UNAVAILABLE',
} as const;

/** Store errors become service errors with the matching code; anything else stays as it is. */
export async function translate<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof VectorStoreError)
      throw new ServiceError(STORE_CODES[error.code], error.message, undefined, { cause: error });
    throw error;
  }
}
