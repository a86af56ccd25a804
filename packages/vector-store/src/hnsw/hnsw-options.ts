/** The build and search parameters of an HnswIndex, checked once and frozen. */
import { METRICS, type Metric } from '../vector-store.js';
import { VectorStoreError } from '../vector-store-error.js';

/**
 * Parameters of an {@link HnswIndex}. `M` and `efConstruction` shape the graph; `efSearch` is the default
 * search breadth; the index starts with room for `initialCapacity` vectors and doubles when full.
 * @example
 * const options: HnswIndexOptions = { dims: 384, metric: 'cosine', M: 16, efConstruction: 200, efSearch: 128 };
 */
export interface HnswIndexOptions {
  readonly dims: number;
  readonly metric: Metric;
  readonly M: number;
  readonly efConstruction: number;
  readonly efSearch: number;
  /** Default 1024. */
  readonly initialCapacity?: number;
  /** Seed of hnswlib's level generator; default 100. */
  readonly seed?: number;
}

/**
 * Options with every default filled in.
 * @example
 * const { initialCapacity, seed }: ResolvedHnswIndexOptions = index.options; // 1024 and 100 unless given
 */
export type ResolvedHnswIndexOptions = Readonly<Required<HnswIndexOptions>>;

/**
 * The largest id hnswlib-node can hold: it reads labels as unsigned 32-bit integers, so a larger id would
 * silently wrap onto another one.
 * @example
 * if (!Number.isInteger(id) || id < 0 || id > HNSW_MAX_ID) throw new RangeError(`id must be in 0..${HNSW_MAX_ID}`);
 */
export const HNSW_MAX_ID = 0xffff_ffff;

const DEFAULT_CAPACITY = 1024;
const DEFAULT_SEED = 100;

function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new VectorStoreError('invalid_argument', `${name} must be an integer in ${min}..${max}, got ${String(value)}`);
  }
  return value;
}

/** Fills defaults, refuses what hnswlib would misread (it takes every number as an unsigned 32-bit integer). */
export function resolveHnswIndexOptions(options: HnswIndexOptions): ResolvedHnswIndexOptions {
  if (!METRICS.includes(options.metric)) {
    throw new VectorStoreError('invalid_argument', `metric must be one of ${METRICS.join(', ')}, got ${String(options.metric)}`);
  }
  return Object.freeze({
    dims: integerIn('dims', options.dims, 1, HNSW_MAX_ID),
    metric: options.metric,
    // M = 1 makes hnswlib's level multiplier 1/ln(1) infinite; above 10000 hnswlib caps it with a warning.
    M: integerIn('M', options.M, 2, 10_000),
    efConstruction: integerIn('efConstruction', options.efConstruction, 1, HNSW_MAX_ID),
    efSearch: integerIn('efSearch', options.efSearch, 1, HNSW_MAX_ID),
    initialCapacity: integerIn('initialCapacity', options.initialCapacity ?? DEFAULT_CAPACITY, 1, HNSW_MAX_ID),
    seed: integerIn('seed', options.seed ?? DEFAULT_SEED, 0, HNSW_MAX_ID),
  });
}
