/**
 * The in-process store kept within `semantic_cache_max_entries` and `semantic_cache_max_bytes`: a store
 * that would go over evicts expired entries first, then the least recently hit, through the vector store's
 * own delete (so an eviction is saved like any delete); a hit only moves its entry in the recency list.
 */
import type { Logger } from 'pino';
import type { VectorRecord } from '@sluice/vector-store';
import type { SemanticEntry } from './entry.js';
import { entryBytes } from './entry-bytes.js';
import { writeRecency } from './recency-file.js';
import { restoreBound } from './restore-bound.js';
import type { OpenedStore } from './semantic-store.js';
import type { Eviction, EvictionReason, StoreBound, StoreLimits } from './store-bound.js';

/** What the bound reports: evictions, and what the store holds after each change. */
export interface BoundReport {
  evicted(reason: EvictionReason, count: number): void;
  held(entries: number, bytes: number): void;
}

/**
 * @example
 * const bounded = await BoundedStore.open(opened, { maxEntries: 100_000, maxBytes: 0 }, 256, logger, report);
 * await bounded.upsert({ id, vector, payload }); // false: larger than the byte bound, not stored
 * bounded.use(id);                               // a hit
 */
export class BoundedStore {
  readonly #opened: OpenedStore;
  readonly #bound: StoreBound;
  readonly #dims: number;
  readonly #report: BoundReport;
  /** Saves under way; while any is, deleted ids are remembered, since the set being written may still hold them. */
  #saves = 0;
  #deletedWhileSaving: number[] = [];

  private constructor(opened: OpenedStore, bound: StoreBound, dims: number, report: BoundReport) {
    this.#opened = opened;
    this.#bound = bound;
    this.#dims = dims;
    this.#report = report;
  }

  /** Rebuilds the bound of an opened in-process store, and evicts what a lower bound than before leaves over. */
  static async open(
    opened: OpenedStore,
    limits: StoreLimits,
    dims: number,
    logger: Logger,
    report: BoundReport,
  ): Promise<BoundedStore> {
    const bounded = new BoundedStore(opened, await restoreBound(opened, limits, dims, logger), dims, report);
    const evictions = bounded.#bound.overflow(Date.now());
    await bounded.#evict(evictions);
    if (evictions.length > 0) {
      logger.info(
        {
          evicted: evictions.length,
          entries: bounded.#bound.entries,
          max_entries: limits.maxEntries,
          max_bytes: limits.maxBytes,
        },
        'semantic store was over its bound at start',
      );
    }
    bounded.#publish();
    return bounded;
  }

  /** Stores an entry, first evicting what it would push over the bound; false when it alone exceeds the byte bound. */
  async upsert(record: VectorRecord<SemanticEntry>): Promise<boolean> {
    const bound = this.#bound;
    const bytes = entryBytes(record.payload, this.#dims);
    if (!bound.fits(bytes)) return false;
    const added = bound.hold(record.id, bytes, record.payload.expires_at, record.payload.created_at);
    try {
      // Deleted first, so the new entry takes a freed slot of the index instead of growing it.
      await this.#evict(bound.overflow(Date.now(), record.id));
      await this.#opened.store.upsert(record);
    } catch (error) {
      if (added) bound.release(record.id);
      throw error;
    } finally {
      this.#publish();
    }
    return true;
  }

  /** A hit: O(1), no I/O. */
  use(id: number): void {
    this.#bound.use(id, Date.now());
  }

  /** Deletes every expired entry (not counted as evictions); returns how many. */
  async pruneExpired(now: number): Promise<number> {
    let removed = 0;
    try {
      for (const id of this.#bound.expired(now)) if (await this.#delete(id)) removed++;
    } finally {
      this.#publish();
    }
    return removed;
  }

  /** Saves the set, then the recency file. */
  save(): Promise<void> {
    return this.#saving(() => this.#opened.save());
  }

  /** Closes the store (its final save), then writes the recency file. */
  close(): Promise<void> {
    return this.#saving(() => this.#opened.store.close());
  }

  /** Closes the store without saving anything: another store owns the directory now. */
  release(): Promise<void> {
    return this.#opened.release?.() ?? this.#opened.store.close();
  }

  async #saving(save: () => Promise<void>): Promise<void> {
    this.#saves++;
    try {
      await save();
      const { ids, usedAt } = this.#bound.recency();
      // Ids deleted while the set was written may be in it: listed as least recently used, a restart still finds them.
      const deleted = this.#deletedWhileSaving;
      await writeRecency(this.#opened.location, { ids: [...deleted, ...ids], usedAt: [...deleted.map(() => 0), ...usedAt] });
    } finally {
      if (--this.#saves === 0) this.#deletedWhileSaving = [];
    }
  }

  async #evict(evictions: readonly Eviction[]): Promise<void> {
    const counts: Record<EvictionReason, number> = { expired: 0, capacity: 0 };
    try {
      for (const { id, reason } of evictions) if (await this.#delete(id)) counts[reason]++;
    } finally {
      for (const reason of ['expired', 'capacity'] as const) if (counts[reason] > 0) this.#report.evicted(reason, counts[reason]);
    }
  }

  async #delete(id: number): Promise<boolean> {
    if (this.#saves > 0) this.#deletedWhileSaving.push(id);
    return this.#opened.store.delete(id);
  }

  #publish(): void {
    this.#report.held(this.#bound.entries, this.#bound.bytes);
  }
}
