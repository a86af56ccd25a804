/**
 * The VectorStore contract: what the semantic cache and the vector answer cache need of an index of
 * vectors, each with one JSON payload. Backends: `hnsw` (in-process, persisted) and `qdrant` (gRPC).
 */

/**
 * How distance is measured. `cosine` and `ip`: distance = 1 − dot product of the (normalised) vectors.
 * @example
 * const store = await HnswVectorStore.open({ dims: 384, metric: 'cosine' satisfies Metric });
 */
export type Metric = 'cosine' | 'l2' | 'ip';

/**
 * Every metric, for checking a configured name.
 * @example
 * if (!(METRICS as readonly string[]).includes(value)) throw new Error(`metric must be one of ${METRICS.join(', ')}`);
 */
export const METRICS: readonly Metric[] = ['cosine', 'l2', 'ip'];

/**
 * The least and greatest distance each metric has in exact arithmetic: `cosine` 1 − cos, `l2` a squared
 * length; `ip` 1 − the dot product of vectors of any length, unbounded.
 */
const DISTANCE_BOUNDS: Readonly<Record<Metric, readonly [number, number]>> = {
  cosine: [0, 2],
  l2: [0, Infinity],
  ip: [-Infinity, Infinity],
};

/**
 * A distance held within the bounds it has in exact arithmetic: hnswlib computes in 32-bit floats, so a
 * vector searched with itself comes back at −2.4e-7 (a similarity of 1.0000002, above a threshold of 1
 * that nothing should pass), and an opposite vector past 2.
 * @example
 * boundedDistance(-2.384185791015625e-7, 'cosine'); // 0
 */
export function boundedDistance(distance: number, metric: Metric): number {
  const [least, greatest] = DISTANCE_BOUNDS[metric];
  return Math.min(Math.max(distance, least), greatest);
}

/**
 * Similarity from distance, the same for every metric: 1 − distance. For `cosine` this is the cosine
 * similarity, for `ip` the dot product, for `l2` one minus the squared Euclidean distance. Stores report
 * hits with distances already bounded ({@link boundedDistance}), so it stays within [−1, 1] for `cosine`.
 * @example
 * similarityOf(0.25); // 0.75
 */
export function similarityOf(distance: number): number {
  return 1 - distance;
}

/**
 * An equality filter on payload fields: every field must equal its value. Backends push it down.
 * @example
 * const match: PayloadMatch = { tenant: 'acme', model: 'gpt-4o-mini' };
 */
export type PayloadMatch = Readonly<Record<string, string | number | boolean>>;

/**
 * Bounds on numeric payload fields (e.g. `{ expires_at: { gt: now } }`); a missing field fails them.
 * @example
 * const range: PayloadRange = { expires_at: { gt: Date.now() } };
 */
export type PayloadRange = Readonly<
  Record<string, { readonly gt?: number; readonly gte?: number; readonly lt?: number; readonly lte?: number }>
>;

/**
 * Which records a search or a bulk delete considers: all conditions must hold.
 * @example
 * const hits = await store.search(query, { k: 1, filter: { match: { tenant: 'acme' }, range: { expires_at: { gt: now } } } });
 * const expired = await store.deleteWhere({ range: { expires_at: { lte: now } } });
 */
export interface PayloadFilter {
  readonly match?: PayloadMatch;
  readonly range?: PayloadRange;
}

/**
 * One vector with its id and payload, as stored and as read back.
 * @example
 * const record: VectorRecord<{ answer: string }> = { id: 7, vector: [0.6, 0.8], payload: { answer: 'Paris' } };
 * await store.upsert(record);
 */
export interface VectorRecord<P> {
  /** An integer 0..2^53−1. */
  readonly id: number;
  readonly vector: readonly number[];
  readonly payload: P;
}

/**
 * One result of a search: the record's id, payload and how near it is.
 * @example
 * const [best] = await store.search(query, { k: 1 });
 * if (best !== undefined && best.similarity >= 0.92) return best.payload.answer;
 */
export interface VectorHit<P> {
  readonly id: number;
  readonly distance: number;
  /** `similarityOf(distance)`. */
  readonly similarity: number;
  readonly payload: P;
}

/**
 * How a search looks: how many neighbours, how wide, and among which records.
 * @example
 * const options: SearchOptions = { k: 3, ef: 64, filter: { match: { tenant: 'acme' } } };
 */
export interface SearchOptions {
  /** How many neighbours, nearest first. */
  readonly k: number;
  /** Search breadth (HNSW `ef`); a backend default when absent. Raised to `k` when smaller. */
  readonly ef?: number;
  readonly filter?: PayloadFilter;
}

/**
 * What an upsert did: a new id, a replaced active id, or a deleted (tombstoned) id brought back.
 * @example
 * const outcome: UpsertOutcome = await store.upsert(record);
 * if (outcome === 'inserted') entries.inc();
 */
export type UpsertOutcome = 'inserted' | 'replaced' | 'revived';

/**
 * A store of vectors with payloads. Writes resolve once they are as durable as the backend's
 * configuration promises (e.g. after the write-ahead log's fsync); reads never wait for saves.
 * @example
 * const store: VectorStore<{ answer: string }> = await HnswVectorStore.open({ dims: 384 });
 * await store.upsert({ id: 1, vector, payload: { answer: 'Paris' } });
 * const [best] = await store.search(query, { k: 1 });
 */
export interface VectorStore<P> {
  /** `hnsw` or `qdrant`. */
  readonly backend: string;
  readonly dims: number;
  readonly metric: Metric;
  /** Adds a new id; an active id is refused with `VectorStoreError('already_exists')`; a deleted id is revived. */
  insert(record: VectorRecord<P>): Promise<UpsertOutcome>;
  /** Inserts or replaces the vector and payload of an id. */
  upsert(record: VectorRecord<P>): Promise<UpsertOutcome>;
  /** Tombstones an id; false when it was not active. */
  delete(id: number): Promise<boolean>;
  /** Deletes every active record the filter matches (e.g. expired entries); returns how many. */
  deleteWhere(filter: PayloadFilter): Promise<number>;
  /** Nearest active records first. */
  search(query: readonly number[], options: SearchOptions): Promise<VectorHit<P>[]>;
  get(id: number): Promise<VectorRecord<P> | undefined>;
  /** Number of active records. */
  count(): Promise<number>;
  /** Every active record, in no particular order; safe against writes made while iterating. */
  iterate(): AsyncIterable<VectorRecord<P>>;
  /** Releases resources (and, for persisted backends, writes what they promise to write on close). */
  close(): Promise<void>;
}
