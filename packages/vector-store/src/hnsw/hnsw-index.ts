/** An in-memory HNSW index over hnswlib-node: ids, tombstones with slot reuse, growth, and hnswlib's file format. */
import { stat } from 'node:fs/promises';
import hnswlib, { type HierarchicalNSW } from 'hnswlib-node';
import type { Metric } from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';
import { bytesPerElement, estimateHnswBytes, grownCapacity } from './capacity.js';
import { HNSW_HEADER_BYTES, readHnswFileElements, readHnswFileHeader } from './hnsw-file.js';
import { resolveHnswIndexOptions, type HnswIndexOptions, type ResolvedHnswIndexOptions } from './hnsw-options.js';
import { checkCount, checkId, checkVector } from './vector-check.js';

/**
 * What `add` did: a new id, a replaced active id, or a deleted id still in the index brought back.
 * @example
 * const outcome: AddOutcome = index.add(7, vector);
 */
export type AddOutcome = 'inserted' | 'replaced' | 'revived';

/**
 * The neighbours `HnswIndex.search` found: ids and their distances, in step, nearest first.
 * @example
 * const { ids, distances } = index.search(query, 3);
 * const nearest = ids.map((id, i) => ({ id, distance: distances[i]! }));
 */
export interface HnswSearchResult {
  /** Nearest first. */
  readonly ids: number[];
  readonly distances: number[];
}

const LABEL_NOT_FOUND = /Label not found/;

function nativeIndex(options: ResolvedHnswIndexOptions): HierarchicalNSW {
  // Looked up on the module at call time, so a test can observe the calls hnswlib receives.
  return new hnswlib.HierarchicalNSW(options.metric, options.dims);
}

/**
 * A synchronous wrapper over hnswlib's HNSW graph. Every method is one short native call (or a few), so
 * none holds the event loop long; only `writeTo` and `readFrom` touch files, off the event loop.
 *
 * Deletes are tombstones. A new id takes the slot of a deleted one before the index grows, and the
 * deleted id whose slot was taken leaves the index for good; a deleted id still in the index is revived by
 * `add`. Distances are hnswlib's: `cosine` and `ip` 1 − dot product (of normalised vectors for `cosine`),
 * `l2` the squared Euclidean distance. Ids are integers 0..2^32−1 (`HNSW_MAX_ID`).
 * @example
 * const index = HnswIndex.create({ dims: 3, metric: 'cosine', M: 16, efConstruction: 200, efSearch: 128 });
 * index.add(7, [1, 0, 0]);
 * index.search([0.9, 0.1, 0], 1); // { ids: [7], distances: [0.006…] }
 * await index.writeTo('/data/vcal.index.hnsw');
 */
export class HnswIndex {
  readonly dims: number;
  readonly metric: Metric;
  readonly options: ResolvedHnswIndexOptions;
  readonly #native: HierarchicalNSW;
  readonly #active: Set<number>;
  /**
   * Ids deleted while in the index. A superset: when a new id takes a deleted slot, hnswlib picks the slot
   * and does not say whose it was; `deletedIds` settles it against hnswlib's labels when asked.
   */
  #maybeDeleted: Set<number>;
  /** Deleted slots in hnswlib (its num_deleted), exact. */
  #tombstones: number;
  #ef: number;
  #writes = 0;

  private constructor(native: HierarchicalNSW, options: ResolvedHnswIndexOptions, active: number[], deleted: number[]) {
    this.#native = native;
    this.options = options;
    this.dims = options.dims;
    this.metric = options.metric;
    this.#active = new Set(active);
    this.#maybeDeleted = new Set(deleted);
    this.#tombstones = deleted.length;
    native.setEf(options.efSearch);
    this.#ef = options.efSearch;
  }

  /** An empty index; `invalid_argument` for options hnswlib cannot take. */
  static create(options: HnswIndexOptions): HnswIndex {
    const resolved = resolveHnswIndexOptions(options);
    const native = nativeIndex(resolved);
    native.initIndex({
      maxElements: resolved.initialCapacity,
      m: resolved.M,
      efConstruction: resolved.efConstruction,
      randomSeed: resolved.seed,
      allowReplaceDeleted: true,
    });
    return new HnswIndex(native, resolved, [], []);
  }

  /**
   * Loads a file written by `writeTo`, deleted marks included, with hnswlib's asynchronous reader. A file of
   * other dims, or one that is missing, short or corrupt, is refused with `failed_precondition`. The file's
   * own M and efConstruction (the graph was built with them) replace those in `options`; the metric cannot
   * be read from the file and is the caller's to check.
   */
  static async readFrom(file: string, options: HnswIndexOptions): Promise<HnswIndex> {
    const resolved = resolveHnswIndexOptions(options);
    const header = await readHnswFileHeader(file);
    if (header.dims !== resolved.dims) {
      throw new VectorStoreError(
        'failed_precondition',
        `${file}: the index has ${header.dims} dims, the store is configured for ${resolved.dims}`,
      );
    }
    const native = nativeIndex(resolved);
    try {
      await native.readIndex(file, true);
    } catch (error) {
      throw new VectorStoreError('failed_precondition', `${file}: ${(error as Error).message}`, { cause: error });
    }
    const elements = await readHnswFileElements(file, header);
    if (elements.active.length + elements.deleted.length !== native.getCurrentCount()) {
      throw new VectorStoreError('failed_precondition', `${file}: changed while it was being read`);
    }
    // hnswlib reads a file of 0 elements as a capacity of 0, and growing 0 by doubling is
    // resizeIndex(0): realloc(p, 0) frees the base layer while hnswlib keeps the pointer.
    if (native.getMaxElements() === 0) native.resizeIndex(resolved.initialCapacity);
    const fromFile = Object.freeze({ ...resolved, M: header.M, efConstruction: header.efConstruction });
    return new HnswIndex(native, fromFile, elements.active, elements.deleted);
  }

  /** Present and not deleted. */
  has(id: number): boolean {
    return this.#active.has(id);
  }

  /** Inserts a new id, replaces the vector of an active one, or revives a deleted one with this vector. */
  add(id: number, vector: readonly number[]): AddOutcome {
    checkId(id);
    checkVector(vector, this.dims, this.metric, 'vector');
    this.#assertNotWriting('add');
    // hnswlib-node copies the array and never writes to it.
    const point = vector as number[];
    if (this.#active.has(id)) {
      this.#native.addPoint(point, id);
      return 'replaced';
    }
    if (this.#maybeDeleted.delete(id) && this.#unmarkDelete(id)) {
      this.#tombstones--;
      try {
        // With slot reuse enabled hnswlib refuses to update a deleted label; unmarked, it is an update.
        this.#native.addPoint(point, id);
      } catch (error) {
        this.#native.markDelete(id);
        this.#tombstones++;
        this.#maybeDeleted.add(id);
        throw error;
      }
      this.#active.add(id);
      return 'revived';
    }
    if (this.#tombstones > 0) {
      this.#native.addPoint(point, id, true);
      this.#tombstones--;
    } else {
      if (this.#active.size >= this.capacity) this.#native.resizeIndex(grownCapacity(this.capacity));
      this.#native.addPoint(point, id);
    }
    this.#active.add(id);
    return 'inserted';
  }

  /** Marks an active id deleted (a tombstone: it keeps its slot until a new id takes it); false when not active. */
  remove(id: number): boolean {
    if (!this.#active.has(id)) return false;
    this.#assertNotWriting('remove');
    this.#native.markDelete(id);
    this.#active.delete(id);
    this.#maybeDeleted.add(id);
    this.#tombstones++;
    return true;
  }

  /**
   * The k nearest active ids, nearest first; fewer when fewer are active or pass `filter`. `ef` (default
   * `options.efSearch`) is raised to k. With a `filter`, the ef nearest are filtered first; only when fewer
   * than k of them pass does the filter run inside the graph walk, so rejected neighbours do not
   * use up k; when it throws, the search ends and the error is rethrown here.
   */
  search(query: readonly number[], k: number, ef?: number, filter?: (id: number) => boolean): HnswSearchResult {
    checkVector(query, this.dims, this.metric, 'query');
    checkCount('k', k);
    if (ef !== undefined) checkCount('ef', ef);
    // hnswlib throws for k above its capacity and returns fewer results above its active count.
    const wanted = Math.min(k, this.#active.size);
    if (wanted === 0) return { ids: [], distances: [] };
    const breadth = Math.max(ef ?? this.options.efSearch, wanted);
    if (breadth !== this.#ef) {
      this.#native.setEf(breadth);
      this.#ef = breadth;
    }
    const point = query as number[];
    if (filter === undefined) {
      const { neighbors, distances } = this.#native.searchKnn(point, wanted);
      return { ids: neighbors, distances };
    }
    return this.#postFiltered(point, wanted, breadth, filter) ?? this.#walkFiltered(point, wanted, filter);
  }

  /**
   * The walk visits `ef` candidates whatever k is, so asking for all of them costs nothing more;
   * when at least k of them pass, they are the k nearest that pass, found without a JS call per
   * visited node (which cost most of a semantic lookup). Undefined when too few pass.
   */
  #postFiltered(point: number[], wanted: number, breadth: number, filter: (id: number) => boolean): HnswSearchResult | undefined {
    const { neighbors, distances } = this.#native.searchKnn(point, Math.min(breadth, this.#active.size));
    const ids: number[] = [];
    const kept: number[] = [];
    for (let i = 0; i < neighbors.length && ids.length < wanted; i += 1) {
      if (filter(neighbors[i]!) !== true) continue;
      ids.push(neighbors[i]!);
      kept.push(distances[i]!);
    }
    return ids.length === wanted ? { ids, distances: kept } : undefined;
  }

  /** The filter inside the graph walk: rejected neighbours do not use up k. */
  #walkFiltered(point: number[], wanted: number, filter: (id: number) => boolean): HnswSearchResult {
    // An exception thrown into hnswlib-node's filter callback aborts the process: never let one through.
    let failure: { error: unknown } | undefined;
    const guarded = (id: number): boolean => {
      if (failure !== undefined) return false;
      try {
        return filter(id) === true;
      } catch (error) {
        failure = { error };
        return false;
      }
    };
    const { neighbors, distances } = this.#native.searchKnn(point, wanted, guarded);
    if (failure !== undefined) throw failure.error;
    return { ids: neighbors, distances };
  }

  /** The stored vector of an active id, as 32-bit floats (normalised for `cosine`). */
  vector(id: number): number[] | undefined {
    return this.#active.has(id) ? this.#native.getPoint(id) : undefined;
  }

  activeIds(): number[] {
    return [...this.#active];
  }

  /** Ids still in the index with a delete mark; an id whose slot a new id took is no longer listed. */
  deletedIds(): number[] {
    if (this.#maybeDeleted.size !== this.#tombstones) {
      const settled = new Set<number>();
      for (const id of this.#native.getIdsList()) if (this.#maybeDeleted.has(id)) settled.add(id);
      this.#maybeDeleted = settled;
    }
    return [...this.#maybeDeleted];
  }

  get activeCount(): number {
    return this.#active.size;
  }

  /** Slots allocated; deleted slots count until a new id takes them. */
  get capacity(): number {
    return this.#native.getMaxElements();
  }

  /** True while `writeTo` runs; `add` and `remove` are refused meanwhile, searches go on. */
  get writing(): boolean {
    return this.#writes > 0;
  }

  /**
   * Writes hnswlib's own file format with its asynchronous writer (off the event loop). The file is written
   * in place, without fsync: callers write to a temporary name and rename. hnswlib reports no I/O error
   * (it even resolves when the directory is missing), so the result is checked by its size.
   */
  async writeTo(file: string): Promise<void> {
    const slots = this.#active.size + this.#tombstones;
    const minimum = HNSW_HEADER_BYTES + slots * (bytesPerElement(this.dims, this.options.M) + 4);
    this.#writes++;
    try {
      await this.#native.writeIndex(file);
    } finally {
      this.#writes--;
    }
    const written = await stat(file).then(
      (stats) => stats.size,
      () => -1,
    );
    if (written < minimum) {
      const what = written < 0 ? 'no file was written' : `${written} bytes written, at least ${minimum} expected`;
      throw new VectorStoreError('unavailable', `${file}: writing the index failed (${what})`);
    }
  }

  /** Bytes hnswlib holds for this capacity and these slots, estimated from its data layout. */
  estimatedBytes(): number {
    return estimateHnswBytes({
      dims: this.dims,
      M: this.options.M,
      capacity: this.capacity,
      slots: this.#active.size + this.#tombstones,
    });
  }

  /** False when the label left the index because a new id took its slot. */
  #unmarkDelete(id: number): boolean {
    try {
      this.#native.unmarkDelete(id);
      return true;
    } catch (error) {
      if (error instanceof Error && LABEL_NOT_FOUND.test(error.message)) return false;
      throw error;
    }
  }

  #assertNotWriting(operation: string): void {
    // hnswlib's writer reads the graph on another thread without locks; a resize would free memory under it.
    if (this.#writes > 0) {
      throw new VectorStoreError('unavailable', `cannot ${operation} while the index is being written to a file`);
    }
  }
}
