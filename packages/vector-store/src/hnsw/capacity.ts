/** How the index grows, and what hnswlib allocates for a given capacity. */
import { VectorStoreError } from '../vector-store-error.js';
import { HNSW_MAX_ID } from './hnsw-options.js';

/**
 * Doubling keeps the number of resizes (each a realloc of the whole base layer) logarithmic. Never to 0:
 * hnswlib's resizeIndex(0) frees the base layer with realloc and goes on using the freed block.
 */
export function grownCapacity(capacity: number): number {
  if (capacity >= HNSW_MAX_ID) {
    throw new VectorStoreError('unavailable', `the index is full: hnswlib cannot hold more than ${HNSW_MAX_ID} vectors`);
  }
  return Math.min(Math.max(capacity * 2, 1), HNSW_MAX_ID);
}

export interface IndexShape {
  readonly dims: number;
  readonly M: number;
  /** Slots allocated (hnswlib's max_elements). */
  readonly capacity: number;
  /** Slots in use, deleted ones included (hnswlib's cur_element_count). */
  readonly slots: number;
}

// Sizes on a 64-bit Linux build of hnswlib 0.8 (the one hnswlib-node 3 vendors).
const FLOAT = 4;
const LINK = 4;
const LABEL = 8;
const POINTER = 8;
const MUTEX = 40;
const LEVEL = 4;
const VISITED_MARK = 2;
const LABEL_OP_LOCKS = 65_536;
/** One unordered_map node (next pointer, label, internal id, allocator overhead) plus its bucket. */
const LABEL_LOOKUP_ENTRY = 48;

/** Bytes of one base-layer record: the level-0 link list (2M links and a count), the vector, the label. */
export function bytesPerElement(dims: number, M: number): number {
  return 2 * M * LINK + LINK + dims * FLOAT + LABEL;
}

/**
 * hnswlib's heap for an index of this shape. Per slot of capacity: the base-layer record, a pointer to the
 * upper-layer links, its level, a mutex and a visited mark. Per used slot: a label lookup entry and, on
 * average, 1/(M−1) upper-layer link lists of M links (a level is ≥ l with probability M^−l).
 */
export function estimateHnswBytes(shape: IndexShape): number {
  const perCapacity = bytesPerElement(shape.dims, shape.M) + POINTER + LEVEL + MUTEX + VISITED_MARK;
  const upperLinks = (shape.M * LINK + LINK) / (shape.M - 1);
  const perSlot = LABEL_LOOKUP_ENTRY + upperLinks;
  return Math.ceil(shape.capacity * perCapacity + shape.slots * perSlot + LABEL_OP_LOCKS * MUTEX);
}
