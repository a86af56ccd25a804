/**
 * Ids up to 2^53−1 on hnswlib's 32-bit labels. Most ids fit and are their own label, at no memory
 * cost; the few above `DIRECT_LABEL_MAX` borrow a label from the reserved top range.
 */
import { VectorStoreError } from '../vector-store-error.js';
import { HNSW_MAX_ID } from './hnsw-options.js';

/** Ids up to this are their own label. */
export const DIRECT_LABEL_MAX = 0xfeff_ffff;
const FIRST_BORROWED = DIRECT_LABEL_MAX + 1;

/**
 * @example
 * const labels = new IdLabels();
 * labels.labelFor(2 ** 40, true); // 0xff000000
 * labels.idOf(0xff000000);        // 2 ** 40
 */
export class IdLabels {
  readonly #byId = new Map<number, number>();
  readonly #byLabel = new Map<number, number>();
  /** Borrowed labels are never handed back: a deleted large id keeps its label, so it can be revived. */
  #next = FIRST_BORROWED;

  /** The label of an id; with `assign`, a large id without one gets one, else undefined. */
  labelFor(id: number, assign: boolean): number | undefined {
    if (id <= DIRECT_LABEL_MAX) return id;
    const known = this.#byId.get(id);
    if (known !== undefined || !assign) return known;
    const label = this.#next++;
    if (label > HNSW_MAX_ID) throw new VectorStoreError('unavailable', 'no labels left for ids above 4278190079');
    this.#byId.set(id, label);
    this.#byLabel.set(label, id);
    return label;
  }

  idOf(label: number): number {
    return label <= DIRECT_LABEL_MAX ? label : (this.#byLabel.get(label) ?? label);
  }

  /** The borrowed pairs, for persisting: `[id, label]`. */
  borrowed(): [number, number][] {
    return [...this.#byId.entries()];
  }

  static from(pairs: readonly (readonly [number, number])[]): IdLabels {
    const labels = new IdLabels();
    for (const [id, label] of pairs) {
      labels.#byId.set(id, label);
      labels.#byLabel.set(label, id);
      labels.#next = Math.max(labels.#next, label + 1);
    }
    return labels;
  }
}
