/** One consistent state of an HNSW store: the index, the payload of every active id, the tombstones. */
import { VectorStoreError } from '../vector-store-error.js';
import type { UpsertOutcome } from '../vector-store.js';
import { HnswIndex } from './hnsw-index.js';
import type { HnswIndexOptions } from './hnsw-options.js';
import { IdLabels } from './id-labels.js';

/** A change as the write-ahead log records it and replay applies it. */
export type StoreChange<P> = { op: 'upsert'; id: number; payload: P } | { op: 'delete'; id: number };

/** What one id held before a change: enough to put it back when the change is refused. */
export interface EntryBefore<P> {
  readonly id: number;
  /** Undefined when the id was not active. */
  readonly payload: P | undefined;
  readonly vector: readonly number[] | undefined;
  readonly tombstoned: boolean;
}

/**
 * Synchronous and in memory; the store around it adds durability. Payload objects are never
 * mutated, so a shallow copy of the map is a consistent snapshot of the answers.
 * @example
 * const state = StoreState.empty<{ answer: string }>(options);
 * state.upsert(7, vector, { answer: 'Paris' });
 */
export class StoreState<P> {
  constructor(
    readonly index: HnswIndex,
    readonly payloads: Map<number, P>,
    /** Deleted ids; they stay hidden after a restart even when hnswlib reused their slot. */
    readonly tombstones: Set<number>,
    readonly labels: IdLabels,
  ) {}

  static empty<P>(options: HnswIndexOptions): StoreState<P> {
    return new StoreState<P>(HnswIndex.create(options), new Map(), new Set(), new IdLabels());
  }

  has(id: number): boolean {
    return this.payloads.has(id);
  }

  upsert(id: number, vector: readonly number[], payload: P): UpsertOutcome {
    const label = this.labels.labelFor(id, true)!;
    const wasActive = this.payloads.has(id);
    this.index.add(label, vector);
    this.payloads.set(id, payload);
    const revived = this.tombstones.delete(id);
    return wasActive ? 'replaced' : revived ? 'revived' : 'inserted';
  }

  delete(id: number): boolean {
    if (!this.payloads.has(id)) return false;
    const label = this.labels.labelFor(id, false);
    if (label !== undefined) this.index.remove(label);
    this.payloads.delete(id);
    this.tombstones.add(id);
    return true;
  }

  /** What `id` holds now, for {@link restore}. */
  capture(id: number): EntryBefore<P> {
    const payload = this.payloads.get(id);
    const label = payload === undefined ? undefined : this.labels.labelFor(id, false);
    const vector = label === undefined ? undefined : this.index.vector(label);
    return { id, payload, vector, tombstoned: this.tombstones.has(id) };
  }

  /** Puts `id` back as it was captured: its vector and payload, or absent with its tombstone as it was. */
  restore(before: EntryBefore<P>): void {
    const { id, payload, vector } = before;
    if (payload !== undefined && vector !== undefined) {
      this.upsert(id, vector, payload);
      return;
    }
    this.delete(id);
    if (!before.tombstoned) this.tombstones.delete(id);
  }

  apply(change: StoreChange<P>, vector: readonly number[] | undefined): void {
    if (change.op === 'delete') {
      this.delete(change.id);
      return;
    }
    if (vector === undefined) throw new VectorStoreError('failed_precondition', `log record for id ${change.id} has no vector`);
    this.upsert(change.id, vector, change.payload);
  }

  /**
   * Forgets the tombstones of deleted ids whose slot a new id took: such an id is in neither the index nor
   * the answers, so nothing can bring it back, and keeping it would grow the set with every delete ever made
   * (a bounded cache deletes all the time). Returns the tombstones kept: deleted ids still in the index.
   */
  pruneTombstones(): number[] {
    if (this.tombstones.size === 0) return [];
    const stillMarked = new Set(this.index.deletedIds());
    for (const id of this.tombstones) {
      const label = this.labels.labelFor(id, false);
      if (label === undefined || !stillMarked.has(label)) this.tombstones.delete(id);
    }
    return [...this.tombstones];
  }

  /** Makes the index agree with the payloads and tombstones after a load: nothing deleted stays searchable. */
  reconcile(): void {
    for (const id of this.tombstones) {
      const label = this.labels.labelFor(id, false);
      if (label !== undefined && this.index.has(label)) this.index.remove(label);
      this.payloads.delete(id);
    }
    for (const label of this.index.activeIds()) {
      const id = this.labels.idOf(label);
      if (!this.payloads.has(id)) {
        throw new VectorStoreError('failed_precondition', `id ${id} is in the index but has no answer in the answers file`);
      }
    }
    if (this.payloads.size !== this.index.activeCount) {
      throw new VectorStoreError(
        'failed_precondition',
        `the answers file holds ${this.payloads.size} answers for ${this.index.activeCount} vectors in the index`,
      );
    }
  }
}
